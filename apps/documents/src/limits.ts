import { type HtmlShape, layoutContentProblems, MAX_LAYOUTS, MAX_TEMPLATES } from '@quotebook/domain';
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

type LayoutShape = Omit<HtmlShape, 'depth'>;

/**
 * The templates a layout prints, together, stay within LAYOUT_CONTENT_LIMITS: each element counts (a
 * template printed twice counts twice), measured from the shape columns kept beside each template.
 */
export async function assertLayoutContentFits(manager: EntityManager, tenantId: string, templateIds: readonly string[]): Promise<void> {
  if (templateIds.length === 0) return;
  const [shape]: LayoutShape[] = await manager.query(
    `SELECT coalesce(sum(t.content_characters), 0)::int AS characters, coalesce(sum(t.content_elements), 0)::int AS elements,
            coalesce(sum(t.content_lists), 0)::int AS lists
       FROM unnest($2::uuid[]) AS element(template_id)
       JOIN documents.quote_templates t ON t.tenant_id = $1 AND t.id = element.template_id`,
    [tenantId, templateIds],
  );
  const problems = layoutContentProblems(shape);
  if (problems.length) throw appError('VALIDATION_FAILED', problems);
}

/**
 * A template's new content keeps every layout that prints it within LAYOUT_CONTENT_LIMITS (400 naming
 * each layout it would push past a bound).
 */
export async function assertLayoutsStillFit(manager: EntityManager, tenantId: string, templateId: string, content: HtmlShape): Promise<void> {
  const layouts: (LayoutShape & { name: string })[] = await manager.query(
    `SELECT layout.name,
            sum(CASE WHEN t.id = $2 THEN $3 ELSE t.content_characters END)::int AS characters,
            sum(CASE WHEN t.id = $2 THEN $4 ELSE t.content_elements END)::int AS elements,
            sum(CASE WHEN t.id = $2 THEN $5 ELSE t.content_lists END)::int AS lists
       FROM documents.quote_layout_elements element
       JOIN documents.quote_layouts layout ON layout.tenant_id = element.tenant_id AND layout.id = element.layout_id
       JOIN documents.quote_templates t ON t.tenant_id = element.tenant_id AND t.id = element.template_id
      WHERE element.tenant_id = $1
        AND element.layout_id IN (SELECT layout_id FROM documents.quote_layout_elements WHERE tenant_id = $1 AND template_id = $2)
      GROUP BY layout.id, layout.name
      ORDER BY layout.name`,
    [tenantId, templateId, content.characters, content.elements, content.lists],
  );
  const problems = layouts.flatMap((layout) => layoutContentProblems(layout, layout.name));
  if (problems.length) throw appError('VALIDATION_FAILED', problems);
}
