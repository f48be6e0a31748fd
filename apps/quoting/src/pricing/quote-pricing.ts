import {
  bookingDateTimeFor,
  MAX_MONEY,
  mustBeOfTenant,
  type PriceSource,
  priceLine,
  pricePartsOn,
  priceSourceOf,
  type QuotePricingData,
  reducedCents,
  statusAfterItems,
  toCents,
} from '@quotebook/contracts';
import { chargedParticipants, plainText } from '@quotebook/domain';
import { type ItemRow, MAX_CENTS, type QuoteFields } from '../quotes/quote-rows';

/** An item as it is to be, before it is priced: what the request says, or what was stored. */
export interface ItemDraft {
  /** null: a new item */
  id: string | null;
  productId: string;
  quantity: number;
  orderConfirmed: boolean;
  confirmedParticipants: number;
  /** the price typed by someone, in cents; null: the automatic price */
  manualCents: number | null;
  /** the unit price sent with a manual price, in cents */
  givenUnitCents: number | null;
  /** the cost typed by someone, in cents; null: the period's */
  manualCostCents: number | null;
  optional: boolean;
  /** null: the product's Italian title, else its code */
  description: string | null;
  /** whether the item was order-confirmed before this change (a new item was not) */
  wasConfirmed: boolean;
  /** how the request names the item's product ("items[0].productId"); null when the request leaves the item as it was */
  field: string | null;
  /** the item as last stored: kept when the catalogue no longer knows its product */
  stored: ItemRow | null;
}

/** An item priced, as it is stored. */
export interface PricedItem {
  id: string | null;
  productId: string;
  productCode: string;
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  computedCents: number;
  priceSource: PriceSource;
  orderConfirmed: boolean;
  confirmedParticipants: number;
  priceIncludesVat: boolean;
  vatRate: string | null;
  priceListApplied: boolean;
  /** whether the product has a priced period on the service date (without one, its automatic price is 0) */
  available: boolean;
  /** the automatic price before the price list's reductions, when they applied; else null */
  listCents: number | null;
  /** the period's minimum participants, when it sets one */
  minParticipants: number | null;
  /** the participants priced, or the minimum when more */
  chargedParticipants: number;
  /** the product's Italian short description as plain text, when the catalogue has one */
  catalogueDescription: string | null;
  /** what the line costs the agency, in cents (null when unknown), and whether it was typed */
  costCents: number | null;
  costSource: PriceSource;
  optional: boolean;
  /** the participants free under the period's free places */
  freePlaces: number;
  /** it became order-confirmed with this change */
  newlyConfirmed: boolean;
}

export interface QuotePricing {
  items: PricedItem[];
  /** the customer's business name, when the catalogue knows the customer */
  customerName: string | null;
  /** the customer's price list, when its reductions went into an automatic price */
  priceList: { id: string; name: string } | null;
}

/** The quote's state as a change of its items leaves it. */
export interface PricingChange {
  /** items were added, removed or changed (not only priced again): the status and booking rules apply */
  itemsChanged: boolean;
  /** how the request names the customer when it sets one ("customerId"): a customer not of the agency is refused */
  customerField: string | null;
}

/**
 * Every item priced on the quote's service date with the catalogue's answer: the product's period on
 * that date, the customer's price list. A manual price stays as typed (its automatic price is worked
 * out beside it); a product or customer the request names that the catalogue does not know as the
 * agency's is a problem naming the field, as is a price beyond what a money column holds.
 */
export function priceQuote(
  drafts: readonly ItemDraft[],
  data: QuotePricingData,
  serviceDate: string,
  customerField: string | null,
): { pricing: QuotePricing; problems: string[] } {
  const problems: string[] = [];
  if (customerField !== null && data.customer === null) problems.push(mustBeOfTenant(customerField, 'customer'));
  const priceList = data.customer?.priceList ?? null;
  const products = new Map(data.products.map((product) => [product.id, product]));
  const items: PricedItem[] = [];
  for (const given of drafts) {
    const draft = withConfirmedParticipants(given);
    const product = products.get(draft.productId);
    const newlyConfirmed = draft.orderConfirmed && !draft.wasConfirmed;
    if (!product) {
      if (draft.field !== null || draft.stored === null) problems.push(mustBeOfTenant(draft.field ?? 'productId', 'product'));
      // the product left the catalogue since the item was priced: the item keeps its prices
      else items.push({ ...storedPrices(draft.stored), ...bookingOf(draft), ...costOf(draft, draft.stored), description: draft.description ?? draft.stored.description, newlyConfirmed });
      continue;
    }
    const periods = product.period ? [product.period] : [];
    const parts = pricePartsOn(periods, serviceDate);
    const automatic = priceLine(periods, serviceDate, draft, priceList, draft.manualCostCents);
    const priceSource = priceSourceOf(draft.manualCents, automatic.cents);
    const totalCents = priceSource === 'manual' ? (draft.manualCents ?? automatic.cents) : automatic.cents;
    if (Math.max(totalCents, automatic.cents) > MAX_CENTS) {
      problems.push(
        draft.field === null
          ? `the price of product ${product.code} would be more than ${MAX_MONEY}`
          : `${draft.field.replace(/productId$/, '')}totalPrice would be more than ${MAX_MONEY}`,
      );
    }
    if ((automatic.costCents ?? 0) > MAX_CENTS) {
      problems.push(
        draft.field === null
          ? `the cost of product ${product.code} would be more than ${MAX_MONEY}`
          : `${draft.field.replace(/productId$/, '')}cost would be more than ${MAX_MONEY}`,
      );
    }
    const perPersonCents = parts?.perPersonCents ?? 0;
    // the price list's amount comes off the whole booking; each person's price takes only its percentage
    // a markup prices each person at their share of the marked-up line
    const unitCents =
      priceSource === 'manual' && draft.givenUnitCents !== null
        ? draft.givenUnitCents
        : automatic.markupApplied
          ? Math.round(automatic.cents / Math.max(1, automatic.payingParticipants))
          : automatic.priceListApplied && priceList
            ? reducedCents(perPersonCents, { ...priceList, reductionAmount: null })
            : perPersonCents;
    items.push({
      id: draft.id,
      productId: product.id,
      productCode: product.code,
      description: draft.description ?? (product.titleIt?.trim() || product.code),
      ...bookingOf(draft),
      unitCents,
      totalCents,
      computedCents: automatic.cents,
      priceSource,
      priceIncludesVat: product.period?.priceIncludesVat ?? false,
      vatRate: product.vatRate,
      priceListApplied: automatic.priceListApplied,
      available: automatic.available,
      listCents: automatic.priceListApplied ? priceLine(periods, serviceDate, draft).cents : null,
      minParticipants: parts?.minParticipants ?? null,
      chargedParticipants: parts ? chargedParticipants(parts, automatic.payingParticipants) : automatic.payingParticipants,
      catalogueDescription: plainText(product.shortDescriptionIt),
      costCents: automatic.costCents,
      costSource: draft.manualCostCents === null ? 'auto' : 'manual',
      optional: draft.optional,
      freePlaces: automatic.freePlaces,
      newlyConfirmed,
    });
  }
  const reduced = items.some((item) => item.priceListApplied);
  return {
    pricing: {
      items,
      customerName: data.customer?.name ?? null,
      priceList: reduced && priceList ? { id: priceList.id, name: priceList.name } : null,
    },
    problems,
  };
}

/**
 * An item that becomes order-confirmed with no confirmed participants is confirmed for those it was
 * requested for; an item confirmed before keeps what it is given, 0 included.
 */
function withConfirmedParticipants(draft: ItemDraft): ItemDraft {
  const filled = draft.orderConfirmed && !draft.wasConfirmed && draft.confirmedParticipants === 0;
  return filled ? { ...draft, confirmedParticipants: draft.quantity } : draft;
}


function bookingOf(draft: ItemDraft): Pick<PricedItem, 'quantity' | 'orderConfirmed' | 'confirmedParticipants' | 'optional'> {
  return { quantity: draft.quantity, orderConfirmed: draft.orderConfirmed, confirmedParticipants: draft.confirmedParticipants, optional: draft.optional };
}

/** The cost of an item whose product left the catalogue: the one typed, else the one last stored. */
function costOf(draft: ItemDraft, stored: ItemRow): Pick<PricedItem, 'costCents' | 'costSource'> {
  if (draft.manualCostCents !== null) return { costCents: draft.manualCostCents, costSource: 'manual' };
  return { costCents: stored.cost_source === 'auto' && stored.cost !== null ? toCents(stored.cost) : null, costSource: 'auto' };
}

function storedPrices(
  row: ItemRow,
): Omit<PricedItem, 'description' | 'newlyConfirmed' | 'quantity' | 'orderConfirmed' | 'confirmedParticipants' | 'optional' | 'costCents' | 'costSource'> {
  return {
    id: row.id,
    productId: row.product_id,
    productCode: row.product_code,
    unitCents: toCents(row.unit_price),
    totalCents: toCents(row.total_price),
    computedCents: toCents(row.computed_price),
    priceSource: row.price_source,
    priceIncludesVat: row.price_includes_vat,
    vatRate: row.vat_rate,
    priceListApplied: row.price_list_applied,
    available: row.available,
    listCents: row.list_price === null ? null : toCents(row.list_price),
    minParticipants: row.min_participants,
    chargedParticipants: row.charged_participants,
    catalogueDescription: row.catalogue_description,
    freePlaces: row.free_places,
  };
}

/**
 * The quote after its items were priced: its customer's name and price list; when items changed, the
 * status rule (pending with a confirmed item → confirmed, confirmed with none → pending) and the
 * booking time (set when an item becomes confirmed and the quote has none). Its figures follow once the
 * items are stored (storeQuoteFigures).
 */
export function pricedQuote<Q extends QuoteFields>(quote: Q, pricing: QuotePricing, change: PricingChange): Q {
  const status = change.itemsChanged ? statusAfterItems(quote.status, pricing.items) : quote.status;
  const confirmedNow = change.itemsChanged && pricing.items.some((item) => item.newlyConfirmed);
  const bookingDateTime =
    quote.booking_date_time ?? (confirmedNow ? bookingDateTimeFor(quote.service_date, quote.service_start_time) : null);
  return {
    ...quote,
    customer_name: pricing.customerName ?? quote.customer_name,
    price_list_id: pricing.priceList?.id ?? null,
    price_list_name: pricing.priceList?.name ?? null,
    status,
    booking_date_time: bookingDateTime,
  };
}
