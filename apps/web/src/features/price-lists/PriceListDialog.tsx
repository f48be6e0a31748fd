import type { PriceListView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import {
  priceListFormFrom,
  priceListRequestFrom,
  validatePriceListForm,
  type PriceListFormErrors,
  type PriceListFormValues,
} from './price-list-form';
import { useCreatePriceListMutation, useUpdatePriceListMutation } from './price-lists.api';

interface PriceListDialogProps {
  tenantId: string;
  priceList?: PriceListView;
  onClose: () => void;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export function PriceListDialog({ tenantId, priceList, onClose }: PriceListDialogProps) {
  const [values, setValues] = useState(() => priceListFormFrom(priceList));
  const [errors, setErrors] = useState<PriceListFormErrors>({});
  const [createPriceList, { isLoading: creating }] = useCreatePriceListMutation();
  const [updatePriceList, { isLoading: updating }] = useUpdatePriceListMutation();
  const toast = useToast();
  const busy = creating || updating;

  const text = (field: Exclude<keyof PriceListFormValues, 'isActive'>) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = async () => {
    const problems = validatePriceListForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = priceListRequestFrom(values);
    try {
      if (priceList) {
        await updatePriceList({ tenantId, id: priceList.id, body }).unwrap();
        toast(successToast('Price list updated successfully'));
      } else {
        await createPriceList({ tenantId, body }).unwrap();
        toast(successToast('Price list created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, priceList ? 'Failed to update price list' : 'Failed to create price list'));
    }
  };

  return (
    <FormDialog
      title={priceList ? 'Edit Price List' : 'Add Price List'}
      submitLabel={priceList ? 'Save Changes' : 'Create Price List'}
      busyLabel={priceList ? 'Saving...' : 'Creating...'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        name="name"
        value={values.name}
        onChange={text('name')}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required
        disabled={busy}
        autoFocus
      />
      <Box sx={twoColumns}>
        <TextField
          label="Start Date"
          name="startDate"
          type="date"
          value={values.startDate}
          onChange={text('startDate')}
          error={Boolean(errors.startDate)}
          helperText={errors.startDate}
          required
          disabled={busy}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="End Date"
          name="endDate"
          type="date"
          value={values.endDate}
          onChange={text('endDate')}
          error={Boolean(errors.endDate)}
          helperText={errors.endDate}
          required
          disabled={busy}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Reduction Amount (€)"
          name="reductionAmount"
          type="number"
          value={values.reductionAmount}
          onChange={text('reductionAmount')}
          error={Boolean(errors.reductionAmount)}
          helperText={errors.reductionAmount ?? 'Optional'}
          disabled={busy}
          slotProps={{
            htmlInput: { min: 0, step: 0.01 },
            input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
          }}
        />
        <TextField
          label="Reduction Percentage (%)"
          name="reductionPercentage"
          type="number"
          value={values.reductionPercentage}
          onChange={text('reductionPercentage')}
          error={Boolean(errors.reductionPercentage)}
          helperText={errors.reductionPercentage ?? 'Optional, at most 100'}
          disabled={busy}
          slotProps={{
            htmlInput: { min: 0, max: 100, step: 0.01 },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        label="Active"
        control={
          <Checkbox
            name="isActive"
            checked={values.isActive}
            onChange={(event) => setValues({ ...values, isActive: event.target.checked })}
            disabled={busy}
          />
        }
      />
    </FormDialog>
  );
}
