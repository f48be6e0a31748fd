import {
  addDays,
  type CreateQuoteDto,
  DEFAULT_QUOTE_STATUS,
  type QuoteItemDto,
  QUOTE_MESSAGES,
  todayIn,
  toCents,
  type UpdateQuoteDto,
} from '@quotebook/contracts';
import { appError } from '@quotebook/server-core';
import { depositColumnsOf } from '../payments/quote-schedule';
import type { ItemDraft } from '../pricing/quote-pricing';
import { itemDuplicate } from '../pricing/quote-pricing.service';
import { wallClockOrNull } from '../wall-clock';
import type { ItemRow, QuoteFields, QuoteRow } from './quote-rows';

/** A quote is valid for this many days unless its creation says otherwise. */
export const QUOTE_VALIDITY_DAYS = 30;

/** An optional text as stored: trimmed by the request's rules, '' and null meaning none. */
const textOrNull = (value: string | null | undefined): string | null => (value ? value : null);

/** A new quote's fields from its creation request; the customer's name comes with the pricing. */
export function newQuoteFields(dto: CreateQuoteDto, timeZone: string): QuoteFields {
  return {
    customer_id: dto.customerId,
    customer_name: '',
    subject: textOrNull(dto.subject),
    service_date: dto.serviceDate,
    expiry_date: dto.expiryDate ?? addDays(todayIn(timeZone), QUOTE_VALIDITY_DAYS),
    booking_date_time: wallClockOrNull(dto.bookingDateTime, timeZone) ?? null,
    actual_service_date_time: wallClockOrNull(dto.actualServiceDateTime, timeZone) ?? null,
    status: dto.status ?? DEFAULT_QUOTE_STATUS,
    service_start_time: wallClockOrNull(dto.serviceStartTime, timeZone) ?? null,
    estimated_end_time: wallClockOrNull(dto.estimatedEndTime, timeZone) ?? null,
    service_end_time: wallClockOrNull(dto.serviceEndTime, timeZone) ?? null,
    service_notes: textOrNull(dto.serviceNotes),
    actual_participants: dto.actualParticipants ?? 0,
    price_list_id: null,
    price_list_name: null,
    ...depositColumnsOf(dto, null),
  };
}

/** The quote as a change leaves it: what is sent changes, null clears what may be empty, the rest stays. */
export function changedQuote(quote: QuoteRow, dto: UpdateQuoteDto, timeZone: string): QuoteRow {
  const dateTime = (value: string | null | undefined, current: string | null) => {
    const converted = wallClockOrNull(value, timeZone);
    return converted === undefined ? current : converted;
  };
  const text = (value: string | null | undefined, current: string | null) => (value === undefined ? current : textOrNull(value));
  return {
    ...quote,
    customer_id: dto.customerId ?? quote.customer_id,
    subject: text(dto.subject, quote.subject),
    service_date: dto.serviceDate ?? quote.service_date,
    expiry_date: dto.expiryDate ?? quote.expiry_date,
    booking_date_time: dateTime(dto.bookingDateTime, quote.booking_date_time),
    actual_service_date_time: dateTime(dto.actualServiceDateTime, quote.actual_service_date_time),
    status: dto.status ?? quote.status,
    service_start_time: dateTime(dto.serviceStartTime, quote.service_start_time),
    estimated_end_time: dateTime(dto.estimatedEndTime, quote.estimated_end_time),
    service_end_time: dateTime(dto.serviceEndTime, quote.service_end_time),
    service_notes: text(dto.serviceNotes, quote.service_notes),
    actual_participants: dto.actualParticipants ?? quote.actual_participants,
    ...depositColumnsOf(dto, quote),
  };
}

/**
 * A total a change sets by hand, in cents: the editors send back the total they show, so only one that
 * differs from the stored total was typed (storeQuoteFigures makes it automatic again when it is what
 * the items and consumptions add up to); null: the total is left as it is.
 */
export function totalSentByHand(quote: Pick<QuoteRow, 'total_amount'>, totalAmount: string | number | undefined): number | null {
  if (totalAmount === undefined) return null;
  const sent = toCents(totalAmount);
  return sent === toCents(quote.total_amount) ? null : sent;
}

/** 400 when a new quote would expire before today in the business time zone (an existing quote's date is not checked). */
export function assertExpiryNotPast(fields: Pick<QuoteFields, 'expiry_date'>, timeZone: string): void {
  if (fields.expiry_date < todayIn(timeZone)) throw appError('VALIDATION_FAILED', [QUOTE_MESSAGES.expiryDateBeforeToday]);
}

/** 409 when the client's version is not the quote's: someone else changed it meanwhile. No version: not checked. */
export function assertVersion(quote: QuoteRow, version: number | undefined): void {
  if (version !== undefined && version !== quote.version) throw appError('QUOTE_CHANGED', QUOTE_MESSAGES.quoteChanged);
}

/**
 * A description as a request sets it: left out, the item keeps the one it has (a new item takes the
 * product's); null or empty, the product's Italian title (else its code).
 */
function descriptionOf(given: string | null | undefined, stored: string | null): string | null {
  return given === undefined ? stored : textOrNull(given);
}

/**
 * The items a request lists (a new quote's, or the whole list that replaces a quote's items), each
 * naming its product as `${list}[i].productId`. An item of a product the quote already holds keeps its
 * id and creation time. A product listed twice is a conflict.
 */
export function draftsOfList(list: string, items: readonly QuoteItemDto[], existing: readonly ItemRow[] = []): ItemDraft[] {
  const listed = new Set<string>();
  return items.map((item, index) => {
    if (listed.has(item.productId)) throw itemDuplicate();
    listed.add(item.productId);
    return draftOfRequest(item, `${list}[${index}].productId`, existing.find((row) => row.product_id === item.productId) ?? null);
  });
}

/** A cost as a request sets it: null returns to the period's; left out, the item keeps a cost typed before. */
function costOfRequest(given: string | number | null | undefined, stored: ItemRow | null): number | null {
  if (given === undefined) return stored?.cost_source === 'manual' && stored.cost !== null ? toCents(stored.cost) : null;
  return given === null ? null : toCents(given);
}

/** One item as a request sends it, `field` naming its product; `stored` is the quote's item of that product. */
export function draftOfRequest(item: QuoteItemDto, field: string, stored: ItemRow | null): ItemDraft {
  return {
    id: stored?.id ?? null,
    productId: item.productId,
    quantity: item.quantity ?? 1,
    orderConfirmed: item.orderConfirmed ?? false,
    confirmedParticipants: item.confirmedParticipants ?? 0,
    manualCents: item.totalPrice === undefined || item.totalPrice === null ? null : toCents(item.totalPrice),
    givenUnitCents: item.unitPrice === undefined || item.unitPrice === null ? null : toCents(item.unitPrice),
    manualCostCents: costOfRequest(item.cost, stored),
    optional: item.optional ?? stored?.optional ?? false,
    description: descriptionOf(item.description, stored?.description ?? null),
    wasConfirmed: stored?.order_confirmed ?? false,
    field,
    stored,
  };
}
