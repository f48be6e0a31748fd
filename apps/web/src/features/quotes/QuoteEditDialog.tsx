import type { QuoteView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents, parseCents } from '@quotebook/domain';
import { useMemo, useState } from 'react';
import { TimeField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts } from '../../shared/form-dialog/FormDialog';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes';
import { useListCustomersQuery } from '../customers/customers.api';
import { useListProductsQuery } from '../products/products.api';
import { UnavailableAlert } from './ChosenLines';
import { hasProblems, serviceDateWarning } from './quote-create-form';
import { quoteEditForm, simpleStatusOptions, updateQuoteRequest, validateQuoteEdit } from './quote-edit-form';
import { customerHint, customerPickerOptions, NO_CUSTOMER, quoteOwnership } from './quote-list';
import { automaticTotalCents, unpricedTitles } from './quote-pricing';
import { QuoteDateField } from './QuoteDateField';
import { QuoteFormDialog } from './QuoteFormDialog';
import { useGetQuoteQuery, useLazyGetQuoteQuery, useUpdateQuoteMutation } from './quotes.api';
import { TotalAmountField } from './TotalAmountField';
import { useQuoteConflict } from './use-quote-conflict';
import { useQuoteForm } from './use-quote-form';
import { useUnavailableConfirmation } from './use-unavailable-confirmation';

interface QuoteEditDialogProps {
  tenantId: string;
  quote: QuoteView;
  onClose: () => void;
}

/**
 * The simple editor: customer, subject, service date and times, status and total (VAT included; one
 * set by hand is the document's total). It reads the quote's lines to show the automatic total and
 * to warn when a new service date leaves lines without a price. It saves with the version the quote
 * was read at; when someone else changed the quote meanwhile it says so and offers to reload it.
 */
export function QuoteEditDialog({ tenantId, quote, onClose }: QuoteEditDialogProps) {
  const { data: customers = [] } = useListCustomersQuery(tenantId);
  const { data: products } = useListProductsQuery(tenantId);
  const { data: detail } = useGetQuoteQuery({ tenantId, quoteId: quote.id });
  const [base, setBase] = useState(quote);
  const [updateQuote] = useUpdateQuoteMutation();
  const [loadQuote, { isFetching: reloading }] = useLazyGetQuoteQuery();
  const conflict = useQuoteConflict();
  const unavailable = useUnavailableConfirmation();
  const form = useQuoteForm({
    initial: () => quoteEditForm(quote),
    validate: validateQuoteEdit,
    save: (values) => updateQuote({ tenantId, quoteId: base.id, body: updateQuoteRequest(values, base) }),
    ...outcomeTexts('quote', 'update'),
    onSaved: onClose,
    onFailed: conflict.failed,
  });
  const guard = useUnsavedChanges(form.dirty, onClose);
  const { values } = form;
  const reload = async () => {
    const fresh = await loadQuote({ tenantId, quoteId: quote.id }).unwrap();
    setBase(fresh);
    form.reset(quoteEditForm(fresh));
  };

  const productsById = useMemo(() => new Map((products ?? []).map((product) => [product.id, product] as const)), [products]);
  const items = detail?.items ?? [];
  const unpriced = unpricedTitles(
    items.map((item) => ({ productId: item.productId, title: item.description, manual: item.priceSource === 'manual' })),
    productsById,
    values.serviceDate || null,
  );
  const automatic = detail
    ? automaticTotalCents(
        items.map((item) => ({ totalCents: parseCents(item.totalPrice) ?? 0, priceIncludesVat: item.priceIncludesVat, vatRate: item.vatRate, orderConfirmed: item.orderConfirmed, optional: item.optional })),
        values.status,
        detail.consumptions,
      )
    : null;
  const dateMoved = values.serviceDate !== base.serviceDate;
  const submit = () => unavailable.confirmThen(unpriced, !hasProblems(validateQuoteEdit(values)), form.submit);

  return (
    <QuoteFormDialog
      {...dialogTexts('quote', true)}
      title={`Edit Quote #${quote.shortId}`}
      busy={form.busy || reloading}
      onSubmit={submit}
      guard={guard}
    >
      {conflict.alert(reload, reloading)}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {quoteOwnership(base)}
      </Typography>
      <SelectField label="Customer" required {...form.select('customerId')} options={customerPickerOptions(customers, NO_CUSTOMER)} hint={customerHint(customers, form.values.customerId)} />
      <TextField label="Subject" {...form.text('subject')} />
      <QuoteDateField label="Service Date" required {...form.text('serviceDate')} warning={dateMoved ? serviceDateWarning(values.serviceDate) : null} />
      {dateMoved && <UnavailableAlert titles={unpriced} />}
      <Box sx={twoColumns}>
        <TimeField label="Start Time" {...form.text('startTime')} />
        <TimeField label="End Time" {...form.text('endTime')} />
        <SelectField label="Status" {...form.select('status')} options={simpleStatusOptions(base.status)} />
        <TotalAmountField
          required
          {...form.text('totalAmount')}
          automaticCents={automatic}
          onAutomatic={() => automatic !== null && form.set('totalAmount', formatCents(automatic))}
        />
      </Box>
      {unavailable.dialog}
    </QuoteFormDialog>
  );
}
