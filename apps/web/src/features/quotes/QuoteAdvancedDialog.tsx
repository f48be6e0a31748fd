import type { ProductView, QuoteDetailView, QuoteItemView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents, QUOTE_STATUSES, timeOf, type QuoteStatus } from '@quotebook/domain';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CountField, DateTimeField, TimeField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { DialogForm } from '../../shared/form-dialog/FormDialog';
import { LoadError } from '../../shared/page/LoadError';
import { isApiError } from '../../shared/http-errors';
import { usePhone } from '../../shared/use-phone';
import { outcomeTexts, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes';
import { productDisplayTitle } from '../products/product-form';
import { InvoicePanel } from '../invoices/InvoicePanel';
import { QuoteSendingPanel, SendQuoteButton } from '../quote-sending/QuoteSendingPanel';
import { AdvancedProductsTab } from './AdvancedProductsTab';
import { UnavailableAlert } from './ChosenLines';
import { ConsumptionsTab } from './ConsumptionsTab';
import { DepositFields, PAYMENTS_TAB_LABEL, PaymentsTab } from './PaymentsTab';
import { useQuoteConflict } from './use-quote-conflict';
import {
  advancedForm,
  advancedQuoteRequest,
  atTime,
  bookedWhenConfirmed,
  draftOf,
  itemFailureText,
  itemsChanged,
  itemsRequest,
  ITEM_TOASTS,
  liveTotalCents,
  movedToDate,
  newDraft,
  quantityChange,
  QUANTITY_SAVE_DELAY_MS,
  savedDrafts,
  shownPrice,
  TAB_OF_FIELD,
  totalToSend,
  validateAdvanced,
  withConfirmedParticipants,
  withItems,
  type AdvancedValues,
  type ItemDraft,
} from './quote-advanced-form';
import { hasProblems, serviceDateWarning } from './quote-create-form';
import { customerHint, customerPickerOptions, NO_CUSTOMER, quoteOwnership, statusOptions } from './quote-list';
import { appliedPriceList, unpricedTitles } from './quote-pricing';
import { QuoteDateField } from './QuoteDateField';
import { STICKY_ACTIONS } from './QuoteFormDialog';
import {
  useAddQuoteItemMutation,
  useDeleteQuoteItemMutation,
  useGetQuoteQuery,
  useReplaceQuoteItemsMutation,
  useUpdateQuoteItemMutation,
  useUpdateQuoteMutation,
} from './quotes.api';
import { TotalAmountField } from './TotalAmountField';
import { usePricingContext, useQuoteCatalogue } from './use-quote-catalogue';
import { useQuoteForm } from './use-quote-form';
import { useUnavailableConfirmation } from './use-unavailable-confirmation';

export const ADVANCED_EDITOR_TITLE = 'Edit Quote - Advanced Management';
const TABS = ['Basic Info', 'Products', 'Service Management', 'Consumptions', PAYMENTS_TAB_LABEL] as const;
/** What a change saved at once ends with when it saved nothing (the quote need not be read again). */
const UNCHANGED = Symbol('unchanged');

interface QuoteAdvancedDialogProps {
  tenantId: string;
  quoteId: string;
  onClose: () => void;
}

/**
 * The advanced editor. One window from the start: it says the quote is loading (one call for the
 * quote with its items and consumptions), then holds the editor. Closing it with unsaved changes
 * asks first.
 */
export function QuoteAdvancedDialog({ tenantId, quoteId, onClose }: QuoteAdvancedDialogProps) {
  const detail = useGetQuoteQuery({ tenantId, quoteId });
  const titleId = useId();
  const phone = usePhone();
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty, onClose);
  return (
    <Dialog open onClose={busy ? undefined : guard.requestClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone} sx={STICKY_ACTIONS}>
      {guard.dialog}
      {detail.data ? (
        <AdvancedEditor
          tenantId={tenantId}
          titleId={titleId}
          latest={detail.data}
          reload={() => detail.refetch().unwrap()}
          onBusy={setBusy}
          onDirty={setDirty}
          onClose={guard.requestClose}
          onSaved={onClose}
        />
      ) : (
        <>
          <DialogTitle id={titleId}>{ADVANCED_EDITOR_TITLE}</DialogTitle>
          <DialogContent dividers>
            {detail.isError ? (
              <LoadError message="Failed to load the quote" onRetry={() => void detail.refetch()} />
            ) : (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
                <CircularProgress aria-label="Loading quote" />
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface AdvancedEditorProps {
  tenantId: string;
  titleId: string;
  /** the quote as last read: its consumptions follow every change */
  latest: QuoteDetailView;
  reload: () => Promise<QuoteDetailView>;
  /** while saving or reloading the window cannot be closed */
  onBusy: (busy: boolean) => void;
  /** whether anything differs from the quote as read (closing then asks first) */
  onDirty: (dirty: boolean) => void;
  /** Cancel: asks first when there are changes */
  onClose: () => void;
  onSaved: () => void;
}

function AdvancedEditor({ tenantId, titleId, latest, reload, onBusy, onDirty, onClose, onSaved }: AdvancedEditorProps) {
  const catalogue = useQuoteCatalogue(tenantId);
  // the quote the form was filled from: what is compared, and the version saved against
  const [base, setBase] = useState(latest);
  const [tab, setTab] = useState(0);
  const [reloading, setReloading] = useState(false);
  // the version the next save is made against: the quote's as read, then as this editor's own changes left it
  const version = useRef(latest.version);
  // changes saved at once (consumptions, items, the automatic status): each until the quote has been read again after it
  const ownChanges = useRef(new Set<Promise<void>>());
  // the quote as the server last answered: which products it holds, under which item id, in which status
  const saved = useRef(latest);
  // item changes and the status they bring go one after another: an item's id is known once it was added
  const itemChanges = useRef<Promise<void>>(Promise.resolve());
  // quantities being stepped or typed, saved once they rest (QUANTITY_SAVE_DELAY_MS)
  const quantityTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [updateQuote] = useUpdateQuoteMutation();
  const [replaceItems] = useReplaceQuoteItemsMutation();
  const [addItem] = useAddQuoteItemMutation();
  const [updateItem] = useUpdateQuoteItemMutation();
  const [deleteItem] = useDeleteQuoteItemMutation();
  const toast = useToast();
  const conflict = useQuoteConflict();
  const unavailable = useUnavailableConfirmation();
  const quoteId = base.id;

  const rebase = (quote: QuoteDetailView) => {
    version.current = quote.version;
    saved.current = quote;
    setBase(quote);
  };
  /**
   * A change this editor saved at once may raise the quote's version (and changes its figures): the
   * quote is read again after it and its version, items and total adopted, never those of a read that
   * crossed it. Update Quote waits for all of them, so it never sends a version its own change made
   * stale. A call that ends in UNCHANGED saved nothing: no reading again.
   */
  const ownChange = (call: Promise<unknown>) => {
    const settled = call
      .then(async (result) => {
        if (result === UNCHANGED) return;
        const fresh = await reload();
        if (fresh.version < version.current) return;
        version.current = fresh.version;
        saved.current = fresh;
        setBase((current) => ({ ...current, version: fresh.version, items: fresh.items, totalAmount: fresh.totalAmount }));
        // what was saved at once is no longer a change to ask about on closing
        form.settle({ items: savedDrafts(editing.current.items, fresh), status: fresh.status });
      })
      .catch(() => undefined);
    ownChanges.current.add(settled);
    void settled.finally(() => ownChanges.current.delete(settled));
    return settled;
  };

  /** An item change (or the status it brings), after those before it; `work` says whether it saved anything. */
  const queueItemChange = (work: () => Promise<boolean>) => {
    const call = itemChanges.current.then(work).then((changed) => (changed ? undefined : UNCHANGED));
    itemChanges.current = ownChange(call);
  };
  /** One item call with its toasts: whether it was saved. */
  const attempt = async (call: () => Promise<unknown>, texts: { success: string; failure: string }) => {
    try {
      await call();
      toast(successToast(texts.success));
      return true;
    } catch (error) {
      toast({ title: 'Error', description: itemFailureText(texts.failure, isApiError(error) ? error.serverMessage : undefined), variant: 'destructive' });
      return false;
    }
  };
  /**
   * Adds the product as the editor now holds it (unless the quote has it already or it was unticked
   * meanwhile), or removes its saved item (one never saved has nothing to remove). Answers whether
   * the call, once made, did not fail.
   */
  const queueSelection = (productId: string, selected: boolean) => {
    let failed = false;
    queueItemChange(async () => {
      const draft = editing.current.items.find((candidate) => candidate.productId === productId);
      const item = saved.current.items.find((candidate) => candidate.productId === productId);
      if (Boolean(draft) !== selected || Boolean(item) === selected) return false;
      const call = draft
        ? () => addItem({ tenantId, quoteId, item: itemsRequest([draft])[0] }).unwrap()
        : () => deleteItem({ tenantId, quoteId, itemId: (item as QuoteItemView).id }).unwrap();
      failed = !(await attempt(call, selected ? ITEM_TOASTS.added : ITEM_TOASTS.removed));
      return !failed;
    });
    return () => !failed;
  };
  /** Saves the quantity the editor holds now for a saved item; an item not saved yet goes with its addition. */
  const queueQuantity = (productId: string) =>
    queueItemChange(async () => {
      const item = saved.current.items.find((candidate) => candidate.productId === productId);
      const body = quantityChange(editing.current.items.find((draft) => draft.productId === productId), item);
      if (!item || !body) return false;
      return attempt(() => updateItem({ tenantId, quoteId, itemId: item.id, body }).unwrap(), ITEM_TOASTS.quantity);
    });
  /**
   * The status the spec's rule gave the items (pending ↔ confirmed), saved at once at the version the
   * item changes left, unless the server's rule already did, the status was changed again since, or
   * the addition or removal that brought it failed.
   */
  const queueStatus = (status: QuoteStatus, itemKept: () => boolean = () => true) =>
    queueItemChange(async () => {
      if (!itemKept() || editing.current.status !== status || saved.current.status === status) return false;
      try {
        await updateQuote({ tenantId, quoteId, body: { status, version: version.current } }).unwrap();
        return true;
      } catch (error) {
        const reason = isApiError(error) ? error.serverMessage : undefined;
        toast({ title: 'Error', description: itemFailureText(ITEM_TOASTS.statusFailure, reason), variant: 'destructive' });
        conflict.failed(error);
        return false;
      }
    });
  const scheduleQuantity = (productId: string) => {
    clearTimeout(quantityTimers.current.get(productId));
    quantityTimers.current.set(
      productId,
      setTimeout(() => {
        quantityTimers.current.delete(productId);
        queueQuantity(productId);
      }, QUANTITY_SAVE_DELAY_MS),
    );
  };
  /** Quantities still resting are saved now (before Update Quote, or as the editor closes): the last one typed is never lost. */
  const flushQuantities = () => {
    for (const [productId, timer] of quantityTimers.current) {
      clearTimeout(timer);
      queueQuantity(productId);
    }
    quantityTimers.current.clear();
  };
  const flush = useRef(flushQuantities);
  useLayoutEffect(() => {
    flush.current = flushQuantities;
  });
  useEffect(() => () => flush.current(), []);

  const save = async (values: AdvancedValues) => {
    flushQuantities();
    await Promise.all([...ownChanges.current]);
    // compared with the quote as saved, item changes included
    const current = { ...saved.current, version: version.current };
    const changedItems = itemsChanged(values.items, current);
    const typedTotal = totalToSend(values, current);
    const updated = await updateQuote({ tenantId, quoteId, body: advancedQuoteRequest(values, current, typedTotal && !changedItems) }).unwrap();
    // should the items fail, trying again compares with (and saves against) the quote as now saved
    rebase(updated);
    if (!changedItems) return;
    await replaceItems({ tenantId, quoteId, items: itemsRequest(values.items), version: updated.version }).unwrap();
    // the items set the total; one typed by hand goes last (the items call has just proved the quote current)
    if (typedTotal) await updateQuote({ tenantId, quoteId, body: { totalAmount: values.totalAmount.trim() } }).unwrap();
  };

  const form = useQuoteForm({
    initial: () => advancedForm(latest),
    validate: validateAdvanced,
    save,
    ...outcomeTexts('quote', 'update'),
    onSaved,
    onFailed: conflict.failed,
  });
  useEffect(() => onDirty(form.dirty), [form.dirty, onDirty]);
  const { values } = form;
  // the values as now held, for the item changes saved after this render (handlers below keep it current at once)
  const editing = useRef(values);
  useLayoutEffect(() => {
    editing.current = values;
  });
  const context = usePricingContext(catalogue, values.customerId, values.serviceDate);
  const productsById = useMemo(() => new Map(catalogue.products.map((product) => [product.id, product] as const)), [catalogue.products]);
  const prices = useMemo(
    () => new Map(values.items.map((draft) => [draft.productId, shownPrice(draft, productsById.get(draft.productId), context, base, values)] as const)),
    [values, productsById, context, base],
  );
  const pricesChanged = itemsChanged(values.items, base) || values.serviceDate !== base.serviceDate || values.customerId !== base.customerId;
  const automaticCents = liveTotalCents(values.items, prices, values.status, latest.consumptions);
  // a total set by hand stays the quote's total whatever the lines do (the server keeps it), so the
  // field shows it until someone types another or takes the automatic one
  const followsLines = pricesChanged && !base.totalSetByHand;
  const totalShown = values.totalTyped ? values.totalAmount : followsLines ? formatCents(automaticCents) : base.totalAmount;
  const dateMoved = values.serviceDate !== base.serviceDate;
  const unpriced = unpricedTitles(
    values.items.map((draft) => {
      const product = productsById.get(draft.productId);
      return { productId: draft.productId, title: product ? productDisplayTitle(product) : draft.productId, manual: prices.get(draft.productId)?.source === 'manual' };
    }),
    productsById,
    values.serviceDate || null,
  );
  const priceListReduces = [...prices.values()].some((price) => price.priceListApplied);
  const priceListName = priceListReduces ? (appliedPriceList(context)?.name ?? base.priceListName) : null;

  /** Changes the values at once, and what the item calls queued after it read. */
  const apply = (patch: Partial<AdvancedValues>) => {
    editing.current = { ...editing.current, ...patch };
    form.update(() => patch);
  };
  // ticking or unticking a product saves it at once, and the status the rule then gives
  const select = (product: ProductView, selected: boolean) => {
    const current = editing.current;
    if (selected === current.items.some((draft) => draft.productId === product.id)) return;
    // a product removed and chosen again comes back as saved (while its removal is not saved yet)
    const known = base.items.find((item) => item.productId === product.id);
    const added: ItemDraft = known ? draftOf(known) : newDraft(product.id);
    const items = selected ? [...current.items, added] : current.items.filter((draft) => draft.productId !== product.id);
    const next = { ...withItems(current, items), ...(selected ? bookedWhenConfirmed(current, added.orderConfirmed) : {}) };
    apply(next);
    const itemKept = queueSelection(product.id, selected);
    if (next.status !== current.status) queueStatus(next.status as QuoteStatus, itemKept);
  };
  // a quantity is saved once it rests; confirmation, participants and a price by hand wait for Update Quote, the status they bring does not
  const change = (productId: string, patch: Partial<ItemDraft>) => {
    const current = editing.current;
    const items = current.items.map((draft) => (draft.productId === productId ? { ...draft, ...withConfirmedParticipants(draft, patch) } : draft));
    const next = { ...withItems(current, items), ...(patch.orderConfirmed === undefined ? {} : bookedWhenConfirmed(current, patch.orderConfirmed)) };
    apply(next);
    if (patch.quantity !== undefined) scheduleQuantity(productId);
    if (next.status !== current.status) queueStatus(next.status as QuoteStatus);
  };

  const submit = () => {
    const first = Object.keys(validateAdvanced(values))[0] as keyof AdvancedValues | undefined;
    const problemTab = first && TAB_OF_FIELD[first];
    if (problemTab !== undefined) setTab(problemTab);
    unavailable.confirmThen(unpriced, !hasProblems(validateAdvanced(values)), form.submit);
  };
  const reloadQuote = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      rebase(fresh);
      form.reset(advancedForm(fresh));
    } finally {
      setReloading(false);
    }
  };
  const busy = form.busy || reloading;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const time = (local: string) => timeOf(local) ?? '';
  const timeChange = (field: 'serviceStart' | 'estimatedEnd' | 'serviceEnd') => (event: { target: { value: string } }) =>
    form.set(field, atTime(values.serviceDate, event.target.value));

  return (
    <DialogForm
      titleId={titleId}
      title={ADVANCED_EDITOR_TITLE}
      submitLabel="Update Quote"
      busyLabel="Updating..."
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      secondaryActions={<SendQuoteButton tenantId={tenantId} quote={latest} unsavedChanges={form.dirty} disabled={busy} />}
    >
      {conflict.alert(reloadQuote, reloading)}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>{`#${base.shortId} · ${base.customerName} · ${quoteOwnership(base)}`}</Typography>
      <QuoteSendingPanel tenantId={tenantId} quote={latest} />
      <InvoicePanel tenantId={tenantId} quote={latest} />
      {dateMoved && <UnavailableAlert titles={unpriced} />}
      <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Quote sections" variant="scrollable" scrollButtons="auto">
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`quote-tab-${index}`} aria-controls={`quote-tabpanel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`quote-tabpanel-${tab}`} aria-labelledby={`quote-tab-${tab}`} sx={{ pt: 2, minHeight: 360 }}>
        {tab === 0 && (
          <Box sx={twoColumns}>
            <SelectField label="Customer" required {...form.select('customerId')} options={customerPickerOptions(catalogue.customers, NO_CUSTOMER)} hint={customerHint(catalogue.customers, form.values.customerId)} />
            <SelectField label="Status" {...form.select('status')} options={statusOptions(QUOTE_STATUSES)} />
            <TextField label="Subject (optional)" {...form.text('subject')} sx={{ gridColumn: '1 / -1' }} />
            <QuoteDateField
              label="Service Date"
              required
              {...form.text('serviceDate')}
              onChange={(event) => form.update((current) => movedToDate(current, event.target.value))}
              warning={dateMoved ? serviceDateWarning(values.serviceDate) : null}
            />
            <QuoteDateField label="Quote Expiry Date" required {...form.text('expiryDate')} />
            <TimeField label="Service Start Time" value={time(values.serviceStart)} onChange={timeChange('serviceStart')} disabled={busy} />
            <TimeField label="Service End Time" value={time(values.estimatedEnd)} onChange={timeChange('estimatedEnd')} disabled={busy} />
            <DateTimeField label="Booking Date & Time" {...form.text('bookingDateTime')} />
            <DateTimeField label="Actual Service Date & Time" {...form.text('actualServiceDateTime')} />
            <TotalAmountField
              {...form.text('totalAmount')}
              value={totalShown}
              onChange={(event) => form.update(() => ({ totalAmount: event.target.value, totalTyped: true }))}
              automaticCents={automaticCents}
              onAutomatic={() => form.update(() => ({ totalAmount: formatCents(automaticCents), totalTyped: true }))}
            />
          </Box>
        )}
        {tab === 1 && (
          <AdvancedProductsTab
            quote={base}
            values={values}
            products={catalogue.products}
            loading={catalogue.productsLoading}
            prices={prices}
            priceListName={priceListName}
            select={select}
            change={change}
            disabled={busy}
            error={form.errors.items}
          />
        )}
        {tab === 2 && (
          <Box sx={twoColumns}>
            <DateTimeField label="Service Start Date & Time" {...form.text('serviceStart')} />
            <TimeField label="End Time" value={time(values.serviceEnd)} onChange={timeChange('serviceEnd')} disabled={busy} />
            <CountField label="Actual Participants Present" {...form.text('actualParticipants')} />
            <TextField label="Service Notes" multiline rows={4} {...form.text('serviceNotes')} sx={{ gridColumn: '1 / -1' }} />
          </Box>
        )}
        {tab === 3 && (
          <ConsumptionsTab
            tenantId={tenantId}
            quoteId={quoteId}
            consumptions={latest.consumptions}
            onSaving={ownChange}
          />
        )}
        {tab === 4 && (
          <PaymentsTab
            tenantId={tenantId}
            quote={latest}
            depositFields={
              <DepositFields
                kind={form.select('depositKind')}
                value={form.text('depositValue')}
                days={form.text('balanceDueDays')}
                depositKind={values.depositKind}
              />
            }
          />
        )}
      </Box>
      {unavailable.dialog}
    </DialogForm>
  );
}
