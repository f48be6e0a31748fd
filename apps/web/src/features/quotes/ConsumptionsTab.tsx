import type { ConsumptionView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatEuro } from '@quotebook/domain';
import { useState, type KeyboardEvent } from 'react';
import { CountField, MoneyField } from '../../shared/fields/InputFields';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { CONSUMPTION_TOASTS, consumptionRequest, NEW_CONSUMPTION, validateConsumption } from './consumption-form';
import { useAddConsumptionMutation, useDeleteConsumptionMutation } from './quotes.api';

/** Consumptions do not wait for Update Quote: the tab says so. */
export const CONSUMPTIONS_SAVED_AT_ONCE = 'I consumi vengono salvati subito: non aspettano Update Quote.';

interface ConsumptionsTabProps {
  tenantId: string;
  quoteId: string;
  consumptions: readonly ConsumptionView[];
  /** a consumption is being added or removed: the call, which the editor's save waits for */
  onSaving: (call: Promise<unknown>) => void;
}

/**
 * What was consumed during the service. Each addition and removal is saved at once (it does not wait
 * for Update Quote); the total of each is quantity × unit value, worked out by the server.
 */
export function ConsumptionsTab({ tenantId, quoteId, consumptions, onSaving }: ConsumptionsTabProps) {
  const [addConsumption] = useAddConsumptionMutation();
  const [deleteConsumption] = useDeleteConsumptionMutation();
  const [removing, setRemoving] = useState<string | null>(null);
  const toast = useToast();
  const form = useEntityForm({
    initial: NEW_CONSUMPTION,
    validate: validateConsumption,
    save: (values) => {
      const call = addConsumption({ tenantId, quoteId, body: consumptionRequest(values) }).unwrap();
      onSaving(call);
      return call;
    },
    success: CONSUMPTION_TOASTS.added,
    failure: CONSUMPTION_TOASTS.addFailed,
    onSaved: () => form.reset(NEW_CONSUMPTION),
  });
  // the row sits inside the editor's form: Enter adds the consumption instead of saving the quote
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void form.submit();
  };

  const remove = async (consumption: ConsumptionView) => {
    setRemoving(consumption.id);
    try {
      const call = deleteConsumption({ tenantId, quoteId, consumptionId: consumption.id }).unwrap();
      onSaving(call);
      await call;
      toast(successToast(CONSUMPTION_TOASTS.removed));
    } catch (error) {
      toast(failureToast(error, CONSUMPTION_TOASTS.removeFailed));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {CONSUMPTIONS_SAVED_AT_ONCE}
      </Alert>
      <Box
        role="group"
        aria-label="Add a consumption"
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'start' }}
        onKeyDown={addOnEnter}
      >
        <TextField label="Description" {...form.text('description')} />
        <CountField label="Quantity" min={1} {...form.text('quantity')} />
        <MoneyField label="Unit Value (€)" {...form.text('unitValue')} />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void form.submit()} disabled={form.busy} sx={{ mt: 1, height: 56 }}>
          Add
        </Button>
      </Box>
      {consumptions.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
          No service consumptions recorded yet
        </Typography>
      ) : (
        <Box component="ul" aria-label="Service consumptions" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {consumptions.map((consumption) => (
            <Box
              component="li"
              key={consumption.id}
              aria-label={consumption.description}
              sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {consumption.description}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {`${consumption.quantity} × ${formatEuro(consumption.unitValue)} = ${formatEuro(consumption.totalValue)}`}
                </Typography>
              </Box>
              <Tooltip title="Remove consumption">
                <span>
                  <IconButton
                    aria-label="Remove consumption"
                    color="error"
                    disabled={removing === consumption.id}
                    onClick={() => void remove(consumption)}
                  >
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
