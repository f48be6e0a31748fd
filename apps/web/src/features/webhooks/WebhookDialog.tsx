import type { WebhookEvent, WebhookView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import {
  randomSecret,
  validateWebhookForm,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookFormFrom,
  webhookRequestFrom,
  webhookUpdateFrom,
} from './webhook-form';
import { useCreateWebhookMutation, useUpdateWebhookMutation } from './webhooks.api';

interface WebhookDialogProps {
  tenantId: string;
  /** the endpoint to edit; absent for a new one */
  webhook?: WebhookView;
  onClose: () => void;
}

export function WebhookDialog({ tenantId, webhook, onClose }: WebhookDialogProps) {
  const [createWebhook] = useCreateWebhookMutation();
  const [updateWebhook] = useUpdateWebhookMutation();
  const editing = Boolean(webhook);
  const form = useEntityForm({
    initial: () => webhookFormFrom(webhook),
    validate: (values) => validateWebhookForm(values, editing),
    save: (values) =>
      webhook
        ? updateWebhook({ tenantId, id: webhook.id, body: webhookUpdateFrom(values) })
        : createWebhook({ tenantId, body: webhookRequestFrom(values) }),
    ...outcomeTexts('webhook', webhook ? 'update' : 'create'),
    // what the server refuses beyond the form's own rules is the URL (a private or loopback address)
    reasons: { VALIDATION_FAILED: 'url' },
    onSaved: onClose,
  });
  const { values, errors, busy } = form;
  const toggle = (event: WebhookEvent, on: boolean) =>
    form.update((current) => ({ events: on ? [...current.events, event] : current.events.filter((chosen) => chosen !== event) }));

  return (
    <FormDialog {...dialogTexts('webhook', editing)} busy={busy} onSubmit={form.submit} onClose={onClose}>
      <TextField
        label="URL"
        placeholder="https://example.com/hooks/quotebook"
        required
        autoFocus
        fullWidth
        margin="dense"
        {...form.text('url')}
      />
      <FormControl component="fieldset" error={Boolean(errors.events)} margin="normal" disabled={busy}>
        <FormLabel component="legend">Events</FormLabel>
        <FormGroup>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              label={`${event} · ${WEBHOOK_EVENT_LABELS[event]}`}
              control={<Checkbox name={event} checked={values.events.includes(event)} onChange={(change) => toggle(event, change.target.checked)} />}
            />
          ))}
        </FormGroup>
        {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
      </FormControl>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Secret"
          required={!editing}
          fullWidth
          margin="dense"
          autoComplete="off"
          {...form.text('secret')}
          helperText={
            errors.secret ??
            (webhook
              ? `Leave empty to keep the current secret (…${webhook.secretHint})`
              : 'Each delivery carries X-Quotebook-Signature: sha256=HMAC of the body with this secret')
          }
        />
        <Button onClick={() => form.set('secret', randomSecret())} disabled={busy} sx={{ mt: 2, flexShrink: 0 }}>
          Generate
        </Button>
      </Box>
    </FormDialog>
  );
}
