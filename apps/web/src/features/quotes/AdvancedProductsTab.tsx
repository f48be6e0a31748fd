import type { ProductView, QuoteDetailView } from '@quotebook/contracts';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { countsInTotal, formatCents, lineFigures } from '@quotebook/domain';
import { useMemo } from 'react';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { CountField, MoneyField } from '../../shared/fields/InputFields';
import { productDisplayTitle } from '../products/product-form';
import { useTenantPage } from '../tenant/tenant-context';
import { ChosenLinesTable, LineNotes, type ChosenLine } from './ChosenLines';
import { CostCell, FreePlacesNote, MarginSummary, OptionalTotal } from './CostMargin';
import { PriceLine } from './PriceLine';
import { ProductChecklist } from './ProductChecklist';
import { QuantityStepper } from './QuantityStepper';
import {
  itemsChanged,
  manualCostError,
  manualPriceError,
  participantsError,
  participantsOf,
  productsForEditor,
  type AdvancedValues,
  type ItemDraft,
  type ShownPrice,
} from './quote-advanced-form';
import { answeredFigures, canSeeCosts, MARGIN_TEXTS, sumMargins } from './quote-margin';
import { liveNotes } from './quote-pricing';

export const ITEMS_SAVED_AT_ONCE =
  'Prodotti aggiunti o rimossi e quantità vengono salvati subito; conferma, partecipanti e prezzo a mano con Update Quote.';

interface AdvancedProductsTabProps {
  quote: QuoteDetailView;
  values: AdvancedValues;
  products: readonly ProductView[];
  loading: boolean;
  /** each selected product's price as shown */
  prices: ReadonlyMap<string, ShownPrice>;
  /** the price list that reduced the automatic prices, when one did */
  priceListName: string | null;
  select: (product: ProductView, selected: boolean) => void;
  change: (productId: string, change: Partial<ItemDraft>) => void;
  disabled: boolean;
  error?: string;
}

/**
 * The quote's lines first, as a table: each with its quantity, Order Confirmed, confirmed participants
 * and a price typed by hand ('Auto' goes back to the automatic one); with a service date its price,
 * VAT note, total VAT included and 'Non confermato' show live, with what the line warns of (no price
 * on the date, 0 confirmed participants) or explains (a minimum charged). Below, every product of the
 * agency to pick from, those of the quote's confirmed orders first. The editor saves a product ticked
 * or removed and a quantity at once; the rest of a line waits for Update Quote (the tab says so).
 */
export function AdvancedProductsTab(props: AdvancedProductsTabProps) {
  const { quote, values, prices, change, disabled } = props;
  const confirmed = useMemo(() => new Set(quote.items.filter((item) => item.orderConfirmed).map((item) => item.productId)), [quote.items]);
  const products = useMemo(() => productsForEditor(props.products, confirmed), [props.products, confirmed]);
  const productsById = useMemo(() => new Map(props.products.map((product) => [product.id, product] as const)), [props.products]);
  const serviceDate = values.serviceDate || null;
  const { tenant, user } = useTenantPage();
  const showCosts = canSeeCosts(user, tenant);

  const lines = values.items.flatMap((draft): (ChosenLine & { optional: boolean })[] => {
    const product = productsById.get(draft.productId);
    const price = prices.get(draft.productId);
    if (!product || !price) return [];
    const title = productDisplayTitle(product);
    const participants = participantsError(draft.confirmedParticipants);
    const manual = manualPriceError(draft.manualPrice);
    const notes = liveNotes(product, { quantity: draft.quantity, orderConfirmed: draft.orderConfirmed, confirmedParticipants: participantsOf(draft) }, serviceDate);
    const available = notes.available || price.source === 'manual';
    const emptyConfirmed = draft.orderConfirmed && !participants && participantsOf(draft) === 0;
    const costError = manualCostError(draft.manualCost);
    return [
      {
        optional: draft.optional,
        productId: product.id,
        title,
        code: product.code,
        notes: <LineNotes available={available} minimum={notes.minimum} emptyConfirmedCents={emptyConfirmed && serviceDate ? price.cents : null} />,
        cells: [
          <Box key="participants" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
            <QuantityStepper label={`Quantity of ${title}`} value={draft.quantity} onChange={(quantity) => change(product.id, { quantity })} disabled={disabled} />
            <FreePlacesNote paying={price.payingParticipants} free={price.freePlaces} />
            <CheckboxField
              label="Order Confirmed"
              name={`orderConfirmed-${product.id}`}
              checked={draft.orderConfirmed}
              onChange={(orderConfirmed) => change(product.id, { orderConfirmed })}
              disabled={disabled}
            />
            <CountField
              label="Confirmed Participants"
              size="small"
              margin="none"
              value={draft.confirmedParticipants}
              onChange={(event) => change(product.id, { confirmedParticipants: event.target.value })}
              error={Boolean(participants)}
              helperText={participants}
              disabled={disabled}
              sx={{ width: 190 }}
            />
            <CheckboxField
              label={MARGIN_TEXTS.optional}
              name={`optional-${product.id}`}
              checked={draft.optional}
              onChange={(optional) => change(product.id, { optional })}
              disabled={disabled}
            />
          </Box>,
          <Box key="price" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
            <MoneyField
              label="Total Price (€)"
              size="small"
              margin="none"
              value={draft.manualPrice}
              placeholder={price.source === 'auto' ? formatCents(price.cents) : 'Automatic'}
              onChange={(event) => change(product.id, { manualPrice: event.target.value })}
              error={Boolean(manual)}
              helperText={manual ?? 'Empty: the automatic price'}
              disabled={disabled}
              sx={{ width: 200 }}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button size="small" startIcon={<AutorenewIcon />} onClick={() => change(product.id, { manualPrice: '' })} disabled={disabled || draft.manualPrice === ''}>
                Auto
              </Button>
              <Button size="small" color="error" startIcon={<RemoveCircleOutlineIcon />} onClick={() => props.select(product, false)} disabled={disabled}>
                Remove
              </Button>
            </Box>
            {serviceDate && (
              <PriceLine
                cents={price.cents}
                source={price.source}
                vatLabel={price.vatLabel}
                figures={lineFigures({ totalCents: price.cents, priceIncludesVat: price.priceIncludesVat, vatRate: price.vatRate })}
                unavailable={!available}
                confirmed={draft.orderConfirmed}
              />
            )}
          </Box>,
          ...(showCosts
            ? [
                <CostCell
                  key="cost"
                  productTitle={title}
                  value={draft.manualCost ?? ''}
                  automaticCents={price.automaticCostCents}
                  figures={price.margin}
                  error={costError}
                  onChange={(manualCost) => change(product.id, { manualCost })}
                  disabled={disabled || draft.manualCost === undefined}
                />,
              ]
            : []),
        ],
      },
    ];
  });
  const headers = ['Participants', 'Price', ...(showCosts ? [MARGIN_TEXTS.column] : [])];
  const optionalLines = lines.filter((line) => line.optional);
  const optionalGrossCents = values.items
    .filter((draft) => draft.optional)
    .reduce((sum, draft) => {
      const price = prices.get(draft.productId);
      return sum + (price ? lineFigures({ totalCents: price.cents, priceIncludesVat: price.priceIncludesVat, vatRate: price.vatRate }).grossCents : 0);
    }, 0);
  // as saved, the quote's own figures (its consumptions and a total set by hand included); else the counted lines live
  const changed = itemsChanged(values.items, quote) || values.serviceDate !== quote.serviceDate || values.customerId !== quote.customerId;
  const totals = changed
    ? sumMargins(values.items.filter((draft) => countsInTotal(draft, values.status)).flatMap((draft) => prices.get(draft.productId)?.margin ?? []))
    : answeredFigures(quote.netAmount, quote.costTotal, quote.marginTotal, quote.marginPercent);

  return (
    <Box>
      {props.priceListName && (
        <Alert severity="info" sx={{ mb: 2 }}>{`Prices reduced by the price list '${props.priceListName}'`}</Alert>
      )}
      <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
        {ITEMS_SAVED_AT_ONCE}
      </Typography>
      {/* with only optional lines, they alone are shown, apart */}
      {(optionalLines.length === 0 || lines.length > optionalLines.length) && <ChosenLinesTable headers={headers} lines={lines.filter((line) => !line.optional)} />}
      {showCosts && serviceDate && lines.length > optionalLines.length && <MarginSummary figures={totals} />}
      {optionalLines.length > 0 && (
        <>
          <ChosenLinesTable headers={headers} lines={optionalLines} label={MARGIN_TEXTS.optionalLines} hint={MARGIN_TEXTS.optionalHint} />
          {serviceDate && <OptionalTotal grossCents={optionalGrossCents} />}
        </>
      )}
      {!serviceDate && (
        <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
          Set the service date to see the prices.
        </Typography>
      )}
      <ProductChecklist
        products={products}
        loading={props.loading}
        isSelected={(productId) => prices.has(productId)}
        onToggle={props.select}
        disabled={disabled}
        error={props.error}
      />
    </Box>
  );
}
