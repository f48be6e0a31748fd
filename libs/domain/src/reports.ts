import { addDays, daysBetween, isDateOnly } from './dates';

/*
 * The reports' periods and the calendar's range, read the same way by the server (which refuses what
 * they refuse, naming the field) and by the web page (which builds them from its URL).
 */

/** A month written YYYY-MM. */
export const REPORT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The months a report covers when its period is not given: twelve, ending with the current one. */
export const DEFAULT_REPORT_MONTHS = 12;
/** The longest period a report covers, in months. */
export const MAX_REPORT_MONTHS = 36;
/** How many products or customers a top list shows when not told, and at most. */
export const DEFAULT_TOP_LIMIT = 10;
export const MAX_TOP_LIMIT = 50;
/** The longest range the calendar answers, in days (a month view with the weeks around it). */
export const MAX_CALENDAR_DAYS = 62;

export const REPORT_MESSAGES = {
  month: (property: string) => `${property} must be a month written YYYY-MM`,
  fromAfterTo: 'from must not be after to',
  tooLong: `from must be at most ${MAX_REPORT_MONTHS} months before to`,
  topLimit: `limit must be a whole number from 1 to ${MAX_TOP_LIMIT}`,
  calendarToBeforeFrom: 'to must not be before from',
  calendarTooLong: `to must be at most ${MAX_CALENDAR_DAYS - 1} days after from`,
} as const;

export const isReportMonth = (value: unknown): value is string => typeof value === 'string' && REPORT_MONTH_PATTERN.test(value);

/** The month `count` months after (or before, when negative) a YYYY-MM month. */
export function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `from` to `to`, both YYYY-MM: 0 for the same month. */
export function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}

/** A report's period: its months, and the service dates it covers (from `firstDay` to before `endDay`). */
export interface ReportPeriod {
  from: string;
  to: string;
  /** every month of the period, in order, YYYY-MM */
  months: string[];
  firstDay: string;
  /** the first day after the period */
  endDay: string;
}

/**
 * The period of a report from what was asked: `to` defaults to the month of `today`, `from` to the
 * eleventh month before `to` (twelve months). The months' format is checked by the request's rules;
 * what depends on both is checked here: a list of messages, or the period.
 */
export function reportPeriod(asked: { from?: string; to?: string }, today: string): ReportPeriod | { errors: string[] } {
  const to = asked.to ?? today.slice(0, 7);
  const from = asked.from ?? addMonths(to, 1 - DEFAULT_REPORT_MONTHS);
  const span = monthsBetween(from, to);
  if (span < 0) return { errors: [REPORT_MESSAGES.fromAfterTo] };
  if (span >= MAX_REPORT_MONTHS) return { errors: [REPORT_MESSAGES.tooLong] };
  return {
    from,
    to,
    months: Array.from({ length: span + 1 }, (_, index) => addMonths(from, index)),
    firstDay: `${from}-01`,
    endDay: `${addMonths(to, 1)}-01`,
  };
}

/** The calendar's range, both days included, or what is wrong with it. */
export function calendarRangeErrors(from: string, to: string): string[] {
  if (!isDateOnly(from) || !isDateOnly(to)) return [];
  const days = daysBetween(from, to);
  if (days < 0) return [REPORT_MESSAGES.calendarToBeforeFrom];
  if (days >= MAX_CALENDAR_DAYS) return [REPORT_MESSAGES.calendarTooLong];
  return [];
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, index) => addDays(from, index));
}

/** `part` as a percentage of `whole` with two decimals ("37.50"), or null when there is no whole. */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  return (Math.round((part * 10_000) / whole) / 100).toFixed(2);
}
