import { type NetVatGross, quoteFigures, type QuoteStatus, toCents } from '@quotebook/domain';

/** An item as a quote's figures read it: its price in its period's terms, and whether it is order-confirmed. */
export interface FiguredItem {
  totalCents: number;
  priceIncludesVat: boolean;
  vatRate: string | null;
  orderConfirmed: boolean;
}

/** A stored item's columns as its figures read them. */
export function figuredItem(row: { total_price: string; price_includes_vat: boolean; vat_rate: string | null; order_confirmed: boolean }): FiguredItem {
  return { totalCents: toCents(row.total_price), priceIncludesVat: row.price_includes_vat, vatRate: row.vat_rate, orderConfirmed: row.order_confirmed };
}

export interface StoredFigures {
  /** what the quote charges: its gross is the quote's total */
  total: NetVatGross;
  /** what the lines and consumptions add up to, whatever was set by hand */
  automaticGrossCents: number;
  /** the order-confirmed items' gross plus the consumptions */
  confirmedGrossCents: number;
}

/**
 * A quote's stored figures by the shared engine. The items counted follow the status rule of
 * quoteTotalCents: a confirmed quote counts its confirmed items only, any other all of them.
 */
export function figuresOfQuote(quote: { status: QuoteStatus; items: readonly FiguredItem[]; consumptionsCents: number; manualTotalCents: number | null }): StoredFigures {
  const lines = (counted: (item: FiguredItem) => boolean) => quote.items.map((item) => ({ ...item, counted: counted(item) }));
  const counted = lines((item) => quote.status !== 'confirmed' || item.orderConfirmed);
  const automatic = quoteFigures({ lines: counted, consumptionsCents: quote.consumptionsCents, manualTotalCents: null });
  const confirmed = quoteFigures({ lines: lines((item) => item.orderConfirmed), consumptionsCents: quote.consumptionsCents, manualTotalCents: null });
  return {
    total: quote.manualTotalCents === null ? automatic.total : quoteFigures({ lines: counted, consumptionsCents: quote.consumptionsCents, manualTotalCents: quote.manualTotalCents }).total,
    automaticGrossCents: automatic.total.grossCents,
    confirmedGrossCents: confirmed.total.grossCents,
  };
}
