import { formatDecimal, parseCents } from './money';

/*
 * What a quote charges, and why, in one place for the server, the editors and the document: every
 * money figure a person reads is worked out here, in integer cents.
 *
 * - A line's price is in its period's terms: with VAT when the period's prices include it, else
 *   without. Each line is split into net, VAT and gross, rounded per line.
 * - A quote's total is gross (VAT included): its counted lines plus its consumptions (charged as
 *   recorded, with no VAT split: they count as "IVA non indicata").
 * - A total set by hand is that gross total: the difference from the lines and consumptions is an
 *   adjustment ("Sconto" when it lowers the total, "Arrotondamento" when it raises it), spread over the
 *   VAT rates in proportion to what each rate charges, so the VAT by rate still adds up to the total.
 */

/** What a line's VAT depends on: its price, whether that price includes VAT, and the rate ("22.00"). */
export interface TaxedLine {
  totalCents: number;
  priceIncludesVat: boolean;
  vatRate: string | null;
}

/** An amount split into net, VAT and gross, in cents. */
export interface NetVatGross {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The amounts charged at one VAT rate; a rate of null is "IVA non indicata" (no rate, or consumptions). */
export interface VatGroup extends NetVatGross {
  /** "22.00", or null */
  rate: string | null;
}

/** The labels the quote's figures are shown with, everywhere. */
export const FIGURE_LABELS = {
  /** the quote's total: the list's Amount, the editors' total, the document's total */
  total: 'Totale IVA incl.',
  net: 'Imponibile',
  vat: 'IVA',
  /** a line of a product without a period on the service date, priced automatically */
  priceToBeDefined: 'Prezzo da definire',
  /** beside a line whose product has no period on the service date */
  unavailableOnDate: 'Non disponibile in questa data',
  /** beside a line left out of a confirmed quote's total */
  notConfirmed: 'non confermato',
  /** the consumptions' share of the VAT summary */
  noRate: 'IVA non indicata',
  discount: 'Sconto',
  rounding: 'Arrotondamento',
  /** what the counted lines add up to, VAT included (the lines print in their periods' terms) */
  linesTotal: 'Totale prodotti IVA incl.',
  consumptionsTotal: 'Totale consumi',
} as const;

/** The rate in hundredths of a percent (22.00 % → 2200); no rate, or no number, is none. */
const rateHundredths = (rate: string | null): number => (rate === null ? 0 : Math.max(0, parseCents(rate) ?? 0));

/** A gross amount split at a rate: net = gross / (1 + rate), rounded to the cent. */
function splitGross(grossCents: number, rate: string | null): NetVatGross {
  const hundredths = rateHundredths(rate);
  const netCents = Math.round((grossCents * 10_000) / (10_000 + hundredths));
  return { netCents, vatCents: grossCents - netCents, grossCents };
}

/**
 * One line's net, VAT and gross, in cents, rounded per line: a price that includes VAT is split back
 * (net = price / (1 + rate)), a price without it has the VAT added (VAT = price × rate).
 */
export function lineFigures({ totalCents, priceIncludesVat, vatRate }: TaxedLine): NetVatGross {
  if (priceIncludesVat) return splitGross(totalCents, vatRate);
  const vatCents = Math.round((totalCents * rateHundredths(vatRate)) / 10_000);
  return { netCents: totalCents, vatCents, grossCents: totalCents + vatCents };
}

/** The sum of amounts split alike. */
export function sumFigures(amounts: readonly NetVatGross[]): NetVatGross {
  return amounts.reduce(
    (sum, amount) => ({ netCents: sum.netCents + amount.netCents, vatCents: sum.vatCents + amount.vatCents, grossCents: sum.grossCents + amount.grossCents }),
    { netCents: 0, vatCents: 0, grossCents: 0 },
  );
}

/** The rate's key: a rate is the same whether written "22" or "22.00"; zero and no rate are apart. */
const rateKey = (rate: string | null): string | null => {
  if (rate === null) return null;
  const hundredths = parseCents(rate);
  return hundredths === null ? null : (hundredths / 100).toFixed(2);
};

/** The lines grouped by VAT rate, highest rate first, "IVA non indicata" last; each group the sum of its lines. */
export function vatByRate(lines: readonly TaxedLine[], extraNoRateCents = 0): VatGroup[] {
  const groups = new Map<string | null, NetVatGross[]>();
  for (const line of lines) {
    const key = rateKey(line.vatRate);
    groups.set(key, [...(groups.get(key) ?? []), lineFigures({ ...line, vatRate: key })]);
  }
  if (extraNoRateCents !== 0) groups.set(null, [...(groups.get(null) ?? []), { netCents: extraNoRateCents, vatCents: 0, grossCents: extraNoRateCents }]);
  return [...groups.entries()]
    .map(([rate, amounts]) => ({ rate, ...sumFigures(amounts) }))
    .sort((a, b) => (a.rate === null ? 1 : b.rate === null ? -1 : rateHundredths(b.rate) - rateHundredths(a.rate)));
}

/** A VAT group's name: "IVA 22%", "IVA 5,5%", "IVA 0%", or "IVA non indicata". */
export function vatGroupLabel(rate: string | null): string {
  if (rate === null) return FIGURE_LABELS.noRate;
  return `IVA ${formatDecimal(rate).replace(/,?0+$/, '') || '0'}%`;
}

/**
 * Splits `cents` over weights in proportion, each share whole, the shares adding up to `cents` exactly
 * (the largest remainders take the cents rounding left over).
 */
export function proportionalShares(cents: number, weights: readonly number[]): number[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0) return [];
  if (totalWeight === 0) return weights.map((_, index) => (index === 0 ? cents : 0));
  const exact = weights.map((weight) => (cents * weight) / totalWeight);
  const shares = exact.map((share) => Math.trunc(share) + 0);
  let left = cents - shares.reduce((sum, share) => sum + share, 0);
  const order = exact.map((share, index) => ({ index, remainder: Math.abs(share - Math.trunc(share)) })).sort((a, b) => b.remainder - a.remainder);
  const step = Math.sign(left);
  for (let at = 0; left !== 0; at = (at + 1) % order.length) {
    shares[order[at].index] += step;
    left -= step;
  }
  return shares;
}

/** A line of a quote as its figures read it. */
export interface FigureLine extends TaxedLine {
  /** whether the line goes into the total (a confirmed quote counts its confirmed lines only) */
  counted: boolean;
}

export interface QuoteFiguresInput {
  lines: readonly FigureLine[];
  /** what the consumptions add up to, charged as recorded */
  consumptionsCents: number;
  /** the gross total set by hand, or null: the total is what the lines and consumptions add up to */
  manualTotalCents: number | null;
}

export interface QuoteFigures {
  /** each line's split, in the order given (a line not counted is split all the same) */
  lines: NetVatGross[];
  /** the counted lines together */
  linesTotal: NetVatGross;
  consumptionsCents: number;
  /** the manual total less what the lines and consumptions add up to; 0 without a manual total */
  adjustmentCents: number;
  /** "Sconto" below, "Arrotondamento" above, null without an adjustment */
  adjustmentLabel: string | null;
  /** what the quote charges at each VAT rate, the adjustment spread over them */
  byRate: VatGroup[];
  /** what the quote charges: its gross is the quote's total, the figure shown everywhere */
  total: NetVatGross;
}

/** A quote's figures: its lines split, its VAT by rate and its total, the manual total's adjustment included. */
export function quoteFigures({ lines, consumptionsCents, manualTotalCents }: QuoteFiguresInput): QuoteFigures {
  const split = lines.map(lineFigures);
  const counted = lines.filter((line) => line.counted);
  const linesTotal = sumFigures(split.filter((_, index) => lines[index].counted));
  const automatic = vatByRate(counted, consumptionsCents);
  const automaticGross = linesTotal.grossCents + consumptionsCents;
  const adjustmentCents = manualTotalCents === null ? 0 : manualTotalCents - automaticGross;
  let byRate = automatic;
  if (adjustmentCents !== 0) {
    const groups = automatic.length > 0 ? automatic : [{ rate: null, netCents: 0, vatCents: 0, grossCents: 0 }];
    const shares = proportionalShares(adjustmentCents, groups.map((group) => Math.max(0, group.grossCents)));
    byRate = groups.map((group, index) => ({ rate: group.rate, ...splitGross(group.grossCents + shares[index], group.rate) }));
  }
  return {
    lines: split,
    linesTotal,
    consumptionsCents,
    adjustmentCents,
    adjustmentLabel: adjustmentCents < 0 ? FIGURE_LABELS.discount : adjustmentCents > 0 ? FIGURE_LABELS.rounding : null,
    byRate,
    total: sumFigures(byRate),
  };
}

/**
 * Why a line costs more people than it books: "minimo 4 partecipanti: addebitati 4"; null when the
 * booked participants are charged.
 */
export function minimumNote(participants: number, minParticipants: number | null | undefined): string | null {
  if (!minParticipants || participants >= minParticipants) return null;
  return `minimo ${minParticipants} partecipanti: addebitati ${minParticipants}`;
}

/** A quote's progressive number as printed: "2026/0001" (four digits at least). */
export function formatQuoteNumber(year: number, sequence: number): string {
  return `${year}/${String(sequence).padStart(4, '0')}`;
}
