import type { CustomerView, PriceListView, ProductView, VatRateView } from '@quotebook/contracts';
import {
  countsInTotal,
  itemParticipants,
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
  minimumNote,
  periodOn,
  priceItem,
  priceLine,
  parseCents,
  priceListAppliesOn,
  pricePartsOn,
  quoteFigures,
  type QuoteStatus,
  vatLabel,
  type ItemBooking,
  type ItemPricing,
  type LinePricing,
  type TaxedLine,
} from '@quotebook/domain';
import { productDisplayTitle } from '../products/product-form';

/*
 * The prices the quote dialogs show while a person edits: the shared engine, fed with the products'
 * periods from the products list and the customer's price list from the price-lists list. The server
 * prices the same way when the quote is saved.
 */

/** What the live prices of one quote depend on besides its items. */
export interface PricingContext {
  serviceDate: string | null;
  /** the customer's price list, whether or not it applies on the service date */
  priceList: PriceListView | null;
  vatRates: ReadonlyMap<string, VatRateView>;
}

/** The customer's price list, looked up in the agency's lists; null without one. */
export function customerPriceList(
  customerId: string,
  customers: readonly CustomerView[],
  priceLists: readonly PriceListView[],
): PriceListView | null {
  const priceListId = customers.find((customer) => customer.id === customerId)?.priceListId;
  return (priceListId && priceLists.find((priceList) => priceList.id === priceListId)) || null;
}

/** The price list when it reduces the automatic prices on the service date, else null. */
export function appliedPriceList(context: PricingContext): PriceListView | null {
  return priceListAppliesOn(context.priceList, context.serviceDate) ? context.priceList : null;
}

export function livePrice(product: ProductView, booking: ItemBooking, context: PricingContext): ItemPricing {
  return priceItem(product.availability, context.serviceDate, booking, context.priceList);
}

/** A line worked out live with what its price came from: free places, paying participants, its cost. */
export function liveLine(product: ProductView, booking: ItemBooking, context: PricingContext, manualCostCents: number | null = null): LinePricing {
  return priceLine(product.availability, context.serviceDate, booking, context.priceList, manualCostCents);
}

/** How a line's price carries VAT: whether the period of the service date includes it, and the product's rate. */
export type LineTaxes = Omit<TaxedLine, 'totalCents'>;

export function liveTaxes(product: ProductView, context: PricingContext): LineTaxes {
  const period = context.serviceDate ? periodOn(product.availability, context.serviceDate) : null;
  const rate = product.vatRateId ? context.vatRates.get(product.vatRateId)?.rate : null;
  return { priceIncludesVat: Boolean(period?.priceIncludesVat), vatRate: rate ?? null };
}

/** 'IVA inclusa' when the period of the service date includes VAT, else the product's rate ('+ IVA 22%'). */
export function liveVatLabel(product: ProductView, context: PricingContext): string | null {
  const { priceIncludesVat, vatRate } = liveTaxes(product, context);
  return vatLabel(priceIncludesVat, vatRate);
}

/** What a line says besides its price: whether it has a price on the service date, and why it charges a minimum. */
export interface LineNotes {
  /** false when the product has no priced period on the service date ('Non disponibile in questa data') */
  available: boolean;
  /** 'minimo 4 partecipanti: addebitati 4', or null */
  minimum: string | null;
}

/** A line's notes on the service date; without a date nothing is priced yet, so nothing is noted. */
export function liveNotes(product: ProductView, booking: ItemBooking, serviceDate: string | null): LineNotes {
  if (!serviceDate) return { available: true, minimum: null };
  const parts = pricePartsOn(product.availability, serviceDate);
  return { available: parts !== null, minimum: parts && minimumNote(itemParticipants(booking), parts.minParticipants) };
}

/** A quote's line as its total reads it: its price, how that carries VAT, whether its order is confirmed, whether optional. */
export interface TotalLine extends TaxedLine {
  orderConfirmed: boolean;
  optional?: boolean;
}

/**
 * What a quote's total is without a hand on it, VAT included: its counted lines (the confirmed ones
 * once the quote is confirmed, never the optional ones) plus its consumptions, by the shared engine.
 */
export function automaticTotalCents(lines: readonly TotalLine[], status: QuoteStatus, consumptions: readonly { totalValue: string }[]): number {
  return quoteFigures({
    lines: lines.map((line) => ({ ...line, counted: countsInTotal(line, status) })),
    consumptionsCents: consumptions.reduce((sum, consumption) => sum + (parseCents(consumption.totalValue) ?? 0), 0),
    manualTotalCents: null,
  }).total.grossCents;
}

/**
 * The titles of the lines without a price on the service date: their product has no priced period
 * then and nobody typed a price. A product not (yet) read is not reported.
 */
export function unpricedTitles(
  lines: readonly { productId: string; title: string; manual: boolean }[],
  products: ReadonlyMap<string, ProductView>,
  serviceDate: string | null,
): string[] {
  if (!serviceDate) return [];
  return lines
    .filter((line) => {
      const product = products.get(line.productId);
      return !line.manual && product !== undefined && pricePartsOn(product.availability, serviceDate) === null;
    })
    .map((line) => line.title);
}

const italian = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** Alphabetical by the Italian title, a product without one by its code. */
export function byTitle(a: ProductView, b: ProductView): number {
  return italian.compare(productDisplayTitle(a), productDisplayTitle(b));
}

/** Products whose title or code contains the search (any case). */
export function searchProducts(products: readonly ProductView[], search: string): ProductView[] {
  const needle = search.trim().toLocaleLowerCase('it');
  if (!needle) return [...products];
  return products.filter(
    (product) => productDisplayTitle(product).toLocaleLowerCase('it').includes(needle) || product.code.toLowerCase().includes(needle),
  );
}

/**
 * The quantity after a person typed `typed` into a stepper showing `current`: a number above the
 * maximum is ignored, one below the minimum (or no number) becomes the minimum.
 */
export function typedQuantity(current: number, typed: string): number {
  const value = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(value) || value < MIN_ITEM_QUANTITY) return MIN_ITEM_QUANTITY;
  if (value > MAX_ITEM_QUANTITY) return current;
  return Math.floor(value);
}

export const QUANTITY_TEXTS = {
  hint: `max ${MAX_ITEM_QUANTITY}`,
  tooMany: `Massimo ${MAX_ITEM_QUANTITY}`,
  tooFew: `Minimo ${MIN_ITEM_QUANTITY}`,
} as const;

/** What a stepper says about a typed number it did not take as typed; null when taken. */
export function quantityProblem(typed: string): string | null {
  const value = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(value)) return null;
  if (value > MAX_ITEM_QUANTITY) return QUANTITY_TEXTS.tooMany;
  return value < MIN_ITEM_QUANTITY ? QUANTITY_TEXTS.tooFew : null;
}
