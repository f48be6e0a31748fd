import { Logger, Provider, Type } from '@nestjs/common';
import { TENANT_DELETED } from '@quotebook/contracts';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { durableListener } from './durable-listener';
import { withTenant } from './tenant-transaction';

/** What a service keeps of a tenant, forgotten at once; idempotent, so a redelivered event does no harm. */
export interface TenantPurger {
  purgeTenant(tenantId: string): Promise<number>;
}

export interface TenantPurgeOptions {
  /**
   * The durable consumer name, one per service: events published while the service was down are
   * delivered when it is back. Changing it makes the stream deliver its whole history again.
   */
  consumer: string;
  /** the provider that removes the tenant's rows */
  purger: Type<TenantPurger>;
  /** what the purge counts, for the log line (e.g. "user(s)") */
  removed: string;
}

/**
 * Deletes the tenant's rows of each table (schema-qualified), in the order given (children before the
 * parents their foreign keys protect), in one transaction; returns how many rows went.
 */
export function deleteTenantRows(dataSource: DataSource, tenantId: string, tables: readonly string[]): Promise<number> {
  return withTenant(dataSource, tenantId, async (manager) => {
    let removed = 0;
    for (const table of tables) {
      const [, affected]: [unknown, number] = await manager.query(`DELETE FROM ${table} WHERE tenant_id = $1`, [tenantId]);
      removed += affected;
    }
    return removed;
  });
}

const logger = new Logger('TenantDeletedListener');

/** Forgets a deleted tenant when tenancy announces the deletion: a provider of the module that holds the purger. */
export function tenantDeletedListener(options: TenantPurgeOptions): Provider {
  return durableListener({
    event: TENANT_DELETED,
    consumer: options.consumer,
    handler: options.purger,
    handle: async (purger, { tenantId }) => {
      // a malformed event would fail on every redelivery: acknowledge it and say so
      if (typeof tenantId !== 'string' || !isUUID(tenantId)) {
        logger.warn(`tenant.deleted without a valid tenant id ignored: ${JSON.stringify(tenantId)}`);
        return;
      }
      const removed = await purger.purgeTenant(tenantId);
      logger.log(`Tenant ${tenantId} deleted: removed ${removed} ${options.removed}`);
    },
  });
}
