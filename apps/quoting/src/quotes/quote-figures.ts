import { countsInTotal, type NetVatGross, quoteFigures, type QuoteStatus, sumFigures, lineFigures, toCents } from '@quotebook/domain';

/** An item as a quote's figures read it: its price in its period's terms, whether it counts, and its cost. */
export interface FiguredItem {
  totalCents: number;
  priceIncludesVat: boolean;
  vatRate: string | null;
  orderConfirmed: boolean;
  /** an optional line is in no total: it is added up apart */
  optional: boolean;
  /** what the line costs the agency, or null when unknown */
  costCents: number | null;
}

/** A stored item's columns as its figures read them (rows from before optional lines and costs have neither). */
export function figuredItem(row: {
  total_price: string;
  price_includes_vat: boolean;
  vat_rate: string | null;
  order_confirmed: boolean;
  optional?: boolean;
  cost?: string | null;
}): FiguredItem {
  return {
    totalCents: toCents(row.total_price),
    priceIncludesVat: row.price_includes_vat,
    vatRate: row.vat_rate,
    orderConfirmed: row.order_confirmed,
    optional: row.optional ?? false,
    costCents: row.cost === null || row.cost === undefined ? null : toCents(row.cost),
  };
}

export interface StoredFigures {
  /** what the quote charges: its gross is the quote's total */
  total: NetVatGross;
  /** what the lines and consumptions add up to, whatever was set by hand */
  automaticGrossCents: number;
  /** the order-confirmed items' gross plus the consumptions */
  confirmedGrossCents: number;
  /** the counted lines' costs added up; null when none of them has a cost */
  costCents: number | null;
  /** the total's net less the cost; null without a cost */
  marginCents: number | null;
  /** the optional lines' gross, offered beside the total */
  optionalGrossCents: number;
}

/**
 * A quote's stored figures by the shared engine. The items counted follow countsInTotal: never an
 * optional line, and once the quote is confirmed only its confirmed items. The margin is what the quote
 * charges net (consumptions and a total set by hand included) less what its counted lines cost.
 */
export function figuresOfQuote(quote: { status: QuoteStatus; items: readonly FiguredItem[]; consumptionsCents: number; manualTotalCents: number | null }): StoredFigures {
  const lines = (counted: (item: FiguredItem) => boolean) => quote.items.map((item) => ({ ...item, counted: counted(item) }));
  const counted = lines((item) => countsInTotal(item, quote.status));
  const automatic = quoteFigures({ lines: counted, consumptionsCents: quote.consumptionsCents, manualTotalCents: null });
  const confirmed = quoteFigures({ lines: lines((item) => countsInTotal(item, 'confirmed')), consumptionsCents: quote.consumptionsCents, manualTotalCents: null });
  const total = quote.manualTotalCents === null ? automatic.total : quoteFigures({ lines: counted, consumptionsCents: quote.consumptionsCents, manualTotalCents: quote.manualTotalCents }).total;
  const costs = counted.filter((line) => line.counted && line.costCents !== null).map((line) => line.costCents as number);
  const costCents = costs.length === 0 ? null : costs.reduce((sum, cost) => sum + cost, 0);
  return {
    total,
    automaticGrossCents: automatic.total.grossCents,
    confirmedGrossCents: confirmed.total.grossCents,
    costCents,
    marginCents: costCents === null ? null : total.netCents - costCents,
    optionalGrossCents: sumFigures(quote.items.filter((item) => item.optional).map(lineFigures)).grossCents,
  };
}
