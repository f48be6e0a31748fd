import { formatCents, parseCents } from './money';

/*
 * Cost, markup and margin. A period may carry what the supplier charges the agency: an amount per
 * person and one per booking. A line's cost is per person × participants + per booking (the free
 * places cost the agency all the same); a person may set it by hand. The margin is what the agency
 * keeps: the net price (VAT excluded) less the cost; its percentage is of the net price.
 */

/** What of a period its supplier cost reads, as the API writes amounts ("45.50"). */
export interface SupplierCostTerms {
  supplierCostPerPerson?: string | null;
  supplierCostPerBooking?: string | null;
}

/** The supplier cost of a booking of `participants`, in cents; null when the period sets no cost at all. */
export function supplierCostCents(terms: SupplierCostTerms | null | undefined, participants: number): number | null {
  const perPerson = terms?.supplierCostPerPerson == null ? null : parseCents(terms.supplierCostPerPerson);
  const perBooking = terms?.supplierCostPerBooking == null ? null : parseCents(terms.supplierCostPerBooking);
  if (perPerson === null && perBooking === null) return null;
  return (perPerson ?? 0) * Math.max(0, participants) + (perBooking ?? 0);
}

/** A price that marks a cost up by a percentage ("25.00" → cost × 1.25), rounded to the cent. */
export function markupCents(costCents: number, markupPercentage: string): number {
  const hundredths = parseCents(markupPercentage) ?? 0;
  return costCents + Math.round((costCents * hundredths) / 10_000);
}

/** Net price less cost, in cents; null without a cost. */
export function marginCents(netCents: number, costCents: number | null): number | null {
  return costCents === null ? null : netCents - costCents;
}

/** The margin as a percentage of the net price, two decimals ("23.08"); null without a cost or with a net of 0. */
export function marginPercent(netCents: number, costCents: number | null): string | null {
  const margin = marginCents(netCents, costCents);
  if (margin === null || netCents === 0) return null;
  return formatCents(Math.round((margin * 10_000) / netCents));
}

/** What each paying participant pays of a gross price, rounded to the cent (the whole price when nobody pays). */
export function pricePerPersonCents(grossCents: number, payingParticipants: number): number {
  return payingParticipants > 0 ? Math.round(grossCents / payingParticipants) : grossCents;
}
