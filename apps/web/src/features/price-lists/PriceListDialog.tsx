import type { PriceListView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { DateField, MoneyField, PercentField, twoColumns } from '../../shared/fields/InputFields';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { PRICE_LIST_TEXTS, priceListFormFrom, priceListRequestFrom, validatePriceListForm, type PriceListAdjustment } from './price-list-form';
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
      </Box>
      <FormControl sx={{ mt: 1 }}>
        <FormLabel id="price-list-adjustment">{PRICE_LIST_TEXTS.adjustment}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="price-list-adjustment"
          name="adjustment"
          value={form.values.adjustment}
          onChange={(event) => form.set('adjustment', event.target.value as PriceListAdjustment)}
        >
          <FormControlLabel value="reduction" control={<Radio />} label={PRICE_LIST_TEXTS.reduction} disabled={form.busy} />
          <FormControlLabel value="markup" control={<Radio />} label={PRICE_LIST_TEXTS.markup} disabled={form.busy} />
        </RadioGroup>
      </FormControl>
      {form.values.adjustment === 'reduction' ? (
        <Box sx={twoColumns}>
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
      ) : (
        <TextField
          label={`${PRICE_LIST_TEXTS.markup} (%)`}
          type="number"
          required
          {...form.text('markupPercentage')}
          helperText={errors.markupPercentage ?? PRICE_LIST_TEXTS.markupHint}
          slotProps={{ htmlInput: { min: 0, step: 0.01 }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
      )}
      <Box sx={{ mt: 1 }}>
        <CheckboxField label="Active" {...form.checkbox('isActive')} />
      </Box>
    </FormDialog>
  );
}
