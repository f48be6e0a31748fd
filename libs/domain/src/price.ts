import { isWithin } from './dates';
import type { FreePlacesTerms } from './free-places';
import type { SupplierCostTerms } from './margin';
import { formatCents, parseCents } from './money';

/*
 * The price engine. A product is priced from its availability period that contains the date (start
 * and end included); no such period means no price. A period may set a cost per person, a minimum
 * number of participants, a flat rate and additional costs, each switched on by its own flag.
 * A booking of n participants costs: cost per person × max(n, minimum) + flat rate + additional costs.
 */

/**
 * An availability period as far as pricing reads it; the amounts as the API writes them ("45.50"). Its
 * supplier cost and free places are optional: a period without them prices as before.
 */
export interface PricedPeriod extends SupplierCostTerms, FreePlacesTerms {
  startDate: string;
  endDate: string;
  hasCostPerPerson: boolean;
  costPerPerson: string | null;
  hasFlatRate: boolean;
  flatRate: string | null;
  hasMinParticipants?: boolean;
  minParticipants?: number | null;
  hasAdditionalCosts?: boolean;
  additionalCosts?: string | null;
}

/** What a period charges, in cents; a part that is switched off, unset or zero is null. */
export interface PriceParts {
  perPersonCents: number | null;
  flatCents: number | null;
  additionalCents: number | null;
  /** the fewest participants charged for, when the period sets a minimum */
  minParticipants: number | null;
}

/** The period that contains the date (bounds included), or null. */
export function periodOn<P extends { startDate: string; endDate: string }>(periods: readonly P[], date: string): P | null {
  return periods.find((period) => isWithin(date, period)) ?? null;
}

const amount = (enabled: boolean | undefined, value: string | null | undefined): number | null => {
  if (!enabled || value === null || value === undefined) return null;
  const cents = parseCents(value);
  return cents !== null && cents > 0 ? cents : null;
};

export function priceParts(period: PricedPeriod): PriceParts {
  const minimum = period.hasMinParticipants && period.minParticipants && period.minParticipants > 0 ? period.minParticipants : null;
  return {
    perPersonCents: amount(period.hasCostPerPerson, period.costPerPerson),
    flatCents: amount(period.hasFlatRate, period.flatRate),
    additionalCents: amount(period.hasAdditionalCosts, period.additionalCosts),
    minParticipants: minimum,
  };
}

/** Whether the period charges anything at all. */
export function hasPrice(parts: PriceParts): boolean {
  return parts.perPersonCents !== null || parts.flatCents !== null || parts.additionalCents !== null;
}

/** The participants charged for: those booked, or the minimum when more. */
export function chargedParticipants(parts: PriceParts, participants: number): number {
  return Math.max(participants, parts.minParticipants ?? 0);
}

/** What a booking of `participants` costs under these parts, in cents. */
export function bookingCents(parts: PriceParts, participants: number): number {
  return (parts.perPersonCents ?? 0) * chargedParticipants(parts, participants) + (parts.flatCents ?? 0) + (parts.additionalCents ?? 0);
}

/**
 * What each person pays when the smallest group the period allows books (one person, or the
 * minimum): the cost per person plus their share of the fixed amounts, rounded to the cent.
 */
export function perPersonShareCents(parts: PriceParts): number {
  const group = chargedParticipants(parts, 1);
  return Math.round(bookingCents(parts, group) / group);
}

/** The parts of the period containing `date`, or null when none contains it or it charges nothing. */
export function pricePartsOn(periods: readonly PricedPeriod[], date: string): PriceParts | null {
  const period = periodOn(periods, date);
  if (!period) return null;
  const parts = priceParts(period);
  return hasPrice(parts) ? parts : null;
}

/** What `participants` pay for the product on a date, in cents; 0 when no period contains the date. */
export function bookingCentsOn(periods: readonly PricedPeriod[], date: string, participants: number): number {
  const parts = pricePartsOn(periods, date);
  return parts ? bookingCents(parts, participants) : 0;
}

/**
 * The product list's current price on a date ("45.50"): from the period containing it, the cost per
 * person when set, else the flat rate; null when there is neither.
 */
export function currentPrice(periods: readonly PricedPeriod[], date: string): string | null {
  const period = periodOn(periods, date);
  if (!period) return null;
  const { perPersonCents, flatCents } = priceParts(period);
  const cents = perPersonCents ?? flatCents;
  return cents === null ? null : formatCents(cents);
}
