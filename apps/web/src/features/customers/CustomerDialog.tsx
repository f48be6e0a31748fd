import type { CustomerView, PriceListView, TagView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { sameTagIds } from '../tags/tag-form';
import { TagPicker } from '../tags/TagPicker';
import {
  CUSTOMER_TITLES,
  customerFormFrom,
  customerRequestFrom,
  priceListOptions,
  validateCustomerForm,
  type CustomerFormErrors,
  type CustomerFormValues,
} from './customer-form';
import { useCreateCustomerMutation, useSetCustomerTagsMutation, useUpdateCustomerMutation } from './customers.api';

const TITLE_OPTIONS = CUSTOMER_TITLES.map((title) => ({ value: title, label: title }));

type TextFieldName = Exclude<keyof CustomerFormValues, 'title' | 'priceListId' | 'tagIds'>;

const TEXT_FIELDS: ReadonlyArray<{ name: TextFieldName; label: string; type?: string; required?: boolean; autoComplete?: string }> = [
  { name: 'name', label: 'Ragione sociale', required: true, autoComplete: 'organization' },
  { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'contact', label: 'Contact', autoComplete: 'name' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'vatNumber', label: 'VAT Number' },
  { name: 'sdi', label: 'SDI' },
  { name: 'pec', label: 'PEC', type: 'email' },
];

interface CustomerDialogProps {
  tenantId: string;
  customer?: CustomerView;
  priceLists: readonly PriceListView[];
  customerTags: readonly TagView[];
  onClose: () => void;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export function CustomerDialog({ tenantId, customer, priceLists, customerTags, onClose }: CustomerDialogProps) {
  const [values, setValues] = useState(() => customerFormFrom(customer));
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [createCustomer, { isLoading: creating }] = useCreateCustomerMutation();
  const [updateCustomer, { isLoading: updating }] = useUpdateCustomerMutation();
  const [setCustomerTags, { isLoading: tagging }] = useSetCustomerTagsMutation();
  const toast = useToast();
  const busy = creating || updating || tagging;

  const text = (field: TextFieldName) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  /** Spec §8: a failed tag assignment is logged and does not undo the saved customer. */
  const saveTags = async (id: string) => {
    if (sameTagIds(values.tagIds, customer?.tagIds ?? [])) return;
    try {
      await setCustomerTags({ tenantId, id, tagIds: values.tagIds }).unwrap();
    } catch (error) {
      console.warn('Could not save the customer tags', error);
    }
  };

  const submit = async () => {
    const problems = validateCustomerForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = customerRequestFrom(values);
    try {
      if (customer) {
        await updateCustomer({ tenantId, id: customer.id, body }).unwrap();
        await saveTags(customer.id);
        toast(successToast('Customer updated successfully'));
      } else {
        const created = await createCustomer({ tenantId, body }).unwrap();
        await saveTags(created.id);
        toast(successToast('Customer created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, customer ? 'Failed to update customer' : 'Failed to create customer'));
    }
  };

  return (
    <FormDialog
      title={customer ? 'Edit Customer' : 'Add Customer'}
      submitLabel={customer ? 'Save Changes' : 'Create Customer'}
      busyLabel={customer ? 'Saving...' : 'Creating...'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <Box sx={twoColumns}>
        <SelectField
          label="Title"
          name="title"
          value={values.title}
          options={TITLE_OPTIONS}
          onChange={(title) => setValues({ ...values, title })}
          error={errors.title}
          required
          disabled={busy}
          margin="dense"
        />
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete ?? 'off'}
            value={values[field.name]}
            onChange={text(field.name)}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name]}
            required={field.required}
            disabled={busy}
            autoFocus={field.name === 'name'}
          />
        ))}
        <SelectField
          label="Price List"
          name="priceListId"
          value={values.priceListId}
          options={priceListOptions(priceLists, customer?.priceListId ?? null)}
          onChange={(priceListId) => setValues({ ...values, priceListId })}
          disabled={busy}
          margin="dense"
        />
      </Box>
      <TagPicker
        tags={customerTags}
        value={values.tagIds}
        onChange={(tagIds) => setValues({ ...values, tagIds })}
        disabled={busy}
        emptyHint="No customer tags yet: create them on the Tags page."
      />
    </FormDialog>
  );
}
