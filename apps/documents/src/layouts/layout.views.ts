import type { LayoutElementView, QuoteLayoutView } from '@quotebook/contracts';
import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { QuoteTemplate } from '../templates/template.entity';
import { mapTemplateSummary } from '../templates/template.views';
import { QuoteLayout, QuoteLayoutElement } from './layout.entity';

/** The template columns a layout shows: everything but the content. */
const SUMMARY_COLUMNS: (keyof QuoteTemplate)[] = ['id', 'tenantId', 'templateType', 'title', 'signatureImagePath', 'headerPrint', 'isActive', 'updatedAt'];

/**
 * Layouts as the API answers them, each with its elements in print order and each element's template
 * (without its content), in three queries whatever their number.
 */
export async function layoutViews(manager: EntityManager, tenantId: string, layouts: readonly QuoteLayout[]): Promise<QuoteLayoutView[]> {
  if (layouts.length === 0) return [];
  const elements = await manager.find(QuoteLayoutElement, {
    where: { tenantId, layoutId: In(layouts.map((layout) => layout.id)) },
    order: { layoutId: 'ASC', sortOrder: 'ASC' },
  });
  const templateIds = [...new Set(elements.flatMap((element) => (element.templateId ? [element.templateId] : [])))];
  const templates = templateIds.length
    ? await manager.find(QuoteTemplate, { select: SUMMARY_COLUMNS, where: { tenantId, id: In(templateIds) } })
    : [];
  const templatesById = new Map(templates.map((template) => [template.id, mapTemplateSummary(template)]));
  const elementsByLayout = new Map<string, LayoutElementView[]>();
  for (const element of elements) {
    const view: LayoutElementView = {
      id: element.id,
      elementType: element.elementType,
      templateId: element.templateId,
      sortOrder: element.sortOrder,
      template: element.templateId ? (templatesById.get(element.templateId) ?? null) : null,
    };
    elementsByLayout.set(element.layoutId, [...(elementsByLayout.get(element.layoutId) ?? []), view]);
  }
  return layouts.map((layout) => ({
    id: layout.id,
    name: layout.name,
    description: layout.description,
    isActive: layout.isActive,
    isDefault: layout.isDefault,
    updatedAt: layout.updatedAt.toISOString(),
    elements: elementsByLayout.get(layout.id) ?? [],
  }));
}
