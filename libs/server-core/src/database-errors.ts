import type { RpcException } from '@nestjs/microservices';
import type { QueryFailedError } from 'typeorm';

export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
export const PG_EXCLUSION_VIOLATION = '23P01';

/**
 * TypeORM's errors, told by the name every TypeORMError takes from its class, so that this module (and
 * toAppError, which the gateway uses too) does not load TypeORM: a process without a database never
 * does. database-errors.spec.ts makes the library's own errors and fails if an upgrade renames them.
 */
const isTypeOrmError = (error: unknown, name: string): error is Error => error instanceof Error && error.name === name;
const RELEASED_RUNNER_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/** The PostgreSQL error behind a failed query: its code and the constraint it names, if any. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  if (!isTypeOrmError(error, 'QueryFailedError')) return null;
  const driverError = (error as QueryFailedError).driverError as { code?: string; constraint?: string } | undefined;
  return { code: driverError?.code, constraint: driverError?.constraint };
}

/** SQLSTATEs of a server that ended the session or will not take one: shut down, crashed, starting up, full. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket failures on the way to the server (node-postgres passes them on with the system's code). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' own errors for a connection lost or never made (they carry no code). */
const LOST_CONNECTION = /^Connection terminated|^timeout exceeded when trying to connect|is not queryable|^Client was closed/;

/**
 * Whether a failure means PostgreSQL could not be reached or dropped the connection (restarting,
 * shutting down, out of connections, the network) rather than refusing the work itself: the request
 * may succeed once it is back. TypeORM wraps a query's error as `driverError`; other errors as `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    // TypeORM releases a query runner whose connection reported an error (the server went away between
    // two queries of a transaction); our own runners are released only once their work is done, so
    // a released one under the work means the connection was lost
    if (current instanceof Error && RELEASED_RUNNER_ERRORS.has(current.name)) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNREACHABLE_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
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
