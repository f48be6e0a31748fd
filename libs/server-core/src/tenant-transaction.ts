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
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT set_config($1, $2, true)', [TENANT_SETTING, tenantId]);
    return work(manager);
  });
}
