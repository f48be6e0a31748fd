import type { ProductView, QuoteDetailView } from '@quotebook/contracts';
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
import { formatCents, QUOTE_STATUSES, timeOf } from '@quotebook/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CountField, DateTimeField, TimeField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { DialogForm } from '../../shared/form-dialog/FormDialog';
import { LoadError } from '../../shared/page/LoadError';
import { usePhone } from '../../shared/use-phone';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes';
import { productDisplayTitle } from '../products/product-form';
import { AdvancedProductsTab } from './AdvancedProductsTab';
import { UnavailableAlert } from './ChosenLines';
import { ConsumptionsTab } from './ConsumptionsTab';
import { useQuoteConflict } from './use-quote-conflict';
import {
  advancedForm,
  advancedQuoteRequest,
  atTime,
  bookedWhenConfirmed,
  draftOf,
  itemsChanged,
  itemsRequest,
  liveTotalCents,
  movedToDate,
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
import { useGetQuoteQuery, useReplaceQuoteItemsMutation, useUpdateQuoteMutation } from './quotes.api';
import { TotalAmountField } from './TotalAmountField';
import { usePricingContext, useQuoteCatalogue } from './use-quote-catalogue';
import { useQuoteForm } from './use-quote-form';
import { useUnavailableConfirmation } from './use-unavailable-confirmation';

export const ADVANCED_EDITOR_TITLE = 'Edit Quote - Advanced Management';
const TABS = ['Basic Info', 'Products', 'Service Management', 'Consumptions'] as const;

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
  const consumptionsChanged = useRef(false);
  const [updateQuote] = useUpdateQuoteMutation();
  const [replaceItems] = useReplaceQuoteItemsMutation();
  const conflict = useQuoteConflict();
  const unavailable = useUnavailableConfirmation();
  const quoteId = base.id;

  // a consumption added or removed here raised the version: adopt it once the quote has been read again
  useEffect(() => {
    if (!consumptionsChanged.current || latest.version === base.version) return;
    consumptionsChanged.current = false;
    setBase((current) => ({ ...current, version: latest.version }));
  }, [latest.version, base.version]);

  const save = async (values: AdvancedValues) => {
    const changedItems = itemsChanged(values.items, base);
    const typedTotal = totalToSend(values, base);
    const updated = await updateQuote({ tenantId, quoteId, body: advancedQuoteRequest(values, base, typedTotal && !changedItems) }).unwrap();
    // should the items fail, trying again compares with (and saves against) the quote as now saved
    setBase(updated);
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
  const context = usePricingContext(catalogue, values.customerId, values.serviceDate);
  const productsById = useMemo(() => new Map(catalogue.products.map((product) => [product.id, product] as const)), [catalogue.products]);
  const prices = useMemo(
    () => new Map(values.items.map((draft) => [draft.productId, shownPrice(draft, productsById.get(draft.productId), context, base, values)] as const)),
    [values, productsById, context, base],
  );
  const pricesChanged = itemsChanged(values.items, base) || values.serviceDate !== base.serviceDate || values.customerId !== base.customerId;
  const automaticCents = liveTotalCents(values.items, prices, values.status, latest.consumptions);
  const totalShown = values.totalTyped ? values.totalAmount : pricesChanged ? formatCents(automaticCents) : base.totalAmount;
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

  const select = (product: ProductView, selected: boolean) =>
    form.update((current) => {
      // a product removed and chosen again comes back as saved
      const saved = base.items.find((item) => item.productId === product.id);
      const added: ItemDraft = saved ? draftOf(saved) : { productId: product.id, quantity: 1, orderConfirmed: false, confirmedParticipants: '0', manualPrice: '' };
      const items = selected ? [...current.items, added] : current.items.filter((draft) => draft.productId !== product.id);
      return { ...withItems(current, items), ...(selected ? bookedWhenConfirmed(current, added.orderConfirmed) : {}) };
    });
  const change = (productId: string, patch: Partial<ItemDraft>) =>
    form.update((current) => {
      const items = current.items.map((draft) => (draft.productId === productId ? { ...draft, ...withConfirmedParticipants(draft, patch) } : draft));
      return { ...withItems(current, items), ...(patch.orderConfirmed === undefined ? {} : bookedWhenConfirmed(current, patch.orderConfirmed)) };
    });

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
      setBase(fresh);
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
    >
      {conflict.alert(reloadQuote, reloading)}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>{`#${base.shortId} · ${base.customerName} · ${quoteOwnership(base)}`}</Typography>
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
            onChanged={() => {
              consumptionsChanged.current = true;
            }}
          />
        )}
      </Box>
      {unavailable.dialog}
    </DialogForm>
  );
}
