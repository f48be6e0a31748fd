import type { ProductView } from '@quotebook/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_SERVICE_START_TIME, FIGURE_LABELS, formatEuroCents, quoteFigures, todayIn } from '@quotebook/domain';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { useMemo, useState } from 'react';
import { TimeField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts } from '../../shared/form-dialog/FormDialog';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes';
import { productDisplayTitle } from '../products/product-form';
import { useTenantPage } from '../tenant/tenant-context';
import { ChosenLinesTable, LineNotes, UnavailableAlert, type ChosenLine } from './ChosenLines';
import { CostReadout, FreePlacesNote, MarginSummary, OptionalTotal } from './CostMargin';
import { PriceLine } from './PriceLine';
import { ProductChecklist } from './ProductChecklist';
import { QuantityStepper } from './QuantityStepper';
import { createQuoteRequest, hasProblems, quoteCreateForm, serviceDateWarning, validateQuoteCreate, type PickedProduct } from './quote-create-form';
import { customerHint, customerPickerOptions, NO_CUSTOMER } from './quote-list';
import { canSeeCosts, MARGIN_TEXTS, marginFigures, sumMargins } from './quote-margin';
import { appliedPriceList, byTitle, liveLine, liveNotes, liveTaxes, liveVatLabel } from './quote-pricing';
import { QuoteDateField } from './QuoteDateField';
import { QuoteFormDialog } from './QuoteFormDialog';
import { useCreateQuoteMutation } from './quotes.api';
import { useUnavailableConfirmation } from './use-unavailable-confirmation';
import { usePricingContext, useQuoteCatalogue } from './use-quote-catalogue';
import { useQuoteForm } from './use-quote-form';

/**
 * A new quote: its customer, subject, service date and times, expiry (today + 30 days) and products.
 * The chosen products come first, as a table with their quantity, live price and notes (no price on
 * the date, a minimum charged); the catalogue to pick from is below. The quote and its products are
 * created in one call, after a confirmation when a product has no price on the service date.
 */
export function QuoteCreateDialog({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const catalogue = useQuoteCatalogue(tenantId);
  const { tenant, user } = useTenantPage();
  const showCosts = canSeeCosts(user, tenant);
  const [createQuote] = useCreateQuoteMutation();
  const [today] = useState(() => todayIn());
  const form = useQuoteForm({
    initial: () => quoteCreateForm(today),
    validate: (values) => validateQuoteCreate(values, today),
    save: (values) => createQuote({ tenantId, body: createQuoteRequest(values) }),
    ...outcomeTexts('quote', 'create'),
    onSaved: onClose,
  });
  const guard = useUnsavedChanges(form.dirty, onClose);
  const unavailable = useUnavailableConfirmation();
  const { values } = form;
  const context = usePricingContext(catalogue, values.customerId, values.serviceDate);
  const products = useMemo(() => [...catalogue.products].sort(byTitle), [catalogue.products]);
  const productsById = useMemo(() => new Map(catalogue.products.map((product) => [product.id, product] as const)), [catalogue.products]);

  const setProducts = (next: PickedProduct[]) => form.set('products', next);
  const toggle = (product: ProductView, selected: boolean) =>
    setProducts(
      selected ? [...values.products, { productId: product.id, quantity: 1 }] : values.products.filter((item) => item.productId !== product.id),
    );
  const changeProduct = (productId: string, change: Partial<PickedProduct>) =>
    setProducts(values.products.map((item) => (item.productId === productId ? { ...item, ...change } : item)));

  const lines = values.products.flatMap((item) => {
    const product = productsById.get(item.productId);
    if (!product) return [];
    const booking = { quantity: item.quantity, orderConfirmed: false, confirmedParticipants: 0 };
    return [{ item, product, title: productDisplayTitle(product), price: liveLine(product, booking, context), taxes: liveTaxes(product, context), notes: liveNotes(product, booking, context.serviceDate) }];
  });
  const figures = quoteFigures({
    lines: lines.map((line) => ({ totalCents: line.price.cents, ...line.taxes, counted: !line.item.optional })),
    consumptionsCents: 0,
    manualTotalCents: null,
  });
  const margins = lines.map((line, index) => marginFigures(figures.lines[index].netCents, line.price.costCents));
  const dated = Boolean(context.serviceDate);
  const headers = ['Participants', 'Price', ...(showCosts && dated ? [MARGIN_TEXTS.column] : [])];
  const rows = lines.map(({ item, product, title, price, notes }, index): ChosenLine & { optional: boolean } => ({
    optional: Boolean(item.optional),
    productId: product.id,
    title,
    code: product.code,
    notes: <LineNotes available={notes.available} minimum={notes.minimum} />,
    cells: [
      <Box key="quantity" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
        <QuantityStepper label={`Quantity of ${title}`} value={item.quantity} onChange={(quantity) => changeProduct(product.id, { quantity })} disabled={form.busy} />
        {dated && <FreePlacesNote paying={price.payingParticipants} free={price.freePlaces} />}
        <CheckboxField
          label={MARGIN_TEXTS.optional}
          name={`optional-${product.id}`}
          checked={Boolean(item.optional)}
          onChange={(optional) => changeProduct(product.id, { optional })}
          disabled={form.busy}
        />
      </Box>,
      dated ? (
        <PriceLine key="price" cents={price.cents} source="auto" vatLabel={liveVatLabel(product, context)} figures={figures.lines[index]} unavailable={!notes.available} />
      ) : (
        '—'
      ),
      ...(showCosts && dated ? [<CostReadout key="cost" figures={margins[index]} />] : []),
    ],
  }));
  const counted = rows.filter((row) => !row.optional);
  const offered = rows.filter((row) => row.optional);
  const optionalGrossCents = figures.lines.reduce((sum, line, index) => sum + (lines[index].item.optional ? line.grossCents : 0), 0);
  const unpriced = lines.filter((line) => !line.notes.available).map((line) => line.title);
  const priceList = appliedPriceList(context);
  const submit = () => unavailable.confirmThen(unpriced, !hasProblems(validateQuoteCreate(values, today)), form.submit);

  return (
    <QuoteFormDialog {...dialogTexts('quote', false)} busy={form.busy} onSubmit={submit} guard={guard} maxWidth="md">
      <SelectField label="Customer" required {...form.select('customerId')} options={customerPickerOptions(catalogue.customers, NO_CUSTOMER)} hint={customerHint(catalogue.customers, form.values.customerId)} />
      <TextField label="Subject" {...form.text('subject')} />
      <Box sx={twoColumns}>
        <QuoteDateField label="Service Date" required {...form.text('serviceDate')} warning={serviceDateWarning(values.serviceDate, today)} />
        <QuoteDateField label="Expiry Date" required {...form.text('expiryDate')} min={today} />
        <TimeField label="Start Time" {...form.text('startTime')} helperText={`The service starts at ${DEFAULT_SERVICE_START_TIME} when left empty`} />
        <TimeField label="End Time" {...form.text('endTime')} />
      </Box>
      <UnavailableAlert titles={unpriced} />
      <Box sx={{ mt: 2 }}>
        {/* with only optional lines, they alone are shown, apart */}
        {(offered.length === 0 || counted.length > 0) && <ChosenLinesTable headers={headers} lines={counted} />}
        {lines.length > 0 && <LinesTotal dated={dated} grossCents={figures.total.grossCents} />}
        {showCosts && dated && counted.length > 0 && <MarginSummary figures={sumMargins(margins.filter((_, index) => !lines[index].item.optional))} />}
        {offered.length > 0 && (
          <>
            <ChosenLinesTable headers={headers} lines={offered} label={MARGIN_TEXTS.optionalLines} hint={MARGIN_TEXTS.optionalHint} />
            {dated && <OptionalTotal grossCents={optionalGrossCents} />}
          </>
        )}
        {priceList && lines.length > 0 && <Alert severity="info" sx={{ mt: 1 }}>{`Prices reduced by the price list '${priceList.name}'`}</Alert>}
        <ProductChecklist
          products={products}
          loading={catalogue.productsLoading}
          isSelected={(productId) => values.products.some((item) => item.productId === productId)}
          onToggle={toggle}
          disabled={form.busy}
          error={form.errors.products}
        />
      </Box>
      {unavailable.dialog}
    </QuoteFormDialog>
  );
}

/** Under the chosen products: their total VAT included, or what the prices wait for. */
function LinesTotal({ dated, grossCents }: { dated: boolean; grossCents: number }) {
  return dated ? (
    <Typography variant="body1" sx={{ my: 1, fontWeight: 600, textAlign: 'right' }}>
      {`${FIGURE_LABELS.total}: ${formatEuroCents(grossCents)}`}
    </Typography>
  ) : (
    <Typography variant="body2" sx={{ my: 1, color: 'text.secondary' }}>
      Set the service date to see the prices.
    </Typography>
  );
}
