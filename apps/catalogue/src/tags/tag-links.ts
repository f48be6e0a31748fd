import { TAG_TARGET_TYPES, type TagTargetType } from '@quotebook/contracts';
import { appError } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';

/** The JSON size of a tag id inside an item's `tagIds`: 36 characters, quotes and a comma. */
export const TAG_ID_BYTES = 40;

/** Where the tags of each kind of item are linked. Table and column names come only from here. */
const LINKS: Record<TagTargetType, { table: string; itemColumn: string }> = {
  product: { table: 'catalogue.product_tags', itemColumn: 'product_id' },
  customer: { table: 'catalogue.customer_tags', itemColumn: 'customer_id' },
};

/** The tag ids of one item, by tag name. */
export async function tagIdsOf(manager: EntityManager, targetType: TagTargetType, tenantId: string, itemId: string): Promise<string[]> {
  const { table, itemColumn } = LINKS[targetType];
  const rows: { tag_id: string }[] = await manager.query(
    `SELECT link.tag_id FROM ${table} link
       JOIN catalogue.tags tag ON tag.tenant_id = link.tenant_id AND tag.id = link.tag_id
      WHERE link.tenant_id = $1 AND link.${itemColumn} = $2
      ORDER BY tag.name, tag.id`,
    [tenantId, itemId],
  );
  return rows.map((row) => row.tag_id);
}

/** The tag ids of every item of the tenant in one query: item id → tag ids by tag name. */
export function tagIdsByItem(
  manager: EntityManager,
  targetType: TagTargetType,
  tenantId: string,
  itemIds: readonly string[],
): Promise<Map<string, string[]>> {
  return tagIdsOfItemsIn(manager, targetType, tenantId, 'SELECT unnest($2::uuid[])', [itemIds]);
}

/**
 * The tag ids of the items a query picks (`items`: a SELECT of item ids that may use $1, the tenant,
 * and $2… for `params`), in one query: item id → tag ids by tag name.
 */
export async function tagIdsOfItemsIn(
  manager: EntityManager,
  targetType: TagTargetType,
  tenantId: string,
  items: string,
  params: readonly unknown[],
): Promise<Map<string, string[]>> {
  const { table, itemColumn } = LINKS[targetType];
  const rows: { item_id: string; tag_id: string }[] = await manager.query(
    `SELECT link.${itemColumn} AS item_id, link.tag_id FROM ${table} link
       JOIN catalogue.tags tag ON tag.tenant_id = link.tenant_id AND tag.id = link.tag_id
      WHERE link.tenant_id = $1 AND link.${itemColumn} IN (${items})
      ORDER BY tag.name, tag.id`,
    [tenantId, ...params],
  );
  const byItem = new Map<string, string[]>();
  for (const row of rows) {
    const tagIds = byItem.get(row.item_id);
    if (tagIds) tagIds.push(row.tag_id);
    else byItem.set(row.item_id, [row.tag_id]);
  }
  return byItem;
}

/**
 * Makes the item's tags exactly `tagIds`. Every id must be a tag of this tenant for this kind of item:
 * otherwise 400 naming the field, and nothing changes.
 */
export async function replaceTags(
  manager: EntityManager,
  targetType: TagTargetType,
  tenantId: string,
  itemId: string,
  tagIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(tagIds)];
  const found: { id: string }[] = await manager.query(
    'SELECT id FROM catalogue.tags WHERE tenant_id = $1 AND target_type = $2 AND id = ANY($3::uuid[]) FOR KEY SHARE',
    [tenantId, targetType, wanted],
  );
  if (found.length !== wanted.length) {
    throw appError('VALIDATION_FAILED', [`tagIds must contain only ${targetType} tags of this tenant`]);
  }
  const { table, itemColumn } = LINKS[targetType];
  await manager.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND ${itemColumn} = $2 AND NOT (tag_id = ANY($3::uuid[]))`, [
    tenantId,
    itemId,
    wanted,
  ]);
  await manager.query(
    `INSERT INTO ${table} (tenant_id, ${itemColumn}, tag_id)
     SELECT $1, $2, tag_id FROM unnest($3::uuid[]) AS tag_id
     ON CONFLICT DO NOTHING`,
    [tenantId, itemId, wanted],
  );
}

/** How many items carry the tag (a tag in use keeps its target type). */
export async function countTagged(manager: EntityManager, targetType: TagTargetType, tenantId: string, tagId: string): Promise<number> {
  const { table } = LINKS[targetType];
  const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM ${table} WHERE tenant_id = $1 AND tag_id = $2`, [
    tenantId,
    tagId,
  ]);
  return count;
}

export function isTagTargetType(value: unknown): value is TagTargetType {
  return typeof value === 'string' && (TAG_TARGET_TYPES as readonly string[]).includes(value);
}
