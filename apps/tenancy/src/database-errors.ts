import { QueryFailedError } from 'typeorm';

/** A PostgreSQL unique violation (23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  return driverError?.code === '23505' && (constraint === undefined || driverError.constraint === constraint);
}
