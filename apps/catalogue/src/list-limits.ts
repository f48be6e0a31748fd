import { appError } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';

/**
 * How many rows of a kind an agency may have. These lists cross the bus whole, in one message of at
 * most 1 MB: at the limit, with every text at its maximum length in characters that take six bytes
 * once encoded, a list stays under about 800 KB (a product's periods under 200 KB, besides its texts).
 */
const LIMITS = {
  vatRates: { table: 'catalogue.vat_rates', scope: 'tenant_id', max: 200, what: 'VAT rates', owner: 'An agency' },
  tags: { table: 'catalogue.tags', scope: 'tenant_id', max: 200, what: 'tags', owner: 'An agency' },
  priceLists: { table: 'catalogue.price_lists', scope: 'tenant_id', max: 200, what: 'price lists', owner: 'An agency' },
  periods: { table: 'catalogue.product_availability', scope: 'product_id', max: 500, what: 'availability periods', owner: 'A product' },
} as const;

export type LimitedList = keyof typeof LIMITS;

export const listLimit = (list: LimitedList): number => LIMITS[list].max;

/**
 * Refuses one more row when the list is full. Runs inside the write's transaction and holds a lock
 * on this list until it ends, so parallel creates cannot pass the limit together.
 */
export async function assertRoomInList(manager: EntityManager, list: LimitedList, tenantId: string, ownerId = tenantId): Promise<void> {
  const { table, scope, max, what, owner } = LIMITS[list];
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${table}:${ownerId}`]);
  const [{ count }]: { count: number }[] = await manager.query(
    `SELECT count(*)::int AS count FROM ${table} WHERE tenant_id = $1 AND ${scope} = $2`,
    [tenantId, ownerId],
  );
  if (count >= max) throw appError('LIMIT_REACHED', [`${owner} can have at most ${max} ${what}`]);
}
