import type { AvailabilityView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import {
  availabilityFormFrom,
  availabilityRequestFrom,
  OPTIONAL_VALUES,
  validateAvailabilityForm,
  type AvailabilityFormErrors,
} from './availability-form';
import { useCreateAvailabilityMutation, useUpdateAvailabilityMutation } from './products.api';

interface AvailabilityFormDialogProps {
  tenantId: string;
  productId: string;
  period?: AvailabilityView;
  onClose: () => void;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

/** Add or edit one period; each value field appears only while its checkbox is on (spec §2). */
export function AvailabilityFormDialog({ tenantId, productId, period, onClose }: AvailabilityFormDialogProps) {
  const [values, setValues] = useState(() => availabilityFormFrom(period));
  const [errors, setErrors] = useState<AvailabilityFormErrors>({});
  const [createAvailability, { isLoading: creating }] = useCreateAvailabilityMutation();
  const [updateAvailability, { isLoading: updating }] = useUpdateAvailabilityMutation();
  const toast = useToast();
  const busy = creating || updating;

  const submit = async () => {
    const problems = validateAvailabilityForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = availabilityRequestFrom(values);
    try {
      if (period) {
        await updateAvailability({ tenantId, productId, availabilityId: period.id, body }).unwrap();
        toast(successToast('Availability period updated successfully'));
      } else {
        await createAvailability({ tenantId, productId, body }).unwrap();
        toast(successToast('Availability period created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, period ? 'Failed to update availability period' : 'Failed to create availability period'));
    }
  };

  return (
    <FormDialog
      title={period ? 'Edit Availability Period' : 'Add Availability Period'}
      submitLabel={period ? 'Save Changes' : 'Create Period'}
      busyLabel="Saving..."
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box sx={twoColumns}>
        <TextField
          label="Start Date"
          name="startDate"
          type="date"
          value={values.startDate}
          onChange={(event) => setValues({ ...values, startDate: event.target.value })}
          error={Boolean(errors.startDate)}
          helperText={errors.startDate}
          required
          disabled={busy}
          autoFocus
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="End Date"
          name="endDate"
          type="date"
          value={values.endDate}
          onChange={(event) => setValues({ ...values, endDate: event.target.value })}
          error={Boolean(errors.endDate)}
          helperText={errors.endDate}
          required
          disabled={busy}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {OPTIONAL_VALUES.map(({ flag, field, checkboxLabel, fieldLabel }) => (
        <Box key={flag} sx={{ ...twoColumns, alignItems: 'center', minHeight: 64 }}>
          <FormControlLabel
            label={checkboxLabel}
            control={
              <Checkbox
                name={flag}
                checked={values[flag]}
                onChange={(event) => setValues({ ...values, [flag]: event.target.checked })}
                disabled={busy}
              />
            }
          />
          {values[flag] && (
            <TextField
              label={fieldLabel}
              name={field}
              type="number"
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              error={Boolean(errors[field])}
              helperText={errors[field]}
              required
              disabled={busy}
              slotProps={{ htmlInput: field === 'minParticipants' ? { min: 1, step: 1 } : { min: 0, step: 0.01 } }}
            />
          )}
        </Box>
      ))}
      <FormControlLabel
        label="Price includes VAT"
        control={
          <Checkbox
            name="priceIncludesVat"
            checked={values.priceIncludesVat}
            onChange={(event) => setValues({ ...values, priceIncludesVat: event.target.checked })}
            disabled={busy}
          />
        }
      />
    </FormDialog>
  );
}
