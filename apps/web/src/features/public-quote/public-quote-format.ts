import type { PublicQuoteView, QuoteAnswer, RevisionItemView } from '@quotebook/contracts';
import { choiceFigures, type ChoiceFigures, formatCents, formatDate, toCents } from '@quotebook/domain';
import { localeOf, type PublicQuoteLabels } from './public-quote-labels';

/** An amount the API writes as text ("1234.50") in euro, as the customer's language writes it. */
export function formatMoney(value: string, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' }).format(Number(value));
}

/** A rate ("22.00") without its trailing zeros, in the language's decimals ("22", "5,5"). */
export function formatRate(rate: string, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(Number(rate));
}

/** A calendar date ("2025-05-15") as the language writes it: the day itself, whatever the time zone. */
export function formatDay(date: string, language: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}

/** A moment (ISO 8601) as the agency's clock shows it, date and time. */
export function formatMoment(at: string, language: string): string {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) return at;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Rome' }).format(moment);
}

/**
 * "20 partecipanti", "2 partecipanti (minimo 4: addebitati 4)" when a minimum is charged, or "21
 * partecipanti (20 + 1 gratuità)" when the period gives free places.
 */
export function participantsText(item: RevisionItemView, labels: PublicQuoteLabels): string {
  const free = item.freePlaces ?? 0;
  if (free > 0) {
    const paying = item.chargedParticipants;
    return `${labels.participants(paying + free)} (${labels.freePlaces(paying, free)})`;
  }
  const belowMinimum = item.minParticipants !== null && item.chargedParticipants > item.quantity;
  const people = labels.participants(belowMinimum ? item.quantity : item.chargedParticipants);
  return belowMinimum ? `${people} (${labels.minimumCharged(item.minParticipants as number, item.chargedParticipants)})` : people;
}

/** The revision's figures with the optional lines chosen: its total, and the deposit and balance over it. */
export function figuresWithChoice(view: Pick<PublicQuoteView, 'items' | 'total' | 'schedule'>, chosen: readonly string[]): ChoiceFigures {
  return choiceFigures({
    totalCents: toCents(view.total.gross),
    offered: view.items.filter((item) => item.optional).map((item) => ({ itemId: item.itemId, grossCents: toCents(item.grossPrice) })),
    chosen,
    deposit: view.schedule ? { kind: view.schedule.depositKind, value: view.schedule.depositValue } : null,
  });
}

/**
 * "Acconto € 300,00 alla conferma" and "Saldo € 700,00 entro il 15/06/2026" over the total with the
 * lines chosen; none when the quote asks no deposit.
 */
export function scheduleTexts(view: Pick<PublicQuoteView, 'items' | 'total' | 'schedule'>, chosen: readonly string[], labels: PublicQuoteLabels, language: string): string[] {
  if (!view.schedule) return [];
  const figures = figuresWithChoice(view, chosen);
  const money = (cents: number) => formatMoney(formatCents(cents), language);
  const dueDate = view.schedule.balanceDueDate === null ? null : formatDate(view.schedule.balanceDueDate);
  return [labels.deposit(money(figures.depositCents)), labels.balance(money(figures.balanceCents), dueDate)];
}

/**
 * What the page says about a line's VAT, in the customer's language. The page prints each line's price
 * per person and total VAT included, whether the agency priced it with VAT included ('IVA inclusa') or
 * with VAT on top ('+ IVA 22%'): either way the customer pays that figure, so a line with a rate reads
 * "VAT included" ("+ VAT 22%" beside a figure already holding the VAT would announce a price 22% higher).
 * The rates are in the VAT summary.
 */
export function vatLabelText(vatLabel: string | null, vatRate: string | null, labels: PublicQuoteLabels): string | null {
  if (vatLabel === null) return null;
  if (/inclusa/i.test(vatLabel) || vatRate !== null) return labels.vatIncluded;
  return vatLabel;
}

/** A VAT group's name: its rate, or "not stated". */
export function vatGroupText(rate: string | null, labels: PublicQuoteLabels, language: string): string {
  return rate === null ? labels.vatNotIndicated : labels.vatAt(formatRate(rate, language));
}

/** "Accettato da Anna Bianchi il 3 maggio 2025, 10:15" / "Rifiutato il …". */
export function answerText(answer: QuoteAnswer, labels: PublicQuoteLabels, language: string): string {
  const at = formatMoment(answer.at, language);
  return answer.kind === 'accepted' ? labels.acceptedBy(answer.signerName ?? '', at) : labels.declinedOn(at);
}
