import type { CalendarEntryView } from '@quotebook/contracts';
import { addDays, daysOf, isDateOnly, todayIn } from '@quotebook/domain';

export type CalendarMode = 'month' | 'week';
export type CalendarGrouping = 'product' | 'customer';

/** What the calendar reads from its address: the view, a day in it, and how entries are grouped. */
export interface CalendarSettings {
  mode: CalendarMode;
  /** a day of the month or week shown, YYYY-MM-DD */
  day: string;
  group: CalendarGrouping;
}

export function settingsOf(params: URLSearchParams, today = todayIn()): CalendarSettings {
  const day = params.get('day') ?? '';
  return {
    mode: params.get('view') === 'week' ? 'week' : 'month',
    day: isDateOnly(day) ? day : today,
    group: params.get('group') === 'customer' ? 'customer' : 'product',
  };
}

/** Monday 0 … Sunday 6. */
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday of the week of `day`. */
export const mondayOf = (day: string) => addDays(day, -weekdayOf(day));

/** The first and last day of the month of `day`. */
export function monthBounds(day: string): { first: string; last: string } {
  const first = `${day.slice(0, 7)}-01`;
  const next = `${addDays(first, 31).slice(0, 7)}-01`;
  return { first, last: addDays(next, -1) };
}

/**
 * The days a view shows, whole weeks from Monday: a month view the weeks that touch the month (at
 * most six, 42 days: within what the calendar answers), a week view its seven days.
 */
export function rangeOf({ mode, day }: Pick<CalendarSettings, 'mode' | 'day'>): { from: string; to: string } {
  if (mode === 'week') {
    const from = mondayOf(day);
    return { from, to: addDays(from, 6) };
  }
  const { first, last } = monthBounds(day);
  const from = mondayOf(first);
  return { from, to: addDays(mondayOf(last), 6) };
}

/** A day of the same view one step before or after. */
export function stepped({ mode, day }: Pick<CalendarSettings, 'mode' | 'day'>, step: -1 | 1): string {
  if (mode === 'week') return addDays(mondayOf(day), 7 * step);
  const { first, last } = monthBounds(day);
  return step === 1 ? addDays(last, 1) : `${addDays(first, -1).slice(0, 7)}-01`;
}

/** The days of the range in weeks of seven. */
export function weeksOf(range: { from: string; to: string }): string[][] {
  const days = daysOf(range.from, range.to);
  return Array.from({ length: Math.ceil(days.length / 7) }, (_, index) => days.slice(index * 7, index * 7 + 7));
}

/** One group of a day's entries: a product (its customers listed) or a customer (its products listed). */
export interface EntryGroup {
  key: string;
  label: string;
  entries: CalendarEntryView[];
  participants: number;
}

/** The entries of each day, grouped by product or customer, groups in order of their first entry. */
export function groupByDay(entries: readonly CalendarEntryView[], group: CalendarGrouping): Map<string, EntryGroup[]> {
  const byDay = new Map<string, EntryGroup[]>();
  for (const entry of entries) {
    const groups = byDay.get(entry.date) ?? [];
    const key = group === 'product' ? entry.productId : entry.customerId;
    let found = groups.find((candidate) => candidate.key === key);
    if (!found) {
      found = { key, label: group === 'product' ? entry.description : entry.customerName, entries: [], participants: 0 };
      groups.push(found);
    }
    found.entries.push(entry);
    found.participants += entry.participants;
    byDay.set(entry.date, groups);
  }
  return byDay;
}

/** "lunedì 15 luglio 2030", "luglio 2030", the calendar's headings. */
export function dayHeading(day: string): string {
  return new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function monthHeading(day: string): string {
  return new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export const WEEKDAYS = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'] as const;
