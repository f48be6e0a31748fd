import type { QuoteAnswer, QuoteRevisionSummary, QuoteView } from '@quotebook/contracts';
import { DEFAULT_TIME_ZONE, formatDate, formatEuro, todayIn } from '@quotebook/domain';

const timeFormat = new Intl.DateTimeFormat('it-IT', { timeZone: DEFAULT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The day of an instant in the business time zone: `12/03/2026`. */
export function dayOf(instant: string): string {
  return formatDate(todayIn(DEFAULT_TIME_ZONE, new Date(instant)));
}

/** An instant in the business time zone, as the app writes one: `12/03/2026 alle 10:30`. */
export function momentOf(instant: string): string {
  return `${dayOf(instant)} alle ${timeFormat.format(new Date(instant))}`;
}

/** "Visto il 12/03/2026, 3 volte", or "Non ancora visto". */
export function viewsText(revision: Pick<QuoteRevisionSummary, 'viewCount' | 'firstViewedAt'>): string {
  if (!revision.firstViewedAt || revision.viewCount < 1) return 'Non ancora visto';
  return `Visto il ${dayOf(revision.firstViewedAt)}, ${revision.viewCount === 1 ? '1 volta' : `${revision.viewCount} volte`}`;
}

/** "Accettato da Mario Rossi il 12/03/2026", "Rifiutato il 12/03/2026: troppo caro", or "In attesa di risposta". */
export function answerText(answer: QuoteAnswer | null): string {
  if (!answer) return 'In attesa di risposta';
  if (answer.kind === 'accepted') return `Accettato${answer.signerName ? ` da ${answer.signerName}` : ''} il ${dayOf(answer.at)}`;
  return `Rifiutato il ${dayOf(answer.at)}${answer.reason ? `: ${answer.reason}` : ''}`;
}

/**
 * What an acceptance chose of the optional lines: "Servizi facoltativi scelti: Cena (€ 120,00) · Totale
 * accettato € 1.075,00"; null for a decline, or an acceptance that chose none.
 */
export function choiceText(answer: QuoteAnswer | null): string | null {
  const lines = answer?.kind === 'accepted' ? (answer.optionalLines ?? []) : [];
  if (lines.length === 0) return null;
  const chosen = lines.map((line) => `${line.title} (${formatEuro(line.grossPrice)})`).join(', ');
  return `Servizi facoltativi scelti: ${chosen}${answer?.acceptedTotal ? ` · Totale accettato ${formatEuro(answer.acceptedTotal)}` : ''}`;
}

export type SendingBadgeTone = 'success' | 'error' | 'info';

/**
 * What the list and the editor show beside the status about the customer loop: the answer to the
 * latest revision, "Inviato rev. N" while it waits for one, nothing for a quote never sent.
 */
export function sendingBadge(quote: Pick<QuoteView, 'latestRevision' | 'customerAnswer'>): { label: string; tone: SendingBadgeTone; hint: string } | null {
  const answer = quote.customerAnswer;
  if (answer?.kind === 'accepted') return { label: 'Accettato', tone: 'success', hint: answerText(answer) };
  if (answer?.kind === 'declined') return { label: 'Rifiutato', tone: 'error', hint: answerText(answer) };
  if (quote.latestRevision) return { label: `Inviato rev. ${quote.latestRevision}`, tone: 'info', hint: 'Inviato al cliente, in attesa di risposta' };
  return null;
}
