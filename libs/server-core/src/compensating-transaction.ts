import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { reasonOf } from './app-error';

/** Local writes and another service's part of the same change, made together or not at all. */
export interface CompensatedChange<T> {
  /** the local writes, in one transaction that stays uncommitted until the remote part answered */
  local: (manager: EntityManager) => Promise<T>;
  /** the other service's part; a refusal there rolls the local writes back */
  remote: (local: T) => Promise<unknown>;
  /** undoes the remote part, when it may have been done but the local writes did not commit */
  compensate: (local: T) => Promise<unknown>;
  /** what may remain in the other service when the compensation fails too, for the log */
  leftover: (local: T) => string;
}

const logger = new Logger('CompensatingTransaction');

/** A timeout or a garbled answer: the other service may or may not have done its part. */
export function outcomeUnknown(error: unknown): boolean {
  const reason = reasonOf(error);
  return reason === 'SERVICE_TIMEOUT' || reason === 'BAD_GATEWAY' || reason === 'INTERNAL';
}

/**
 * Runs the local writes and, inside their transaction, the remote part. A refusal rolls back and is
 * rethrown unchanged; when the remote outcome is unknown, or the commit itself fails after the remote
 * part was done, the compensation runs before the error goes on.
 */
export async function runCompensated<T>(dataSource: DataSource, change: CompensatedChange<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    let result: T;
    try {
      result = await change.local(runner.manager);
      await change.remote(result).catch(async (error: unknown) => {
        if (outcomeUnknown(error)) await compensate(change, result);
        throw error;
      });
    } catch (error) {
      await runner.rollbackTransaction().catch(logRollbackFailure);
      throw error;
    }
    try {
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(logRollbackFailure);
      await compensate(change, result);
      throw error;
    }
    return result;
  } finally {
    await runner.release();
  }
}

async function compensate<T>(change: CompensatedChange<T>, result: T): Promise<void> {
  try {
    await change.compensate(result);
  } catch (error) {
    logger.error(`${change.leftover(result)}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
}

function logRollbackFailure(error: unknown): void {
  logger.error(`Rollback failed: ${error instanceof Error ? error.message : error}`);
}
