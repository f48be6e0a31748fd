import type { QuoteAnswer, RevisionItemView } from '@quotebook/contracts';
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

/** "20 partecipanti", or "2 partecipanti (minimo 4: addebitati 4)" when a minimum is charged. */
export function participantsText(item: RevisionItemView, labels: PublicQuoteLabels): string {
  const belowMinimum = item.minParticipants !== null && item.chargedParticipants > item.quantity;
  const people = labels.participants(belowMinimum ? item.quantity : item.chargedParticipants);
  return belowMinimum ? `${people} (${labels.minimumCharged(item.minParticipants as number, item.chargedParticipants)})` : people;
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
