import { DEFAULT_QUOTE_STATUS, type QuoteStatus } from './choices';
import { formatDate, isDateOnly, isWithin } from './dates';
import { formatDecimal, parseCents } from './money';
import { freePlacesFor, freePlacesRuleOf, payingParticipantsFor } from './free-places';
import { markupCents, supplierCostCents } from './margin';
import { bookingCents, hasPrice, periodOn, priceParts, type PricedPeriod } from './price';

/*
 * Quotes: how an item is priced on the quote's service date, when a saved price counts as manual,
 * what a quote totals, how its status follows its confirmed items, and how its times are written.
 * The server prices with these functions and the quote editor shows live prices with the same ones.
 */

/** A quote item books 1 to 999 participants. */
export const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 999;
/** How many products one quote may hold, and consumptions one quote may record. */
export const MAX_QUOTE_ITEMS = 200;
export const MAX_QUOTE_CONSUMPTIONS = 500;
/** How many people may be counted as confirmed or present at a service. */
export const MAX_QUOTE_PARTICIPANTS = 100_000;
/** A consumption's quantity (whole units). */
export const MAX_CONSUMPTION_QUANTITY = 100_000;
/** A saved price further than this from the computed one was typed by someone: it is manual. */
export const MANUAL_PRICE_TOLERANCE_CENTS = 1;
/** The service starts at this time when the creation dialog is given none. */
export const DEFAULT_SERVICE_START_TIME = '09:00';
/** The time assumed for the booking, and for a quote without a service time. */
export const DEFAULT_BOOKING_TIME = '12:00';
/** Quotes on the dashboard's Recent Quotes. */
export const RECENT_QUOTES = 5;
/** Statuses whose quotes count as revenue. */
export const REVENUE_STATUSES: readonly QuoteStatus[] = ['confirmed', 'closed'];
/** The statuses the simple editor and the list filter offer. */
export const SIMPLE_QUOTE_STATUSES: readonly QuoteStatus[] = ['pending', 'confirmed', 'cancelled'];

export type PriceSource = 'auto' | 'manual';
/** How many of a quote's items are order-confirmed: none, some, or all of them. */
export type Confirmation = 'none' | 'some' | 'all';

/** A quote's short id: the last 6 characters of its id, upper case ("#A1B2C3" on screen). */
export function quoteShortId(id: string): string {
  return id.slice(-6).toUpperCase();
}

/* ---------- price lists ---------- */

/** A price list as a quote's pricing reads it; the amounts as the API writes them. */
export interface PriceListReduction {
  isActive: boolean;
  startDate: string;
  endDate: string;
  reductionAmount: string | null;
  reductionPercentage: string | null;
  /** a markup over cost ("25.00" %) instead of reductions: the price is the line's cost marked up */
  markupPercentage?: string | null;
}

/** A price list reduces a price on a date when it is active and the date lies in its validity. */
export function priceListAppliesOn(list: PriceListReduction | null | undefined, date: string | null): list is PriceListReduction {
  return Boolean(list && date && list.isActive && isWithin(date, list));
}

/** The price after the list's reductions: the percentage first, then the amount, never below 0. */
export function reducedCents(cents: number, list: PriceListReduction): number {
  const percentHundredths = list.reductionPercentage === null ? 0 : (parseCents(list.reductionPercentage) ?? 0);
  const afterPercent = cents - Math.round((cents * percentHundredths) / 10_000);
  const amount = list.reductionAmount === null ? 0 : (parseCents(list.reductionAmount) ?? 0);
  return Math.max(0, afterPercent - amount);
}

/* ---------- items ---------- */

/** What of an item its price depends on. */
export interface ItemBooking {
  quantity: number;
  orderConfirmed: boolean;
  confirmedParticipants: number;
}

/** The participants an item is priced for: those confirmed once the order is, else the quantity. */
export function itemParticipants(item: ItemBooking): number {
  return item.orderConfirmed ? item.confirmedParticipants : item.quantity;
}

export interface ItemPricing {
  /** the automatic price, in cents */
  cents: number;
  /** whether a price list's reductions (or its markup over cost) went into it */
  priceListApplied: boolean;
}

/** An item's automatic price with what it was worked out from. */
export interface LinePricing extends ItemPricing {
  /** whether the price list's markup over cost priced it */
  markupApplied: boolean;
  /** whether a period on the service date prices it (its sale prices, or its cost marked up) */
  available: boolean;
  /** the participants free under the period's free places */
  freePlaces: number;
  /** the participants charged per person: those priced less the free places */
  payingParticipants: number;
  /** the period's supplier cost for the participants, in cents; null when it sets none */
  automaticCostCents: number | null;
  /** the line's cost: the one set by hand, else the automatic one */
  costCents: number | null;
}

/**
 * An item's automatic price on the service date: its product's period containing the date prices the
 * paying participants (the free places are not charged; 0 without a date or a period). The customer's
 * price list, when it applies on that date, reduces it, or, when it sets a markup and the line has a
 * cost, prices the line at its cost marked up. `manualCostCents`: a cost set by hand (null: the period's).
 */
export function priceLine(
  periods: readonly PricedPeriod[],
  serviceDate: string | null,
  item: ItemBooking,
  priceList?: PriceListReduction | null,
  manualCostCents: number | null = null,
): LinePricing {
  const period = serviceDate ? periodOn(periods, serviceDate) : null;
  const parts = period ? priceParts(period) : null;
  const participants = itemParticipants(item);
  const rule = freePlacesRuleOf(period);
  const automaticCostCents = period ? supplierCostCents(period, participants) : null;
  const costCents = manualCostCents ?? automaticCostCents;
  const priced = parts !== null && hasPrice(parts);
  const payingParticipants = payingParticipantsFor(participants, rule);
  const base = { freePlaces: freePlacesFor(participants, rule), payingParticipants, automaticCostCents, costCents };
  const cents = priced ? bookingCents(parts, payingParticipants) : 0;
  if (priceListAppliesOn(priceList, serviceDate)) {
    const markup = priceList.markupPercentage ?? null;
    if (markup !== null && costCents !== null) {
      return { ...base, cents: markupCents(costCents, markup), priceListApplied: true, markupApplied: true, available: true };
    }
    if (markup === null && cents > 0) return { ...base, cents: reducedCents(cents, priceList), priceListApplied: true, markupApplied: false, available: priced };
  }
  return { ...base, cents, priceListApplied: false, markupApplied: false, available: priced };
}

/** priceLine's price alone. */
export function priceItem(
  periods: readonly PricedPeriod[],
  serviceDate: string | null,
  item: ItemBooking,
  priceList?: PriceListReduction | null,
  manualCostCents: number | null = null,
): ItemPricing {
  const { cents, priceListApplied } = priceLine(periods, serviceDate, item, priceList, manualCostCents);
  return { cents, priceListApplied };
}

/** A saved price is manual when it is further than a cent from the computed one; none saved is automatic. */
export function priceSourceOf(savedCents: number | null | undefined, computedCents: number): PriceSource {
  if (savedCents === null || savedCents === undefined) return 'auto';
  return Math.abs(savedCents - computedCents) > MANUAL_PRICE_TOLERANCE_CENTS ? 'manual' : 'auto';
}

/** The VAT note beside a price: 'IVA inclusa' when the period's prices include it, else the product's rate. */
export function vatLabel(priceIncludesVat: boolean | null | undefined, vatRate: string | null | undefined): string | null {
  if (priceIncludesVat) return 'IVA inclusa';
  if (vatRate === null || vatRate === undefined || parseCents(vatRate) === null) return null;
  return `+ IVA ${formatDecimal(vatRate).replace(/,?0+$/, '')}%`;
}

/* ---------- quotes ---------- */

export interface PricedItem {
  totalCents: number;
  orderConfirmed: boolean;
  /** an optional line is offered beside the quote, never in its total */
  optional?: boolean;
}

/** A quote's total: of its confirmed items once the quote is confirmed, else of all its items; optional lines left out. */
export function quoteTotalCents(items: readonly PricedItem[], status: QuoteStatus): number {
  return items.filter((item) => countsInTotal(item, status)).reduce((sum, item) => sum + item.totalCents, 0);
}

/** Whether a line goes into its quote's total: never when optional; once the quote is confirmed, only when order-confirmed. */
export function countsInTotal(item: { orderConfirmed: boolean; optional?: boolean }, status: QuoteStatus): boolean {
  return !item.optional && (status !== 'confirmed' || item.orderConfirmed);
}

/** The total of the confirmed items alone: what a confirmed quote is worth. */
export function confirmedTotalCents(items: readonly PricedItem[]): number {
  return quoteTotalCents(items, 'confirmed');
}

/** What the optional lines add up to, offered beside the total. */
export function optionalTotalCents(items: readonly PricedItem[]): number {
  return items.filter((item) => item.optional).reduce((sum, item) => sum + item.totalCents, 0);
}

export function confirmationOf(items: readonly { orderConfirmed: boolean }[]): Confirmation {
  const confirmed = items.filter((item) => item.orderConfirmed).length;
  if (confirmed === 0) return 'none';
  return confirmed === items.length ? 'all' : 'some';
}

/**
 * The status after a quote's items changed: a pending quote with a confirmed item becomes confirmed,
 * a confirmed quote without one returns to pending; any other status stays as it is.
 */
export function statusAfterItems(status: QuoteStatus, items: readonly { orderConfirmed: boolean }[]): QuoteStatus {
  const anyConfirmed = items.some((item) => item.orderConfirmed);
  if (status === 'pending' && anyConfirmed) return 'confirmed';
  if (status === 'confirmed' && !anyConfirmed) return DEFAULT_QUOTE_STATUS;
  return status;
}

/* ---------- times ---------- */

/** A date-time as quotes keep it: the business time zone's wall clock, to the second, no offset. */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Whether a value is an ISO 8601 date-time that exists (date, hours 0–23, minutes and seconds 0–59). */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = WALL_CLOCK.exec(value);
  if (!match) return false;
  const [, date, hours, minutes, seconds = '00', offset] = match;
  if (!isDateOnly(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return false;
  if (offset && offset !== 'Z') {
    const digits = offset.replace(':', '');
    if (Number(digits.slice(1, 3)) > 23 || Number(digits.slice(3, 5)) > 59) return false;
  }
  return true;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A valid date-time as the wall clock of the business time zone, "YYYY-MM-DDTHH:mm:ss": one given
 * with an offset (or Z) is that instant's local time there; one without is taken as local already.
 */
export function toWallClock(value: string, timeZone: string): string {
  const match = WALL_CLOCK.exec(value);
  if (!match) throw new RangeError(`not a date-time: ${value}`);
  const [, date, hours, minutes, seconds = '00', offset] = match;
  if (!offset) return `${date}T${hours}:${minutes}:${seconds}`;
  const parts = wallClockFormat(timeZone).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/** "HH:mm" of a wall-clock date-time, or null. */
export function timeOf(dateTime: string | null | undefined): string | null {
  return dateTime ? dateTime.slice(11, 16) : null;
}

/**
 * When an item is order-confirmed: the service date at the service's start time (noon without one),
 * to the minute.
 */
export function bookingDateTimeFor(serviceDate: string, serviceStartTime: string | null | undefined): string {
  return `${serviceDate}T${timeOf(serviceStartTime) ?? DEFAULT_BOOKING_TIME}:00`;
}

/** The quote list's service date: "15/07/2026 alle 09:00" (noon when the quote has no start time). */
export function formatServiceDateTime(serviceDate: string, serviceStartTime: string | null | undefined): string {
  return `${formatDate(serviceDate)} alle ${timeOf(serviceStartTime) ?? DEFAULT_BOOKING_TIME}`;
}
