import { QueryFailedError } from 'typeorm';

export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
export const PG_EXCLUSION_VIOLATION = '23P01';

/** The PostgreSQL error behind a failed query: its code and the constraint it names, if any. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  return { code: driverError?.code, constraint: driverError?.constraint };
}

/** A failed query that broke the named constraint (with the given code). */
export function violates(error: unknown, code: string, constraint?: string): boolean {
  const details = databaseErrorOf(error);
  return details?.code === code && (constraint === undefined || details.constraint === constraint);
}
