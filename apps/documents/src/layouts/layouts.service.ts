import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListPage, Principal, QuoteLayoutDto, QuoteLayoutView } from '@quotebook/contracts';
import { DOCUMENT_API_MESSAGES, DOCUMENT_MESSAGES } from '@quotebook/domain';
import { appError, pageOfItems, requireTenantAccess, withConstraintErrors } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { requireId, requireTemplateAdministration } from '../access';
import { assertLayoutContentFits, assertRoomFor } from '../limits';
import { StarterKitService } from '../starter-kit/starter-kit.service';
import { QuoteLayout, QuoteLayoutElement } from './layout.entity';
import { layoutViews } from './layout.views';

const layoutNotFound = () => appError('NOT_FOUND', DOCUMENT_MESSAGES.layoutNotFound);
const templatesRefused = (problems: string[]) => appError('VALIDATION_FAILED', problems);

/** A template named by an element was deleted between the check and the write. */
const TEMPLATE_GONE = {
  quote_layout_elements_template_fkey: () => templatesRefused([`elements.${DOCUMENT_API_MESSAGES.templateOfTenant}`]),
};

@Injectable()
export class LayoutsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly starterKit: StarterKitService,
  ) {}

  /**
   * A page of the agency's layouts, by name; every user of the agency reads them (the preview dialog
   * chooses one). An agency has at most MAX_LAYOUTS, each with its elements' titles only, so the page
   * is cut from the whole list. An agency that was never given its starter layout (one created before
   * it existed, or whose announcement was lost) is given it now, once.
   */
  async list(principal: Principal, tenantId: string, cursor?: number): Promise<ListPage<QuoteLayoutView>> {
    requireTenantAccess(principal, tenantId);
    await this.starterKit.ensure(tenantId);
    const layouts = await readTenant(this.dataSource, tenantId, async (manager) =>
      layoutViews(manager, tenantId, await manager.find(QuoteLayout, { where: { tenantId }, order: { name: 'ASC', createdAt: 'ASC', id: 'ASC' } })),
    );
    return pageOfItems(layouts, cursor);
  }

  async create(principal: Principal, tenantId: string, dto: QuoteLayoutDto): Promise<QuoteLayoutView> {
    requireTemplateAdministration(principal, tenantId);
    const elements = elementsOf(dto);
    return this.writing(tenantId, async (manager) => {
      await assertRoomFor(manager, 'layouts', tenantId);
      await assertTemplatesOfTenant(manager, tenantId, elements);
      const layout = await manager.save(
        QuoteLayout,
        manager.create(QuoteLayout, { tenantId, name: dto.name, description: dto.description ?? null, isActive: dto.isActive ?? true, isDefault: false }),
      );
      await insertElements(manager, tenantId, layout.id, elements);
      return (await layoutViews(manager, tenantId, [layout]))[0];
    });
  }

  /** The name, description and elements become what is sent; `isActive` left out stays as it is. */
  async update(principal: Principal, tenantId: string, id: string, dto: QuoteLayoutDto): Promise<QuoteLayoutView> {
    requireTemplateAdministration(principal, tenantId);
    const layoutId = requireId(id, layoutNotFound);
    const elements = elementsOf(dto);
    return this.writing(tenantId, async (manager) => {
      const layout = await findLayout(manager, tenantId, layoutId, true);
      await assertTemplatesOfTenant(manager, tenantId, elements);
      layout.name = dto.name;
      layout.description = dto.description ?? null;
      layout.isActive = dto.isActive ?? layout.isActive;
      await manager.save(QuoteLayout, layout);
      await manager.delete(QuoteLayoutElement, { tenantId, layoutId });
      await insertElements(manager, tenantId, layoutId, elements);
      return (await layoutViews(manager, tenantId, [layout]))[0];
    });
  }

  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTemplateAdministration(principal, tenantId);
    const layoutId = requireId(id, layoutNotFound);
    const result = await withTenant(this.dataSource, tenantId, (manager) => manager.delete(QuoteLayout, { tenantId, id: layoutId }));
    if (!result.affected) throw layoutNotFound();
    return { deleted: true };
  }

  /**
   * Makes the layout the agency's one default, in one transaction: the others stop being it first (the
   * database's partial unique index allows no second default), and concurrent set-defaults of the
   * agency take turns, so the last one wins and exactly one default remains.
   */
  async setDefault(principal: Principal, tenantId: string, id: string): Promise<QuoteLayoutView> {
    requireTemplateAdministration(principal, tenantId);
    const layoutId = requireId(id, layoutNotFound);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`documents.quote_layouts.default:${tenantId}`]);
      const layout = await findLayout(manager, tenantId, layoutId, true);
      await manager.query(`UPDATE documents.quote_layouts SET is_default = false WHERE tenant_id = $1 AND is_default AND id <> $2`, [tenantId, layoutId]);
      if (!layout.isDefault) {
        layout.isDefault = true;
        await manager.save(QuoteLayout, layout);
      }
      return (await layoutViews(manager, tenantId, [layout]))[0];
    });
  }

  private writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), TEMPLATE_GONE);
  }
}

interface ElementToSave {
  elementType: 'quotes' | 'template';
  templateId: string | null;
}

/** The elements in print order (their position in the list); a template element must name its template. */
function elementsOf(dto: QuoteLayoutDto): ElementToSave[] {
  const problems: string[] = [];
  const elements = dto.elements.map((element, index): ElementToSave => {
    if (element.type === 'quotes') return { elementType: 'quotes', templateId: null };
    if (!element.templateId) problems.push(`elements[${index}].${DOCUMENT_API_MESSAGES.templateIdRequired}`);
    return { elementType: 'template', templateId: element.templateId ?? null };
  });
  if (problems.length) throw templatesRefused(problems);
  return elements;
}

/**
 * Every template an element names must be one of the agency's (400 naming each element otherwise), and
 * together they stay within the layout's bounds. Locked against deletion and changes until the layout
 * is saved: a delete running meanwhile waits, then sees it used; a change waits, then counts this layout.
 */
async function assertTemplatesOfTenant(manager: EntityManager, tenantId: string, elements: readonly ElementToSave[]): Promise<void> {
  // each element's template, in print order (a template printed twice is named twice)
  const named = elements.flatMap((element) => (element.templateId ? [element.templateId] : []));
  const ids = [...new Set(named)];
  if (ids.length === 0) return;
  const found: { id: string }[] = await manager.query(
    `SELECT id FROM documents.quote_templates WHERE tenant_id = $1 AND id = ANY($2::uuid[]) FOR KEY SHARE`,
    [tenantId, ids],
  );
  const known = new Set(found.map((row) => row.id));
  const problems = elements.flatMap((element, index) =>
    element.templateId && !known.has(element.templateId) ? [`elements[${index}].${DOCUMENT_API_MESSAGES.templateOfTenant}`] : [],
  );
  if (problems.length) throw templatesRefused(problems);
  await assertLayoutContentFits(manager, tenantId, named);
}

async function insertElements(manager: EntityManager, tenantId: string, layoutId: string, elements: readonly ElementToSave[]): Promise<void> {
  await manager.insert(
    QuoteLayoutElement,
    elements.map((element, sortOrder) => ({ tenantId, layoutId, elementType: element.elementType, templateId: element.templateId, sortOrder })),
  );
}

async function findLayout(manager: EntityManager, tenantId: string, id: string, forUpdate = false): Promise<QuoteLayout> {
  const layout = await manager.findOne(QuoteLayout, {
    where: { tenantId, id },
    ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!layout) throw layoutNotFound();
  return layout;
}
