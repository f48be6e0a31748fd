import type { ProductView, QuoteDetailView, QuoteItemView } from '@quotebook/contracts';
import {
  bookingDateTimeFor,
  isMoneyValue,
  lineFigures,
  MESSAGES,
  parseCents,
  priceSourceOf,
  statusAfterItems,
  type ItemPricing,
  type PriceSource,
  type QuoteStatus,
} from '@quotebook/domain';
import type { FormErrors } from '../../shared/form/use-entity-form';
import { depositErrors, depositRequest, depositValuesOf, type DepositValues } from './deposit-form';
import { totalAmountError, totalChanged } from './quote-edit-form';
import { answeredFigures, marginFigures, type MarginFigures } from './quote-margin';
import { automaticTotalCents, byTitle, liveLine, liveTaxes, liveVatLabel, type LineTaxes, type PricingContext } from './quote-pricing';
import type { QuoteItemRequest, UpdateQuoteRequest } from './quotes.api';

/** One selected product as the editor holds it; numbers being typed stay text until saved. */
export interface ItemDraft {
  productId: string;
  quantity: number;
  orderConfirmed: boolean;
  confirmedParticipants: string;
  /** a total price typed by hand; '' is the automatic price */
  manualPrice: string;
  /** offered beside the quote, not in its total */
  optional: boolean;
  /**
   * a cost typed by hand; '' is the period's (automatic) cost; undefined when the agency keeps a cost
   * set by hand from this person: it is then left as it is
   */
  manualCost?: string;
}

/**
 * The advanced editor. Date-times are what a `datetime-local` input holds ("2026-07-15T09:30") or '';
 * the service's start and end live on the service date and are edited as times in Basic Info.
 */
export interface AdvancedValues extends DepositValues {
  customerId: string;
  status: QuoteStatus;
  subject: string;
  serviceDate: string;
  serviceStart: string;
  estimatedEnd: string;
  serviceEnd: string;
  expiryDate: string;
  bookingDateTime: string;
  actualServiceDateTime: string;
  totalAmount: string;
  /** whether the total was typed by hand: otherwise it follows the products */
  totalTyped: boolean;
  actualParticipants: string;
  serviceNotes: string;
  /** in the order they were selected */
  items: ItemDraft[];
}

/** A stored wall-clock date-time ("2026-07-15T09:30:00") as a datetime-local input shows it. */
export function localDateTime(value: string | null): string {
  return value ? value.slice(0, 16) : '';
}

/** A datetime-local input's value as the API writes it, or null when empty. */
export function wallClock(local: string): string | null {
  return local ? `${local}:00` : null;
}

/** A saved item as the editor holds it (a price that is not the automatic one is typed by hand). */
export function draftOf(item: QuoteItemView): ItemDraft {
  return {
    productId: item.productId,
    quantity: item.quantity,
    orderConfirmed: item.orderConfirmed,
    confirmedParticipants: String(item.confirmedParticipants),
    manualPrice: item.priceSource === 'manual' ? item.totalPrice : '',
    optional: item.optional,
    manualCost: item.costSource === 'manual' ? (item.cost ?? undefined) : '',
  };
}

/** A product just ticked: one participant, the automatic price and cost. */
export function newDraft(productId: string): ItemDraft {
  return { productId, quantity: 1, orderConfirmed: false, confirmedParticipants: '0', manualPrice: '', optional: false, manualCost: '' };
}

export function advancedForm(quote: QuoteDetailView): AdvancedValues {
  return {
    customerId: quote.customerId,
    status: quote.status,
    subject: quote.subject ?? '',
    serviceDate: quote.serviceDate,
    serviceStart: localDateTime(quote.serviceStartTime),
    estimatedEnd: localDateTime(quote.estimatedEndTime),
    serviceEnd: localDateTime(quote.serviceEndTime),
    expiryDate: quote.expiryDate,
    bookingDateTime: localDateTime(quote.bookingDateTime),
    actualServiceDateTime: localDateTime(quote.actualServiceDateTime),
    totalAmount: quote.totalAmount,
    totalTyped: false,
    actualParticipants: String(quote.actualParticipants),
    serviceNotes: quote.serviceNotes ?? '',
    items: quote.items.map(draftOf),
    ...depositValuesOf(quote),
  };
}

/** The date-time `local` set to `time` on `date`; no time clears it. */
export function atTime(date: string, time: string): string {
  return time && date ? `${date}T${time}` : '';
}

/** A new service date carries the service's times along. */
export function movedToDate(values: AdvancedValues, serviceDate: string): Partial<AdvancedValues> {
  const move = (local: string) => (local && serviceDate ? atTime(serviceDate, local.slice(11, 16)) : local);
  return { serviceDate, serviceStart: move(values.serviceStart), estimatedEnd: move(values.estimatedEnd), serviceEnd: move(values.serviceEnd) };
}

/* ---------- products ---------- */

/**
 * The Products tab lists every product of the agency: those whose order is confirmed first, then by
 * Italian title (code without one). `confirmed` is the quote as read, so rows do not move under the
 * pointer while a person ticks them.
 */
export function productsForEditor(products: readonly ProductView[], confirmed: ReadonlySet<string>): ProductView[] {
  return [...products].sort((a, b) => Number(confirmed.has(b.id)) - Number(confirmed.has(a.id)) || byTitle(a, b));
}

/** Confirmed participants as typed: a whole number of at least 0. */
export function participantsError(text: string): string | undefined {
  return /^\d+$/.test(text.trim()) ? undefined : MESSAGES.participantsRange;
}

export function manualPriceError(text: string): string | undefined {
  return text.trim() === '' || isMoneyValue(text.trim()) ? undefined : MESSAGES.manualPrice;
}

export function manualCostError(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' || isMoneyValue(text.trim()) ? undefined : MESSAGES.amount;
}

export const participantsOf = (draft: ItemDraft) => (participantsError(draft.confirmedParticipants) ? 0 : Number(draft.confirmedParticipants));
/** The price typed by hand in cents; null when none (or none that is an amount). */
const manualCents = (draft: ItemDraft) => (draft.manualPrice.trim() === '' || manualPriceError(draft.manualPrice) ? null : parseCents(draft.manualPrice.trim()));
/** The cost typed by hand in cents; null when none (or none that is an amount, or one not shown). */
const manualCostCents = (draft: ItemDraft) =>
  draft.manualCost === undefined || draft.manualCost.trim() === '' || manualCostError(draft.manualCost) ? null : parseCents(draft.manualCost.trim());

/** An item's price as shown: the typed price, else the automatic one, and how it carries VAT. */
export interface ShownPrice extends ItemPricing, LineTaxes {
  source: PriceSource;
  vatLabel: string | null;
  /** the participants free under the period's free places, and those who pay */
  freePlaces: number;
  payingParticipants: number;
  /** the period's cost for the line's participants, in cents (what 'automatico' goes back to); null when none */
  automaticCostCents: number | null;
  /** the line's cost, net price and margin */
  margin: MarginFigures;
}

/** The saved item, when the draft and everything its price depends on are as saved. */
function unchangedItem(draft: ItemDraft, quote: QuoteDetailView, values: AdvancedValues): QuoteItemView | undefined {
  if (values.serviceDate !== quote.serviceDate || values.customerId !== quote.customerId) return undefined;
  const saved = quote.items.find((item) => item.productId === draft.productId);
  return saved && sameDraft(draftOf(saved), draft) ? saved : undefined;
}

/**
 * An item's price: the server's, as saved, while nothing it depends on has changed; else worked out
 * live with the shared engine (a manual price stays as typed).
 */
export function shownPrice(
  draft: ItemDraft,
  product: ProductView | undefined,
  context: PricingContext,
  quote: QuoteDetailView,
  values: AdvancedValues,
): ShownPrice {
  const saved = unchangedItem(draft, quote, values);
  const booking = { quantity: draft.quantity, orderConfirmed: draft.orderConfirmed, confirmedParticipants: participantsOf(draft) };
  const auto = product
    ? liveLine(product, booking, context, manualCostCents(draft))
    : { cents: 0, priceListApplied: false, freePlaces: 0, payingParticipants: booking.quantity, automaticCostCents: null, costCents: null };
  if (saved) {
    return {
      cents: parseCents(saved.totalPrice) ?? 0,
      priceListApplied: saved.priceListApplied,
      source: saved.priceSource,
      vatLabel: saved.vatLabel,
      priceIncludesVat: saved.priceIncludesVat,
      vatRate: saved.vatRate,
      freePlaces: saved.freePlaces,
      payingParticipants: saved.payingParticipants,
      automaticCostCents: auto.automaticCostCents,
      margin: answeredFigures(saved.netPrice, saved.cost, saved.margin, saved.marginPercent),
    };
  }
  const manual = manualCents(draft);
  const source = priceSourceOf(manual, auto.cents);
  const cents = source === 'manual' && manual !== null ? manual : auto.cents;
  const taxes = product ? liveTaxes(product, context) : { priceIncludesVat: false, vatRate: null };
  return {
    cents,
    priceListApplied: source === 'auto' && auto.priceListApplied,
    source,
    vatLabel: product ? liveVatLabel(product, context) : null,
    ...taxes,
    freePlaces: auto.freePlaces,
    payingParticipants: auto.payingParticipants,
    automaticCostCents: auto.automaticCostCents,
    margin: marginFigures(lineFigures({ totalCents: cents, ...taxes }).netCents, auto.costCents),
  };
}

/** Ticking Order Confirmed on a line with 0 confirmed participants confirms the participants it books. */
export function withConfirmedParticipants(draft: ItemDraft, patch: Partial<ItemDraft>): Partial<ItemDraft> {
  if (patch.orderConfirmed !== true || patch.confirmedParticipants !== undefined || participantsOf(draft) !== 0) return patch;
  return { ...patch, confirmedParticipants: String(draft.quantity) };
}

/** What the status becomes when the items change: pending ↔ confirmed, as the server decides too. */
export function withItems(values: AdvancedValues, items: ItemDraft[]): Partial<AdvancedValues> {
  return { items, status: statusAfterItems(values.status, items) };
}

/**
 * Ticking Order Confirmed on a quote with a service date and no booking time books it: the service
 * date at the start time (noon without one).
 */
export function bookedWhenConfirmed(values: AdvancedValues, confirmed: boolean): Partial<AdvancedValues> {
  if (!confirmed || !values.serviceDate || values.bookingDateTime) return {};
  return { bookingDateTime: localDateTime(bookingDateTimeFor(values.serviceDate, wallClock(values.serviceStart))) };
}

function sameDraft(a: ItemDraft, b: ItemDraft): boolean {
  return (
    a.productId === b.productId &&
    a.quantity === b.quantity &&
    a.orderConfirmed === b.orderConfirmed &&
    participantsOf(a) === participantsOf(b) &&
    manualCents(a) === manualCents(b) &&
    a.optional === b.optional &&
    (a.manualCost === undefined) === (b.manualCost === undefined) &&
    manualCostCents(a) === manualCostCents(b)
  );
}

/** Whether the selection or any selected product's figures differ from the quote as read. */
export function itemsChanged(items: readonly ItemDraft[], quote: QuoteDetailView): boolean {
  if (items.length !== quote.items.length) return true;
  return items.some((draft) => {
    const saved = quote.items.find((item) => item.productId === draft.productId);
    return !saved || !sameDraft(draftOf(saved), draft);
  });
}

/** The quote's total VAT included as its lines (priced as shown) and consumptions make it, in cents. */
export function liveTotalCents(
  items: readonly ItemDraft[],
  prices: ReadonlyMap<string, ShownPrice>,
  status: QuoteStatus,
  consumptions: readonly { totalValue: string }[],
): number {
  const lines = items.map((draft) => {
    const price = prices.get(draft.productId);
    return {
      totalCents: price?.cents ?? 0,
      priceIncludesVat: price?.priceIncludesVat ?? false,
      vatRate: price?.vatRate ?? null,
      orderConfirmed: draft.orderConfirmed,
      optional: draft.optional,
    };
  });
  return automaticTotalCents(lines, status, consumptions);
}

export function validateAdvanced(values: AdvancedValues): FormErrors<AdvancedValues> {
  const errors: FormErrors<AdvancedValues> = {};
  if (!values.customerId) errors.customerId = MESSAGES.customerRequired;
  if (!values.serviceDate) errors.serviceDate = MESSAGES.serviceDateRequired;
  if (!values.expiryDate) errors.expiryDate = MESSAGES.expiryDateRequired;
  if (values.totalTyped) errors.totalAmount = totalAmountError(values.totalAmount);
  errors.actualParticipants = participantsError(values.actualParticipants);
  const itemProblem = values.items
    .map((draft) => participantsError(draft.confirmedParticipants) ?? manualPriceError(draft.manualPrice) ?? manualCostError(draft.manualCost))
    .find(Boolean);
  if (itemProblem) errors.items = itemProblem;
  Object.assign(errors, depositErrors(values));
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FormErrors<AdvancedValues>;
}

/** Which tab holds a field, so the editor can show the first problem. */
export const TAB_OF_FIELD: Partial<Record<keyof AdvancedValues, number>> = {
  customerId: 0,
  serviceDate: 0,
  expiryDate: 0,
  totalAmount: 0,
  items: 1,
  actualParticipants: 2,
  depositValue: 4,
  balanceDueDays: 4,
};

/**
 * The quote's own fields. The total goes with them only when typed by hand and the products did not
 * change; otherwise the server's total from the items stands (see `saveAdvanced`).
 */
export function advancedQuoteRequest(values: AdvancedValues, quote: QuoteDetailView, withTotal: boolean): UpdateQuoteRequest {
  const time = (local: string) => wallClock(local);
  return {
    customerId: values.customerId,
    status: values.status,
    subject: values.subject.trim() || null,
    serviceDate: values.serviceDate,
    serviceStartTime: time(values.serviceStart),
    estimatedEndTime: time(values.estimatedEnd),
    serviceEndTime: time(values.serviceEnd),
    expiryDate: values.expiryDate,
    bookingDateTime: time(values.bookingDateTime),
    actualServiceDateTime: time(values.actualServiceDateTime),
    serviceNotes: values.serviceNotes.trim() || null,
    actualParticipants: Number(values.actualParticipants),
    ...(withTotal ? { totalAmount: values.totalAmount.trim() } : {}),
    ...depositRequest(values, quote),
    version: quote.version,
  };
}

/**
 * The items as the replace call sends them: no price or null is the automatic price, a cost of null the
 * automatic cost; a cost this person is not shown is not sent, so it stays as it is.
 */
export function itemsRequest(items: readonly ItemDraft[]): QuoteItemRequest[] {
  return items.map((draft) => ({
    productId: draft.productId,
    quantity: draft.quantity,
    orderConfirmed: draft.orderConfirmed,
    confirmedParticipants: Number(draft.confirmedParticipants),
    totalPrice: draft.manualPrice.trim() || null,
    optional: draft.optional,
    ...(draft.manualCost === undefined ? {} : { cost: draft.manualCost.trim() || null }),
  }));
}

/* ---------- item changes saved at once ---------- */

/** The toasts of the item changes the editor saves at once, and of the status they bring. */
export const ITEM_TOASTS = {
  added: { success: 'Product added to quote', failure: 'Failed to add product' },
  quantity: { success: 'Product quantity updated', failure: 'Failed to update product' },
  removed: { success: 'Product removed from quote', failure: 'Failed to remove product' },
  statusFailure: 'Failed to update quote status',
  unknownError: 'Unknown error',
} as const;

/** 'Failed to add product: {reason}', the server's reason or 'Unknown error'. */
export function itemFailureText(failure: string, reason: string | undefined): string {
  return `${failure}: ${reason?.trim() || ITEM_TOASTS.unknownError}`;
}

/** How long a quantity must rest before it is saved: stepping or typing 12 is one call, not one per keystroke. */
export const QUANTITY_SAVE_DELAY_MS = 400;

/** What `PUT …/items/{itemId}` must change so the saved item has the draft's quantity; null when nothing. */
export function quantityChange(draft: ItemDraft | undefined, saved: QuoteItemView | undefined): { quantity: number } | null {
  return draft && saved && draft.quantity !== saved.quantity ? { quantity: draft.quantity } : null;
}

/**
 * The quote's saved items as the editor would hold them, in the editor's order (the unsaved state
 * to compare with: an item saved at once is no longer a change to ask about).
 */
export function savedDrafts(items: readonly ItemDraft[], quote: QuoteDetailView): ItemDraft[] {
  const position = (productId: string) => {
    const index = items.findIndex((draft) => draft.productId === productId);
    return index === -1 ? items.length : index;
  };
  return [...quote.items].sort((a, b) => position(a.productId) - position(b.productId)).map(draftOf);
}

/** Whether the typed total must be sent (it differs from the stored one). */
export function totalToSend(values: AdvancedValues, quote: QuoteDetailView): boolean {
  return values.totalTyped && totalChanged(values.totalAmount, quote.totalAmount);
}
