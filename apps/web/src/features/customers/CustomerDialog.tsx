import type { CustomerView, PriceListView, TagView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import TextField from '@mui/material/TextField';
import { twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { sameTagIds } from '../tags/tag-form';
import { TagPicker } from '../tags/TagPicker';
import {
  CUSTOMER_TITLES,
  customerFormFrom,
  customerLanguageOptions,
  customerRequestFrom,
  DUPLICATE_CUSTOMER_TITLE,
  duplicateCustomerMessage,
  duplicateQueryFor,
  priceListOptions,
  validateCustomerForm,
  type CustomerFormValues,
} from './customer-form';
import type { CustomerDuplicateView } from '@quotebook/contracts';
import { useCreateCustomerMutation, useLazyCustomerDuplicatesQuery, useSetCustomerTagsMutation, useUpdateCustomerMutation } from './customers.api';

const TITLE_OPTIONS = CUSTOMER_TITLES.map((title) => ({ value: title, label: title }));

type TextFieldName = Exclude<keyof CustomerFormValues, 'title' | 'priceListId' | 'language' | 'tagIds'>;

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
  { name: 'fiscalCode', label: 'Codice fiscale' },
];

interface CustomerDialogProps {
  tenantId: string;
  customer?: CustomerView;
  priceLists: readonly PriceListView[];
  customerTags: readonly TagView[];
  /** the agency's languages: the customer's documents and quote page speak one of them */
  languages: readonly string[];
  onClose: () => void;
}

export function CustomerDialog({ tenantId, customer, priceLists, customerTags, languages, onClose }: CustomerDialogProps) {
  const [createCustomer] = useCreateCustomerMutation();
  const [updateCustomer] = useUpdateCustomerMutation();
  const [setCustomerTags] = useSetCustomerTagsMutation();

  /** A failed tag assignment is logged and does not undo the saved customer. */
  const saveTags = async (id: string, tagIds: string[]) => {
    if (sameTagIds(tagIds, customer?.tagIds ?? [])) return;
    try {
      await setCustomerTags({ tenantId, id, tagIds }).unwrap();
    } catch (error) {
      console.warn('Could not save the customer tags', error);
    }
  };

  const form = useEntityForm({
    initial: () => customerFormFrom(customer),
    validate: validateCustomerForm,
    save: async (values) => {
      const body = customerRequestFrom(values);
      const saved = customer
        ? await updateCustomer({ tenantId, id: customer.id, body }).unwrap()
        : await createCustomer({ tenantId, body }).unwrap();
      await saveTags(saved.id, values.tagIds);
    },
    ...outcomeTexts('customer', customer ? 'update' : 'create'),
    onSaved: onClose,
  });

  const [findDuplicates, duplicatesCheck] = useLazyCustomerDuplicatesQuery();
  const [duplicates, setDuplicates] = useState<CustomerDuplicateView[]>([]);

  /**
   * Valid values that repeat another customer's e-mail or VAT number are saved only once the user says
   * so; a check that fails does not stand in the way of saving.
   */
  const submit = async () => {
    const query = duplicateQueryFor(form.values, customer);
    if (query && !Object.values(validateCustomerForm(form.values)).some(Boolean)) {
      const matches = await findDuplicates({ tenantId, ...query }).unwrap().catch(() => []);
      if (matches.length > 0) {
        setDuplicates(matches);
        return;
      }
    }
    await form.submit();
  };

  return (
    <FormDialog
      {...dialogTexts('customer', Boolean(customer))}
      busy={form.busy || duplicatesCheck.isFetching}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <Box sx={twoColumns}>
        <SelectField label="Title" options={TITLE_OPTIONS} required margin="dense" {...form.select('title')} />
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete ?? 'off'}
            required={field.required}
            autoFocus={field.name === 'name'}
            {...form.text(field.name)}
          />
        ))}
        <SelectField
          label="Price List"
          options={priceListOptions(priceLists, customer?.priceListId ?? null)}
          margin="dense"
          {...form.select('priceListId')}
        />
        <SelectField
          label="Lingua"
          options={customerLanguageOptions(languages, customer?.language)}
          margin="dense"
          hint="La lingua dei preventivi, delle e-mail e della pagina del preventivo"
          {...form.select('language')}
        />
      </Box>
      <TagPicker
        tags={customerTags}
        value={form.values.tagIds}
        onChange={(tagIds) => form.set('tagIds', tagIds)}
        disabled={form.busy}
        emptyHint="No customer tags yet: create them on the Tags page."
      />
      <ConfirmDialog
        open={duplicates.length > 0}
        title={DUPLICATE_CUSTOMER_TITLE}
        message={duplicates.length > 0 ? duplicateCustomerMessage(duplicates) : ''}
        confirmLabel="Salva comunque"
        destructive={false}
        onCancel={() => setDuplicates([])}
        onConfirm={() => {
          setDuplicates([]);
          void form.submit();
        }}
      />
    </FormDialog>
  );
}
