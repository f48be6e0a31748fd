import type { RpcException } from '@nestjs/microservices';
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

/**
 * What a broken constraint means to the user, by constraint name (names are unique in a schema, so the
 * name alone tells a unique index from a foreign key or an exclusion constraint).
 */
export type ConstraintErrors = Readonly<Record<string, () => RpcException | Promise<RpcException>>>;

/**
 * Runs a write and lets the database have the last word: a query that broke one of the named constraints
 * (also when two requests raced past the service's own check) fails with the domain error given for it.
 */
export async function withConstraintErrors<T>(work: () => Promise<T>, errors: ConstraintErrors): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = databaseErrorOf(error)?.constraint;
    const domainError = constraint !== undefined && Object.hasOwn(errors, constraint) ? errors[constraint] : undefined;
    if (domainError) throw await domainError();
    throw error;
  }
}
