import { toWallClock } from '@quotebook/contracts';
import { types } from 'pg';

// TIMESTAMP (without time zone) columns hold the business time zone's wall clock: they stay the text
// PostgreSQL writes ("2026-07-15 09:30:00"), in the API's form, and are never read as an instant of the
// process's own zone. (The process reads only its own schema, whose date-times are all wall clocks.)
types.setTypeParser(types.builtins.TIMESTAMP, (value: string) => value.replace(' ', 'T'));

/** A date-time of a request as the business time zone's wall clock; null and absent stay as they are. */
export function wallClockOrNull(value: string | null | undefined, timeZone: string): string | null | undefined {
  return value === null || value === undefined ? value : toWallClock(value, timeZone);
}

/** Now, as the business time zone's wall clock. */
export function wallClockNow(timeZone: string): string {
  return toWallClock(new Date().toISOString(), timeZone);
}
