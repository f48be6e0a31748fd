import type { VatRateView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { COMMON_VAT_RATES, validateVatRateForm, vatRateFormFrom, vatRateRequestFrom } from './vat-rate-form';
import { useCreateVatRateMutation, useUpdateVatRateMutation } from './vat-rates.api';

interface VatRateDialogProps {
  tenantId: string;
  /** the rate to edit; absent for a new one */
  vatRate?: VatRateView;
  onClose: () => void;
}

export function VatRateDialog({ tenantId, vatRate, onClose }: VatRateDialogProps) {
  const [createVatRate] = useCreateVatRateMutation();
  const [updateVatRate] = useUpdateVatRateMutation();
  const form = useEntityForm({
    initial: () => vatRateFormFrom(vatRate),
    validate: validateVatRateForm,
    save: (values) => {
      const body = vatRateRequestFrom(values);
      return vatRate ? updateVatRate({ tenantId, id: vatRate.id, body }) : createVatRate({ tenantId, body });
    },
    ...outcomeTexts('VAT rate', vatRate ? 'update' : 'create'),
    reasons: { VAT_RATE_DESCRIPTION_TAKEN: 'description' },
    onSaved: onClose,
  });
  const { values, busy } = form;

  return (
    <FormDialog
      {...dialogTexts('VAT rate', Boolean(vatRate))}
      busy={busy}
      onSubmit={form.submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField label="Description" placeholder="e.g. Aliquota ordinaria" required autoFocus {...form.text('description')} />
      <TextField
        label="Rate (%)"
        type="number"
        required
        {...form.text('rate')}
        slotProps={{
          htmlInput: { min: 0, max: 100, step: 0.01 },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Common Italian rates
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {COMMON_VAT_RATES.map((rate) => (
            <Chip
              key={rate}
              label={`${rate}%`}
              clickable
              disabled={busy}
              color={values.rate.trim() !== '' && Number(values.rate) === Number(rate) ? 'primary' : 'default'}
              onClick={() => form.set('rate', rate)}
            />
          ))}
        </Box>
      </Box>
    </FormDialog>
  );
}
