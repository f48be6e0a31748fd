import { isUUID } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { appError } from './app-error';

/**
 * The setting the tables' row-level security policies read:
 * `tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid`. Unset (or reset to '' after a
 * transaction), the policies match no row at all.
 */
export const TENANT_SETTING = 'app.tenant_id';

/**
 * Runs `work` in one transaction in which the database sees only the rows of `tenantId`. The setting is
 * local to the transaction (`set_config(..., true)`), so a pooled connection never carries one tenant
 * into the next request. Every query of tenant data goes through here; queries still filter by
 * tenant_id themselves, row-level security is what catches a forgotten filter.
 */
export async function withTenant<T>(
  dataSource: DataSource,
  tenantId: string,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  // the policies cast the setting to uuid: anything else would fail inside the transaction instead
  if (typeof tenantId !== 'string' || !isUUID(tenantId)) throw appError('VALIDATION_FAILED', ['tenantId must be a UUID']);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  // What TypeORM's own transaction would hold: writes inside `work` then join this transaction.
  const transaction = runner as unknown as { isTransactionActive: boolean; transactionDepth: number };
  transaction.isTransactionActive = true;
  transaction.transactionDepth = 1;
  try {
    // one round trip for the transaction and its tenant; a UUID (checked above) is safe as a literal
    await runner.query(`START TRANSACTION; SELECT set_config('${TENANT_SETTING}', '${tenantId}', true)`);
    const result = await work(runner.manager);
    await runner.commitTransaction();
    return result;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}
