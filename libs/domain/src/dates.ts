/** The business time zone unless a deployment names another (BUSINESS_TIME_ZONE). */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

/** Building a formatter costs far more than using one; a deployment uses one or two zones. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's calendar date (YYYY-MM-DD) in the given time zone. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const parts = dayFormatIn(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from `from` to `to`, both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar date written YYYY-MM-DD that exists (2025-02-30 does not). */
export function isDateOnly(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a YYYY-MM-DD date lies in a period, both bounds included (ISO dates compare as text). */
export function isWithin(date: string, period: { startDate: string; endDate: string }): boolean {
  return period.startDate <= date && date <= period.endDate;
}

/** `2025-03-09` (or an ISO date-time) → `09/03/2025`, read as a calendar date: no time-zone shift. */
export function formatDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}
