import type { DomainErrorReason } from '@quotebook/contracts';
import { appError, notFound, withConstraintErrors } from '@quotebook/server-core';
import { withTenant } from '@quotebook/server-core/service';
import type { DataSource, EntityManager } from 'typeorm';

/** A kind of record that other records point at: while any does, it cannot be deleted. */
export interface ReferencedKind {
  /** its table and its name in messages ("VAT rate") */
  table: string;
  what: string;
  reason: Extract<DomainErrorReason, 'VAT_RATE_IN_USE' | 'PRICE_LIST_IN_USE'>;
  /**
   * The records pointing at it: their table, column and name in messages ("product"), and the foreign
   * key that refuses the delete when one arrived between the count and the delete.
   */
  users: { table: string; column: string; what: string; foreignKey: string };
}

export const VAT_RATES: ReferencedKind = { table: 'vat_rates', what: 'VAT rate', reason: 'VAT_RATE_IN_USE',
  users: { table: 'products', column: 'vat_rate_id', what: 'product', foreignKey: 'products_vat_rate_fkey' } };

export const PRICE_LISTS: ReferencedKind = { table: 'price_lists', what: 'Price list', reason: 'PRICE_LIST_IN_USE',
  users: { table: 'customers', column: 'price_list_id', what: 'customer', foreignKey: 'customers_price_list_fkey' } };

/** Deletes the agency's record unless something uses it: 409 naming how many do, nothing changed. */
export async function deleteUnlessUsed(dataSource: DataSource, kind: ReferencedKind, tenantId: string, id: string): Promise<{ deleted: true }> {
  const count = async (manager: EntityManager): Promise<number> => {
    const [{ count }] = await manager.query(
      `SELECT count(*)::int AS count FROM catalogue.${kind.users.table} WHERE tenant_id = $1 AND ${kind.users.column} = $2`,
      [tenantId, id],
    );
    return count;
  };
  const inUse = (users: number) => appError(kind.reason, `${kind.what} is used by ${users} ${kind.users.what}(s)`);
  await withConstraintErrors(
    () =>
      withTenant(dataSource, tenantId, async (manager) => {
        const users = await count(manager);
        if (users > 0) throw inUse(users);
        const [, deleted]: [unknown, number] = await manager.query(
          `DELETE FROM catalogue.${kind.table} WHERE tenant_id = $1 AND id = $2`,
          [tenantId, id],
        );
        if (!deleted) throw notFound(kind.what);
      }),
    { [kind.users.foreignKey]: async () => inUse(await withTenant(dataSource, tenantId, count)) },
  );
  return { deleted: true };
}
