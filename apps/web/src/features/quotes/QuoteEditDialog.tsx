import type { QuoteView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DateField, MoneyField, TimeField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { useListCustomersQuery } from '../customers/customers.api';
import { useQuoteConflict } from './use-quote-conflict';
import { quoteEditForm, simpleStatusOptions, updateQuoteRequest, validateQuoteEdit } from './quote-edit-form';
import { customerOptions, NO_CUSTOMER } from './quote-list';
import { useLazyGetQuoteQuery, useUpdateQuoteMutation } from './quotes.api';

interface QuoteEditDialogProps {
  tenantId: string;
  quote: QuoteView;
  onClose: () => void;
}

/**
 * The simple editor: customer, subject, service date and times, status and total. It saves with the
 * version the quote was read at; when someone else changed the quote meanwhile it says so and offers
 * to reload it.
 */
export function QuoteEditDialog({ tenantId, quote, onClose }: QuoteEditDialogProps) {
  const { data: customers = [] } = useListCustomersQuery(tenantId);
  const [base, setBase] = useState(quote);
  const [updateQuote] = useUpdateQuoteMutation();
  const [loadQuote, { isFetching: reloading }] = useLazyGetQuoteQuery();
  const conflict = useQuoteConflict();
  const form = useEntityForm({
    initial: () => quoteEditForm(quote),
    validate: validateQuoteEdit,
    save: (values) => updateQuote({ tenantId, quoteId: base.id, body: updateQuoteRequest(values, base) }),
    ...outcomeTexts('quote', 'update'),
    onSaved: onClose,
    onFailed: conflict.failed,
  });
  const reload = async () => {
    const fresh = await loadQuote({ tenantId, quoteId: quote.id }).unwrap();
    setBase(fresh);
    form.reset(quoteEditForm(fresh));
  };

  return (
    <FormDialog
      {...dialogTexts('quote', true)}
      title={`Edit Quote #${quote.shortId}`}
      busy={form.busy || reloading}
      onSubmit={form.submit}
      onClose={onClose}
    >
      {conflict.alert(reload, reloading)}
      <SelectField label="Customer" required {...form.select('customerId')} options={customerOptions(customers, NO_CUSTOMER)} />
      <TextField label="Subject" {...form.text('subject')} />
      <DateField label="Service Date" required {...form.text('serviceDate')} />
      <Box sx={twoColumns}>
        <TimeField label="Start Time" {...form.text('startTime')} />
        <TimeField label="End Time" {...form.text('endTime')} />
        <SelectField label="Status" {...form.select('status')} options={simpleStatusOptions(base.status)} />
        <MoneyField label="Total (€)" required {...form.text('totalAmount')} />
      </Box>
    </FormDialog>
  );
}
