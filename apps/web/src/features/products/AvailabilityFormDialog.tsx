import type { AvailabilityView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { CountField, DateField, MoneyField, twoColumns } from '../../shared/fields/InputFields';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import {
  availabilityFormFrom,
  availabilityRequestFrom,
  freePlacesPreview,
  OPTIONAL_VALUES,
  SUPPLIER_TEXTS,
  validateAvailabilityForm,
} from './availability-form';
import { useCreateAvailabilityMutation, useUpdateAvailabilityMutation } from './products.api';

interface AvailabilityFormDialogProps {
  tenantId: string;
  productId: string;
  period?: AvailabilityView;
  onClose: () => void;
}

/** Add or edit one period; each value field appears only while its checkbox is on. */
export function AvailabilityFormDialog({ tenantId, productId, period, onClose }: AvailabilityFormDialogProps) {
  const [createAvailability] = useCreateAvailabilityMutation();
  const [updateAvailability] = useUpdateAvailabilityMutation();
  const form = useEntityForm({
    initial: () => availabilityFormFrom(period),
    validate: validateAvailabilityForm,
    save: (values) => {
      const body = availabilityRequestFrom(values);
      const product = { tenantId, productId };
      return period ? updateAvailability({ ...product, availabilityId: period.id, body }) : createAvailability({ ...product, body });
    },
    ...outcomeTexts('availability period', period ? 'update' : 'create'),
    onSaved: onClose,
  });

  return (
    <FormDialog
      {...dialogTexts('availability period', Boolean(period))}
      submitLabel={period ? 'Save Changes' : 'Create Period'}
      busyLabel="Saving..."
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Box sx={twoColumns}>
        <DateField label="Start Date" required autoFocus {...form.text('startDate')} />
        <DateField label="End Date" required {...form.text('endDate')} />
      </Box>
      {OPTIONAL_VALUES.map(({ flag, field, checkboxLabel, fieldLabel }) => (
        <Box key={flag} sx={{ ...twoColumns, alignItems: 'center', minHeight: 64 }}>
          <CheckboxField label={checkboxLabel} {...form.checkbox(flag)} />
          {form.values[flag] && (
            <TextField
              label={fieldLabel}
              type="number"
              required
              {...form.text(field)}
              slotProps={{ htmlInput: field === 'minParticipants' ? { min: 1, step: 1 } : { min: 0, step: 0.01 } }}
            />
          )}
        </Box>
      ))}
      <CheckboxField label="Price includes VAT" {...form.checkbox('priceIncludesVat')} />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {SUPPLIER_TEXTS.section}
      </Typography>
      <Box sx={twoColumns}>
        <MoneyField label={SUPPLIER_TEXTS.costPerPerson} {...form.text('supplierCostPerPerson')} helperText={form.errors.supplierCostPerPerson ?? SUPPLIER_TEXTS.costHint} />
        <MoneyField label={SUPPLIER_TEXTS.costPerBooking} {...form.text('supplierCostPerBooking')} helperText={form.errors.supplierCostPerBooking ?? SUPPLIER_TEXTS.costHint} />
        <CountField label={SUPPLIER_TEXTS.freePlacesCount} min={1} {...form.text('freePlacesCount')} />
        <CountField label={SUPPLIER_TEXTS.freePlacesEvery} min={1} {...form.text('freePlacesEvery')} />
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {freePlacesPreview(form.values.freePlacesCount, form.values.freePlacesEvery)}
      </Typography>
    </FormDialog>
  );
}
