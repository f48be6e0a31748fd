import { parseCents } from '@quotebook/domain';

/** What of a priced line its VAT depends on: its price, whether the price includes VAT, and the rate ("22.00"). */
export interface TaxedLine {
  totalCents: number;
  priceIncludesVat: boolean;
  vatRate: string | null;
}

export interface TaxSplit {
  taxableCents: number;
  vatCents: number;
  /** what the line costs with its VAT */
  totalCents: number;
}

/** The rate in hundredths of a percent (22.00 % → 2200); no rate, or no number, is none. */
const rateHundredths = (rate: string | null): number => (rate === null ? 0 : Math.max(0, parseCents(rate) ?? 0));

/**
 * One line's taxable amount and VAT, in cents, rounded per line: a price that includes VAT is split
 * (taxable = price / (1 + rate)), a price without it has the VAT added (VAT = price × rate).
 */
export function taxesOf({ totalCents, priceIncludesVat, vatRate }: TaxedLine): TaxSplit {
  const rate = rateHundredths(vatRate);
  if (priceIncludesVat) {
    const taxableCents = Math.round((totalCents * 10_000) / (10_000 + rate));
    return { taxableCents, vatCents: totalCents - taxableCents, totalCents };
  }
  const vatCents = Math.round((totalCents * rate) / 10_000);
  return { taxableCents: totalCents, vatCents, totalCents: totalCents + vatCents };
}

/** The document's totals: the sums of its lines' splits. */
export function totalsOf(lines: readonly TaxedLine[]): TaxSplit {
  return lines.map(taxesOf).reduce(
    (sum, line) => ({
      taxableCents: sum.taxableCents + line.taxableCents,
      vatCents: sum.vatCents + line.vatCents,
      totalCents: sum.totalCents + line.totalCents,
    }),
    { taxableCents: 0, vatCents: 0, totalCents: 0 },
  );
}
