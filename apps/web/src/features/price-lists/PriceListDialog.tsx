import type { PriceListView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { DateField, MoneyField, PercentField, twoColumns } from '../../shared/fields/InputFields';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { priceListFormFrom, priceListRequestFrom, validatePriceListForm } from './price-list-form';
import { useCreatePriceListMutation, useUpdatePriceListMutation } from './price-lists.api';

interface PriceListDialogProps {
  tenantId: string;
  priceList?: PriceListView;
  onClose: () => void;
}

export function PriceListDialog({ tenantId, priceList, onClose }: PriceListDialogProps) {
  const [createPriceList] = useCreatePriceListMutation();
  const [updatePriceList] = useUpdatePriceListMutation();
  const form = useEntityForm({
    initial: () => priceListFormFrom(priceList),
    validate: validatePriceListForm,
    save: (values) => {
      const body = priceListRequestFrom(values);
      return priceList ? updatePriceList({ tenantId, id: priceList.id, body }) : createPriceList({ tenantId, body });
    },
    ...outcomeTexts('price list', priceList ? 'update' : 'create'),
    onSaved: onClose,
  });
  const { errors } = form;

  return (
    <FormDialog
      {...dialogTexts('price list', Boolean(priceList))}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <TextField label="Name" required autoFocus {...form.text('name')} />
      <Box sx={twoColumns}>
        <DateField label="Start Date" required {...form.text('startDate')} />
        <DateField label="End Date" required {...form.text('endDate')} />
        <MoneyField
          label="Reduction Amount (€)"
          {...form.text('reductionAmount')}
          helperText={errors.reductionAmount ?? 'Optional'}
        />
        <PercentField
          label="Reduction Percentage (%)"
          {...form.text('reductionPercentage')}
          helperText={errors.reductionPercentage ?? 'Optional, at most 100'}
        />
      </Box>
      <Box sx={{ mt: 1 }}>
        <CheckboxField label="Active" {...form.checkbox('isActive')} />
      </Box>
    </FormDialog>
  );
}
