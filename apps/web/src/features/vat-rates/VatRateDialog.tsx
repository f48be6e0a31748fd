import type { VatRateView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import {
  COMMON_VAT_RATES,
  validateVatRateForm,
  vatRateFormFrom,
  vatRateRequestFrom,
  type VatRateFormErrors,
} from './vat-rate-form';
import { useCreateVatRateMutation, useUpdateVatRateMutation } from './vat-rates.api';

interface VatRateDialogProps {
  tenantId: string;
  /** the rate to edit; absent for a new one */
  vatRate?: VatRateView;
  onClose: () => void;
}

export function VatRateDialog({ tenantId, vatRate, onClose }: VatRateDialogProps) {
  const [values, setValues] = useState(() => vatRateFormFrom(vatRate));
  const [errors, setErrors] = useState<VatRateFormErrors>({});
  const [createVatRate, { isLoading: creating }] = useCreateVatRateMutation();
  const [updateVatRate, { isLoading: updating }] = useUpdateVatRateMutation();
  const toast = useToast();
  const busy = creating || updating;

  const submit = async () => {
    const problems = validateVatRateForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = vatRateRequestFrom(values);
    try {
      if (vatRate) {
        await updateVatRate({ tenantId, id: vatRate.id, body }).unwrap();
        toast(successToast('VAT rate updated successfully'));
      } else {
        await createVatRate({ tenantId, body }).unwrap();
        toast(successToast('VAT rate created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, vatRate ? 'Failed to update VAT rate' : 'Failed to create VAT rate'));
    }
  };

  return (
    <FormDialog
      title={vatRate ? 'Edit VAT Rate' : 'Add VAT Rate'}
      submitLabel={vatRate ? 'Save Changes' : 'Create VAT Rate'}
      busyLabel={vatRate ? 'Saving...' : 'Creating...'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField
        label="Description"
        name="description"
        placeholder="e.g. Aliquota ordinaria"
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description}
        required
        disabled={busy}
        autoFocus
      />
      <TextField
        label="Rate (%)"
        name="rate"
        type="number"
        value={values.rate}
        onChange={(event) => setValues({ ...values, rate: event.target.value })}
        error={Boolean(errors.rate)}
        helperText={errors.rate}
        required
        disabled={busy}
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
              onClick={() => setValues({ ...values, rate })}
            />
          ))}
        </Box>
      </Box>
    </FormDialog>
  );
}
