import type { QuoteView } from '@quotebook/contracts';
import { formatEuro, formatEuroCents, parseCents, PAYMENT_LABELS } from '@quotebook/domain';

/** The list's column of what each quote still expects to be paid. */
export const DUE_HEADER = PAYMENT_LABELS.due;

/** What is still due ("€ 200,00"), or the surplus when more was paid than the total ("Eccedenza € 35,00"). */
export function dueText(dueTotal: string): string {
  const cents = parseCents(dueTotal) ?? 0;
  return cents < 0 ? `${PAYMENT_LABELS.surplus} ${formatEuroCents(-cents)}` : formatEuro(dueTotal);
}

/** A cancelled quote expects nothing: a dash. */
export const quoteDueText = (quote: Pick<QuoteView, 'status' | 'dueTotal'>): string => (quote.status === 'cancelled' ? '—' : dueText(quote.dueTotal));
