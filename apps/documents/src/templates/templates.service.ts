import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListPage, Principal, QuoteTemplateDto, QuoteTemplateView, TemplateTranslations } from '@quotebook/contracts';
import {
  DEFAULT_LANGUAGE,
  DOCUMENT_MESSAGES,
  type HtmlShape,
  htmlShape,
  MAX_TEMPLATE_TRANSLATIONS,
  MESSAGES,
  TEMPLATE_TEXTS_MAX_CHARACTERS,
  TEMPLATE_TRANSLATION_MESSAGES,
  templateContentProblems,
} from '@quotebook/domain';
import { appError, fillPageUntil, followingPageStarts, inOrderOf, pageEnd, pageStart, type SizedRow, withConstraintErrors } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager, In } from 'typeorm';
import { requireId, requireTemplateAdministration } from '../access';
import { assertLayoutsStillFit, assertRoomFor } from '../limits';
import { SignaturesService } from '../signatures/signatures.service';
import { QuoteTemplate } from './template.entity';
import { hasVisibleText, sanitizeTemplateHtml } from './template-html';
import { mapTemplate } from './template.views';

const templateNotFound = () => appError('NOT_FOUND', DOCUMENT_MESSAGES.templateNotFound);

/**
 * An upper bound of a template's JSON size from what PostgreSQL knows: JSON escapes a quote or a
 * backslash as two bytes (sanitized HTML has no control characters left), plus its other fields.
 */
const SIZES = `
  SELECT id, 2 * (octet_length(content) + octet_length(title) + octet_length(translations::text)) + coalesce(octet_length(signature_image_path), 0) + 400 AS bytes
    FROM documents.quote_templates WHERE tenant_id = $1 ORDER BY created_at, id`;

/** 409 naming the layouts that print the template. */
const inUseBy = (layouts: string[]) => appError('TEMPLATE_IN_USE', `${DOCUMENT_MESSAGES.templateInUse}: ${layouts.join(', ')}`);

@Injectable()
export class TemplatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly signatures: SignaturesService,
  ) {}

  /**
   * A page of the agency's templates, as they were created. An agency has at most MAX_TEMPLATES, so
   * every page sizes the whole list (one small query).
   */
  async list(principal: Principal, tenantId: string, cursor?: number, until?: number): Promise<ListPage<QuoteTemplateView>> {
    requireTemplateAdministration(principal, tenantId);
    const start = pageStart(cursor);
    const end = pageEnd(until, start);
    return readTenant(this.dataSource, tenantId, async (manager) => {
      const sized: SizedRow[] = await manager.query(SIZES, [tenantId]);
      const { ids, nextCursor } = fillPageUntil(sized.slice(start), start, end);
      const templates = ids.length ? await manager.findBy(QuoteTemplate, { tenantId, id: In(ids) }) : [];
      const items = inOrderOf(ids, templates).map(mapTemplate);
      const first = start === 0 && end === undefined && nextCursor !== null;
      return first ? { items, nextCursor, pageStarts: followingPageStarts(sized, start) } : { items, nextCursor };
    });
  }

  async create(principal: Principal, tenantId: string, dto: QuoteTemplateDto): Promise<QuoteTemplateView> {
    requireTemplateAdministration(principal, tenantId);
    const { content } = cleanContent(dto.content);
    const translations = cleanTranslations(dto.translations ?? {});
    assertTextsFit(content, translations);
    const created = await withTenant(this.dataSource, tenantId, async (manager) => {
      await assertRoomFor(manager, 'templates', tenantId);
      const signatureImagePath = dto.signatureImagePath ?? null;
      await this.signatures.assertUploaded(manager, tenantId, signatureImagePath);
      const template = manager.create(QuoteTemplate, {
        tenantId,
        templateType: dto.templateType,
        title: dto.title,
        content,
        translations,
        signatureImagePath,
        headerPrint: dto.headerPrint ?? true,
        isActive: dto.isActive ?? true,
      });
      return manager.save(QuoteTemplate, template);
    });
    return mapTemplate(created);
  }

  /** What is sent replaces what is stored; a flag, signature or the translations left out stay as they are. */
  async update(principal: Principal, tenantId: string, id: string, dto: QuoteTemplateDto): Promise<QuoteTemplateView> {
    requireTemplateAdministration(principal, tenantId);
    const templateId = requireId(id, templateNotFound);
    const { content, shape } = cleanContent(dto.content);
    const sentTranslations = dto.translations === undefined ? undefined : cleanTranslations(dto.translations);
    const updated = await withTenant(this.dataSource, tenantId, async (manager) => {
      // locked: a layout saved meanwhile (its check key-shares the templates it names) counts this content
      const template = await findTemplate(manager, tenantId, templateId, true);
      if (template.content !== content) await assertLayoutsStillFit(manager, tenantId, templateId, shape);
      if (dto.signatureImagePath !== undefined && dto.signatureImagePath !== template.signatureImagePath) {
        await this.signatures.assertUploaded(manager, tenantId, dto.signatureImagePath);
        template.signatureImagePath = dto.signatureImagePath;
      }
      template.templateType = dto.templateType;
      template.title = dto.title;
      template.content = content;
      template.translations = sentTranslations ?? template.translations;
      assertTextsFit(content, template.translations);
      template.headerPrint = dto.headerPrint ?? template.headerPrint;
      template.isActive = dto.isActive ?? template.isActive;
      return manager.save(QuoteTemplate, template);
    });
    return mapTemplate(updated);
  }

  /**
   * A template a layout prints stays: 409 naming the layouts, nothing changed. The template's row is
   * locked first, so a layout saved meanwhile (its check locks the templates it names) waits and then
   * finds the template gone, or this delete sees the layout.
   */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTemplateAdministration(principal, tenantId);
    const templateId = requireId(id, templateNotFound);
    const layoutsUsing = (manager: EntityManager): Promise<{ name: string }[]> =>
      manager.query(
        `SELECT DISTINCT layout.name FROM documents.quote_layout_elements element
           JOIN documents.quote_layouts layout ON layout.tenant_id = element.tenant_id AND layout.id = element.layout_id
          WHERE element.tenant_id = $1 AND element.template_id = $2 ORDER BY layout.name`,
        [tenantId, templateId],
      );
    await withConstraintErrors(
      () =>
        withTenant(this.dataSource, tenantId, async (manager) => {
          await findTemplate(manager, tenantId, templateId, true);
          const layouts = await layoutsUsing(manager);
          if (layouts.length > 0) throw inUseBy(layouts.map((layout) => layout.name));
          await manager.delete(QuoteTemplate, { tenantId, id: templateId });
        }),
      {
        quote_layout_elements_template_fkey: async () =>
          inUseBy((await withTenant(this.dataSource, tenantId, layoutsUsing)).map((layout) => layout.name)),
      },
    );
    return { deleted: true };
  }
}

/**
 * The content as it is kept: sanitized, saying something (400 with the spec's message otherwise), and
 * within TEMPLATE_CONTENT_LIMITS as stored (400 naming each bound it passes): the length is that of
 * the sanitized HTML, where `&` is the five characters of `&amp;`.
 */
function cleanContent(html: string): { content: string; shape: HtmlShape } {
  const content = sanitizeTemplateHtml(html);
  if (!hasVisibleText(content)) throw appError('VALIDATION_FAILED', [MESSAGES.templateContentRequired]);
  const shape = htmlShape(content);
  const problems = templateContentProblems(shape);
  if (problems.length) throw appError('VALIDATION_FAILED', problems);
  return { content, shape };
}

/**
 * The translations as they are kept: a map from a 2-letter language code (not Italian, the template's
 * own text) to a title (empty: the Italian one prints) and a content cleaned and bounded like the Italian
 * content; 400 naming each translation otherwise.
 */
export function cleanTranslations(sent: unknown): TemplateTranslations {
  const refused = () => appError('VALIDATION_FAILED', [TEMPLATE_TRANSLATION_MESSAGES.shape]);
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) throw refused();
  const entries = Object.entries(sent as Record<string, unknown>);
  if (entries.length > MAX_TEMPLATE_TRANSLATIONS) throw refused();
  const problems: string[] = [];
  const cleaned: TemplateTranslations = {};
  for (const [language, text] of entries) {
    if (!/^[a-z]{2}$/.test(language) || language === DEFAULT_LANGUAGE || typeof text !== 'object' || text === null) throw refused();
    const { title, content } = text as { title?: unknown; content?: unknown };
    if (title !== undefined && title !== null && (typeof title !== 'string' || title.trim().length > 300)) {
      problems.push(TEMPLATE_TRANSLATION_MESSAGES.title(language));
      continue;
    }
    const html = typeof content === 'string' ? sanitizeTemplateHtml(content) : '';
    if (!hasVisibleText(html)) {
      problems.push(TEMPLATE_TRANSLATION_MESSAGES.content(language));
      continue;
    }
    const excesses = templateContentProblems(htmlShape(html));
    if (excesses.length) {
      problems.push(...excesses.map((problem) => `translations.${language}: ${problem}`));
      continue;
    }
    cleaned[language] = { title: typeof title === 'string' ? title.trim() : '', content: html };
  }
  if (problems.length) throw appError('VALIDATION_FAILED', problems);
  return cleaned;
}

/** A template with all its languages crosses the bus in one message: its texts together stay within a bound. */
function assertTextsFit(content: string, translations: TemplateTranslations): void {
  const characters = Object.values(translations).reduce((sum, text) => sum + text.title.length + text.content.length, content.length);
  if (characters > TEMPLATE_TEXTS_MAX_CHARACTERS) throw appError('VALIDATION_FAILED', [TEMPLATE_TRANSLATION_MESSAGES.tooLong]);
}

async function findTemplate(manager: EntityManager, tenantId: string, id: string, forUpdate = false): Promise<QuoteTemplate> {
  const template = await manager.findOne(QuoteTemplate, {
    where: { tenantId, id },
    ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!template) throw templateNotFound();
  return template;
}
