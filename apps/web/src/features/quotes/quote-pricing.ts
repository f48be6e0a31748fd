import type { CustomerView, PriceListView, ProductView, VatRateView } from '@quotebook/contracts';
import {
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
  periodOn,
  priceItem,
  priceListAppliesOn,
  vatLabel,
  type ItemBooking,
  type ItemPricing,
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

/** 'IVA inclusa' when the period of the service date includes VAT, else the product's rate ('+ IVA 22%'). */
export function liveVatLabel(product: ProductView, context: PricingContext): string | null {
  const period = context.serviceDate ? periodOn(product.availability, context.serviceDate) : null;
  const rate = product.vatRateId ? context.vatRates.get(product.vatRateId)?.rate : null;
  return vatLabel(period?.priceIncludesVat, rate);
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
