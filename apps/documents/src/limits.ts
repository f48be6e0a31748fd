import { MAX_LAYOUTS, MAX_TEMPLATES } from '@quotebook/domain';
import { appError } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';

const LIMITS = {
  templates: { table: 'documents.quote_templates', max: MAX_TEMPLATES },
  layouts: { table: 'documents.quote_layouts', max: MAX_LAYOUTS },
} as const;

/**
 * Refuses one more template or layout when the agency has as many as it may. Holds a lock on that
 * list until the write's transaction ends, so parallel creates cannot pass the limit together.
 */
export async function assertRoomFor(manager: EntityManager, list: keyof typeof LIMITS, tenantId: string): Promise<void> {
  const { table, max } = LIMITS[list];
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${table}:${tenantId}`]);
  const [{ count }]: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM ${table} WHERE tenant_id = $1`, [tenantId]);
  if (count >= max) throw appError('LIMIT_REACHED', [`An agency can have at most ${max} ${list}`]);
}
