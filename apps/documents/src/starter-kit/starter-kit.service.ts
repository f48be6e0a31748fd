import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MAX_TEMPLATES } from '@quotebook/domain';
import { BoundedMap } from '@quotebook/server-core';
import { withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { QuoteLayout, QuoteLayoutElement } from '../layouts/layout.entity';
import { QuoteTemplate } from '../templates/template.entity';
import { sanitizeTemplateHtml } from '../templates/template-html';
import { STARTER_LAYOUT_AFTER, STARTER_LAYOUT_BEFORE, STARTER_LAYOUT_DESCRIPTION, STARTER_LAYOUT_NAME, STARTER_TEMPLATES } from './starter-kit';

/** Agencies known to have had their starter set, remembered at most; past it the memory starts over. */
const REMEMBERED_AGENCIES = 10_000;

/**
 * Gives an agency, once, what it needs to print a quote at once: an example template of each type and a
 * default layout "Preventivo" (the quote's table between the introduction and the conditions), all its
 * own to edit or delete. An agency that already has a layout is given nothing. `starter_kits` records
 * that the agency was served, in the same transaction: a repeated call (a redelivered announcement, two
 * replicas, a read of the layouts) does nothing, and an agency that deleted the set does not get it back.
 */
@Injectable()
export class StarterKitService {
  private readonly logger = new Logger(StarterKitService.name);
  /** agencies served, so that the layouts list asks the database once per agency and process */
  private readonly served = new BoundedMap<string, true>(REMEMBERED_AGENCIES);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Gives the agency its starter set unless it had one or has a layout; answers whether it was given now. */
  async ensure(tenantId: string): Promise<boolean> {
    if (this.served.get(tenantId)) return false;
    const given = await withTenant(this.dataSource, tenantId, async (manager) => {
      // the record's row lock makes a second caller wait for this transaction, then find it served
      const claimed: unknown[] = await manager.query(
        `INSERT INTO documents.starter_kits (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING RETURNING tenant_id`,
        [tenantId],
      );
      if (claimed.length === 0) return false;
      if (await manager.existsBy(QuoteLayout, { tenantId })) return false;
      const [{ count }]: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM documents.quote_templates WHERE tenant_id = $1`, [
        tenantId,
      ]);
      if (count + STARTER_TEMPLATES.length > MAX_TEMPLATES) return false;
      await giveStarterSet(manager, tenantId);
      return true;
    });
    this.served.set(tenantId, true);
    if (given) this.logger.log(`Agency ${tenantId} given its starter layout and templates`);
    return given;
  }

  /** A deleted agency is never served again (an announcement of its creation may still come late). */
  async forget(manager: EntityManager, tenantId: string): Promise<void> {
    await manager.query(`INSERT INTO documents.starter_kits (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING`, [tenantId]);
  }
}

async function giveStarterSet(manager: EntityManager, tenantId: string): Promise<void> {
  const templates = await manager.save(
    QuoteTemplate,
    STARTER_TEMPLATES.map((template) =>
      manager.create(QuoteTemplate, {
        tenantId,
        templateType: template.templateType,
        title: template.title,
        content: sanitizeTemplateHtml(template.content),
        translations: {},
        signatureImagePath: null,
        headerPrint: template.headerPrint,
        isActive: true,
      }),
    ),
  );
  const byType = new Map(templates.map((template) => [template.templateType, template.id]));
  const layout = await manager.save(
    QuoteLayout,
    manager.create(QuoteLayout, { tenantId, name: STARTER_LAYOUT_NAME, description: STARTER_LAYOUT_DESCRIPTION, isActive: true, isDefault: true }),
  );
  const elements = [
    { elementType: 'template' as const, templateId: byType.get(STARTER_LAYOUT_BEFORE) ?? null },
    { elementType: 'quotes' as const, templateId: null },
    { elementType: 'template' as const, templateId: byType.get(STARTER_LAYOUT_AFTER) ?? null },
  ];
  await manager.insert(
    QuoteLayoutElement,
    elements.map((element, sortOrder) => ({ tenantId, layoutId: layout.id, elementType: element.elementType, templateId: element.templateId, sortOrder })),
  );
}
