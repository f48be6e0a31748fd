import type { TenantView, UserView } from '@quotebook/contracts';
import { formatDecimal, formatEuroCents, marginCents, marginPercent, parseCents } from '@quotebook/domain';

/*
 * Cost and margin as the agency's screens show them. They are the agency's own figures: an agency may
 * keep them from its users (Impostazioni), and the server then answers them as null; they never reach
 * what the customer reads.
 */

export const MARGIN_TEXTS = {
  column: 'Costo e margine',
  cost: 'Costo (€)',
  costHint: 'Vuoto: il costo del fornitore',
  noCost: 'Nessun costo fornitore',
  automatic: 'automatico',
  margin: 'Margine',
  costTotal: 'Costo totale',
  priceTotal: 'Prezzo (imponibile)',
  marginTotal: 'Margine totale',
  optional: 'Facoltativo',
  optionalLines: 'Servizi facoltativi',
  optionalHint: 'Offerti a parte: non entrano nel totale.',
  optionalTotal: 'Totale servizi facoltativi',
  figuresLabel: 'Costo, prezzo e margine',
} as const;

/**
 * Whether this person is shown costs and margins: an agency's admins always, its users while the
 * agency lets them (the server answers null otherwise, whatever the page shows).
 */
export function canSeeCosts(user: Pick<UserView, 'role'>, tenant: Pick<TenantView, 'costVisibleToUsers'>): boolean {
  return user.role !== 'tenant_user' || tenant.costVisibleToUsers !== false;
}

/** A line's or a quote's cost, net price and what the agency keeps of it. */
export interface MarginFigures {
  /** null: no cost is known */
  costCents: number | null;
  netCents: number;
  marginCents: number | null;
  /** "23.08", or null without a cost or with a net of 0 */
  marginPercent: string | null;
}

export function marginFigures(netCents: number, costCents: number | null): MarginFigures {
  return { costCents, netCents, marginCents: marginCents(netCents, costCents), marginPercent: marginPercent(netCents, costCents) };
}

/** Figures as the server answered them ("120.00"), or null for a field it left out. */
export function answeredFigures(net: string, cost: string | null, margin: string | null, percent: string | null): MarginFigures {
  const cents = (value: string | null) => (value === null ? null : parseCents(value));
  return { costCents: cents(cost), netCents: parseCents(net) ?? 0, marginCents: cents(margin), marginPercent: percent };
}

/** The lines' figures together; the cost is known when any line's is, the others counting 0. */
export function sumMargins(lines: readonly MarginFigures[]): MarginFigures {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const known = lines.filter((line) => line.costCents !== null);
  const costCents = known.length === 0 ? null : known.reduce((sum, line) => sum + (line.costCents ?? 0), 0);
  return marginFigures(netCents, costCents);
}

/** "23,08%" */
export const percentText = (percent: string): string => `${formatDecimal(percent)}%`;

/** "€ 120,00 (23,08%)", "€ 120,00" without a percentage; null without a margin. */
export function marginText(figures: Pick<MarginFigures, 'marginCents' | 'marginPercent'>): string | null {
  if (figures.marginCents === null) return null;
  const amount = formatEuroCents(figures.marginCents);
  return figures.marginPercent === null ? amount : `${amount} (${percentText(figures.marginPercent)})`;
}

/** The list's Margine: "€ 120,00 (23,08%)"; null when the answer carries none. */
export function quoteMarginText(quote: { marginTotal: string | null; marginPercent: string | null }): string | null {
  const cents = quote.marginTotal === null ? null : parseCents(quote.marginTotal);
  return marginText({ marginCents: cents, marginPercent: quote.marginPercent });
}

export const MARGIN_HEADER = 'Margine';

/**
 * The list's Margine column is the admins' (an agency's users never see it), shown while the page's
 * quotes carry a margin: none has one before any cost is known.
 */
export function marginShown(user: Pick<UserView, 'role'>, quotes: readonly { marginTotal: string | null }[] | undefined): boolean {
  return user.role !== 'tenant_user' && (quotes ?? []).some((quote) => quote.marginTotal !== null);
}
