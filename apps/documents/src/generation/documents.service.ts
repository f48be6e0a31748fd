import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CATALOGUE_PRODUCT_TEXTS,
  CUSTOMERS_GET,
  type CustomerView,
  type DocumentAsset,
  type GenerateDocumentDto,
  type GeneratedDocument,
  type Principal,
  type ProductTexts,
  type QuoteDetailView,
  QUOTES_GET,
  type RenderedRevision,
  type RenderRevisionRequest,
  type RevisionTemplateText,
  TENANTS_GET,
  type TenantView,
} from '@quotebook/contracts';
import {
  combinedShape,
  DEFAULT_LANGUAGE,
  DOCUMENT_MESSAGES,
  type DocumentFormat,
  documentFileName,
  flattenHtml,
  htmlShape,
  layoutContentProblems,
  LOOP_MESSAGES,
  TEMPLATE_CONTENT_LIMITS,
} from '@quotebook/domain';
import { appError, BoundedMap, FileStorage, reasonOf, requireTenantAccess, RpcClient } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import { createHash } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { requireId } from '../access';
import { QuoteLayout, QuoteLayoutElement } from '../layouts/layout.entity';
import { StarterKitService } from '../starter-kit/starter-kit.service';
import { printableTemplateHtml } from '../templates/template-html';
import { QuoteTemplate } from '../templates/template.entity';
import { type DocumentContent, documentQuoteOf, type PrintedElement, type PrintedImage, renderDocumentHtml } from './document-html';
import { type DocumentImage, DocumentImages } from './document-images';
import { countCacheLookup, timeRender } from './document-metrics';
import { DocumentQueue, type RenderOutcome } from './document-queue';

/** The file each format is, in the storage and in the answer. */
const FILES = {
  preview: { extension: 'html', contentType: 'text/html; charset=utf-8' },
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  word: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
} as const;

const layoutNotFound = () => appError('NOT_FOUND', DOCUMENT_MESSAGES.layoutNotFound);

/** Quotes whose customer is remembered at most; past it the memory starts over. */
const REMEMBERED_QUOTES = 10_000;

/** What a document is made of, before its images are placed. */
interface Sources {
  content: Omit<DocumentContent, 'elements' | 'logo' | 'format'>;
  elements: { element: QuoteLayoutElement; template: QuoteTemplate | null }[];
  logo: DocumentImage | null;
  signatures: Map<string, DocumentImage | null>;
}

/** A document's language: a two-letter code, Italian when none (or something else) is given. */
const languageOf = (language: unknown): string => (typeof language === 'string' && /^[a-z]{2}$/.test(language) ? language : DEFAULT_LANGUAGE);

/** A template's title and content in a language: its translation there, else its Italian text. */
function templateTextIn(template: QuoteTemplate, language: string): { title: string; content: string } {
  const translated = language === DEFAULT_LANGUAGE ? undefined : template.translations?.[language];
  if (!translated) return { title: template.title, content: template.content };
  return { title: translated.title || template.title, content: translated.content };
}

/** How the settings reach the service (tests give their own). */
export class DocumentSettings {
  timeZone: string;
}

/**
 * Generates a quote's document in a layout. One renderer makes the HTML of every format; the preview
 * inlines its images, PDF and Word name them as files of the render job. A document is kept in the
 * shared storage under its content's hash, so asking again for the same document answers the file at
 * once, without a render.
 */
@Injectable()
export class DocumentsService {
  /**
   * The customer each quote had when its document was last asked for, by `<tenant>/<quote>`: the next
   * request asks the catalogue for that customer while it asks quoting for the quote, instead of after.
   */
  private readonly customerOfQuote = new BoundedMap<string, string>(REMEMBERED_QUOTES);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
    private readonly images: DocumentImages,
    private readonly queue: DocumentQueue,
    private readonly settings: DocumentSettings,
    private readonly starterKit: StarterKitService,
  ) {}

  /** The quote's document as it is now, in a layout, in a language (the products' texts asked from the catalogue in it). */
  async generate(principal: Principal, tenantId: string, quoteId: string, { layoutId, format, language }: GenerateDocumentDto): Promise<GeneratedDocument> {
    requireTenantAccess(principal, tenantId);
    const sources = await this.read(principal, tenantId, quoteId, layoutId, languageOf(language));
    return this.produce(tenantId, sources, format, layoutId);
  }

  /**
   * A sent revision's PDF, from the quote and customer as frozen (given, never read from quoting), in
   * the revision's language with the texts given, in the layout given or the agency's default one; with
   * the layout's templates in that language for the public page.
   */
  async renderRevision(request: RenderRevisionRequest): Promise<RenderedRevision> {
    const { principal, tenantId, quote, customer } = request;
    requireTenantAccess(principal, tenantId);
    const language = languageOf(request.language);
    const layoutId = request.layoutId ?? (await this.defaultLayoutId(tenantId));
    const [layout, agency] = await Promise.all([this.readLayout(tenantId, layoutId), this.rpc.send(TENANTS_GET, { principal, tenantId })]);
    const productTexts = new Map((Array.isArray(request.texts) ? request.texts : []).map((texts) => [texts.id, texts]));
    const sources = await this.compose(tenantId, { quote, customer: customer ?? null, agency, language, productTexts }, layout);
    const document = await this.produce(tenantId, sources, 'pdf', layoutId);
    const templates: RevisionTemplateText[] = sources.elements.flatMap(({ template }) => {
      if (!template) return [];
      const text = templateTextIn(template, language);
      return [{ templateType: template.templateType, title: text.title, content: printableTemplateHtml(text.content) }];
    });
    return { layoutId, document, templates };
  }

  /**
   * The agency's default layout; the first active one (by name) when none is default. An agency without
   * any is given its starter layout first (once); one that has none active is told to make one: 400.
   */
  private async defaultLayoutId(tenantId: string): Promise<string> {
    await this.starterKit.ensure(tenantId);
    const [chosen]: { id: string }[] = await readTenant(this.dataSource, tenantId, (manager) =>
      manager.query(
        `SELECT id FROM documents.quote_layouts WHERE tenant_id = $1 AND (is_default OR is_active)
          ORDER BY is_default DESC, lower(name), created_at, id LIMIT 1`,
        [tenantId],
      ),
    );
    if (!chosen) throw appError('VALIDATION_FAILED', LOOP_MESSAGES.noLayout);
    return chosen.id;
  }

  /** The document's file in a format: from the storage when the same document was made before, else rendered. */
  private async produce(tenantId: string, sources: Sources, format: DocumentFormat, layoutId: string): Promise<GeneratedDocument> {
    assertPrintable(sources);
    const placed = format === 'preview' ? this.inlined(sources) : await this.asAssets(tenantId, sources);
    const html = renderDocumentHtml({ ...sources.content, ...placed.content, format });
    const file = FILES[format];
    const hash = createHash('sha256')
      .update(`${format}\n${placed.assets.map((asset) => `${asset.name}:${asset.storageKey}`).join('\n')}\n`)
      .update(html)
      .digest('hex');
    const storageKey = `documents/${tenantId}/${hash}.${file.extension}`;
    const { quote } = sources.content;
    const answer = (cached: boolean): GeneratedDocument => ({
      format,
      storageKey,
      fileName: format === 'preview' ? null : documentFileName(quote.id, format),
      contentType: file.contentType,
      cached,
    });
    const stored = await this.storage.exists(storageKey);
    countCacheLookup(file.extension, stored);
    if (stored) return answer(true);
    if (format === 'preview') {
      await this.storage.put(storageKey, html);
      return answer(false);
    }
    const key = [quote.id, quote.version, layoutId, format, hash].join('-');
    const rendered = timeRender(file.extension);
    const outcome = await this.queue.render(key, { tenantId, format, html, assets: placed.assets, storageKey });
    // the storage has the last word: a job whose end was not seen may still have left its file
    const made = await this.storage.exists(storageKey);
    rendered(made ? 'done' : outcome);
    if (made) return answer(false);
    throw renderFailure(outcome, format);
  }

  /**
   * The quote (from quoting) with its customer (from the catalogue), the agency (from tenancy) and the
   * layout with its templates (from this service's tables), side by side; then, in a language other
   * than Italian, the products' texts in it (from the catalogue), and the images. An unknown layout is
   * answered first, then an unknown quote.
   */
  private async read(principal: Principal, tenantId: string, quoteId: string, layoutId: string, language: string): Promise<Sources> {
    const scope = { principal, tenantId };
    const [layout, quoted, agency] = await Promise.allSettled([
      this.readLayout(tenantId, layoutId),
      this.readQuote(principal, tenantId, quoteId),
      this.rpc.send(TENANTS_GET, scope),
    ]);
    if (layout.status === 'rejected') throw layout.reason;
    if (quoted.status === 'rejected') throw quoted.reason;
    if (agency.status === 'rejected') throw agency.reason;
    const { quote, customer } = quoted.value;
    const productIds = [...new Set(quote.items.map((item) => item.productId))];
    const texts: ProductTexts[] =
      language === DEFAULT_LANGUAGE || productIds.length === 0 ? [] : await this.rpc.send(CATALOGUE_PRODUCT_TEXTS, { ...scope, productIds, language });
    const productTexts = new Map(texts.map((each) => [each.id, each]));
    return this.compose(tenantId, { quote, customer, agency: agency.value, language, productTexts }, layout.value);
  }

  /** The document's sources: what it shows, its layout's active elements, and their images. */
  private async compose(
    tenantId: string,
    content: { quote: QuoteDetailView; customer: CustomerView | null; agency: TenantView; language: string; productTexts: ReadonlyMap<string, ProductTexts> },
    layout: Sources['elements'],
  ): Promise<Sources> {
    const { agency } = content;
    const printed = layout.filter(({ template }) => template === null || template.isActive);
    const signaturePaths = [...new Set(printed.flatMap(({ template }) => (template?.signatureImagePath ? [template.signatureImagePath] : [])))];
    const [logo, ...signatures] = await Promise.all([
      printed.some(({ template }) => template?.headerPrint) ? this.images.logo(tenantId, agency.logoUrl) : null,
      ...signaturePaths.map((path) => this.images.signature(tenantId, path)),
    ]);
    return {
      // the quote as a customer may read it: nothing else of its view goes into the document
      content: { ...content, quote: documentQuoteOf(content.quote), timeZone: this.settings.timeZone },
      elements: printed,
      logo,
      signatures: new Map(signaturePaths.map((path, index) => [path, signatures[index]])),
    };
  }

  /**
   * The quote and its customer. The customer the quote had last time is asked for at once, beside the
   * quote, and used when the quote still names it; otherwise the quote's customer is asked for after it.
   * Both are read for this request either way: only the wait for the second answer is saved.
   */
  private async readQuote(principal: Principal, tenantId: string, quoteId: string): Promise<{ quote: QuoteDetailView; customer: CustomerView | null }> {
    const key = `${tenantId}/${quoteId}`;
    const remembered = this.customerOfQuote.get(key);
    const early = remembered === undefined ? undefined : this.readCustomer(principal, tenantId, remembered);
    // when the quote cannot be read, or names another customer, this answer is never awaited
    early?.catch(() => undefined);
    const quote = await this.rpc.send(QUOTES_GET, { principal, tenantId, id: quoteId });
    if (remembered !== quote.customerId) this.customerOfQuote.set(key, quote.customerId);
    const customer = early !== undefined && remembered === quote.customerId ? await early : await this.readCustomer(principal, tenantId, quote.customerId);
    return { quote, customer };
  }

  /** The customer as the catalogue knows it; a customer it no longer knows prints by the quote's name for it. */
  private async readCustomer(principal: Principal, tenantId: string, customerId: string): Promise<CustomerView | null> {
    try {
      return await this.rpc.send(CUSTOMERS_GET, { principal, tenantId, id: customerId });
    } catch (error) {
      if (reasonOf(error) === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** The layout's elements in print order, each with its whole template. */
  private async readLayout(tenantId: string, layoutId: string): Promise<Sources['elements']> {
    const id = requireId(layoutId, layoutNotFound);
    return readTenant(this.dataSource, tenantId, async (manager) => {
      if (!(await manager.existsBy(QuoteLayout, { tenantId, id }))) throw layoutNotFound();
      const elements = await manager.find(QuoteLayoutElement, { where: { tenantId, layoutId: id }, order: { sortOrder: 'ASC' } });
      const templateIds = elements.flatMap((element) => (element.templateId ? [element.templateId] : []));
      const templates = templateIds.length ? await manager.findBy(QuoteTemplate, { tenantId, id: In(templateIds) }) : [];
      const byId = new Map(templates.map((template) => [template.id, template]));
      return elements.map((element) => ({ element, template: element.templateId ? (byId.get(element.templateId) ?? null) : null }));
    });
  }

  /** The preview's images, inlined. */
  private inlined(sources: Sources): { content: Pick<DocumentContent, 'elements' | 'logo'>; assets: DocumentAsset[] } {
    const place = (image: DocumentImage | null | undefined) => (image ? DocumentImages.inline(image) : null);
    return { content: { elements: printedElements(sources, (path) => place(sources.signatures.get(path))), logo: place(sources.logo) }, assets: [] };
  }

  /** The images of a PDF or Word document, as files of its render job. */
  private async asAssets(tenantId: string, sources: Sources): Promise<{ content: Pick<DocumentContent, 'elements' | 'logo'>; assets: DocumentAsset[] }> {
    const images = [sources.logo, ...sources.signatures.values()].filter((image): image is DocumentImage => image !== null);
    const placed = new Map(await Promise.all(images.map(async (image) => [image, await this.images.asAsset(tenantId, image)] as const)));
    const place = (image: DocumentImage | null | undefined) => (image ? (placed.get(image)?.printed ?? null) : null);
    const assets = [...new Map([...placed.values()].map(({ asset }) => [asset.name, asset])).values()];
    return { content: { elements: printedElements(sources, (path) => place(sources.signatures.get(path))), logo: place(sources.logo) }, assets };
  }
}

/**
 * A document whose templates together pass the layout's bounds cannot be made within a render's time
 * (templates stored before the bounds, or grown since): 413, before anything is rendered. The content
 * is measured as it prints, flattened to the depth limit.
 */
function assertPrintable(sources: Sources): void {
  const printed = sources.elements.flatMap(({ template }) =>
    template ? [htmlShape(flattenHtml(templateTextIn(template, sources.content.language).content, TEMPLATE_CONTENT_LIMITS.depth))] : [],
  );
  if (layoutContentProblems(combinedShape(printed)).length) {
    throw appError('DOCUMENT_TOO_LARGE', DOCUMENT_MESSAGES.documentTooLarge);
  }
}

/** What the caller is told when a render left no file: what happened, in the words of the product. */
function renderFailure(outcome: RenderOutcome, format: 'pdf' | 'word'): Error {
  switch (outcome) {
    case 'too-complex':
      return appError('DOCUMENT_TOO_COMPLEX', DOCUMENT_MESSAGES.documentTooComplex);
    case 'too-large':
      return appError('DOCUMENT_TOO_LARGE', DOCUMENT_MESSAGES.documentTooLarge);
    case 'busy':
      return appError('DOCUMENTS_BUSY', DOCUMENT_MESSAGES.documentsBusy);
    default:
      // an outage (Gotenberg, Redis, no worker in time), or a job that should never have been made
      return appError('SERVICE_UNAVAILABLE', format === 'pdf' ? DOCUMENT_MESSAGES.pdfServiceUnavailable : DOCUMENT_MESSAGES.generationFailed);
  }
}

function printedElements(sources: Sources, signatureOf: (path: string) => PrintedImage | null): PrintedElement[] {
  return sources.elements.flatMap(({ element, template }): PrintedElement[] => {
    if (element.elementType === 'quotes') return [{ type: 'quotes' }];
    if (!template) return [];
    const text = templateTextIn(template, sources.content.language);
    return [
      {
        type: 'template',
        templateType: template.templateType,
        title: text.title,
        content: text.content,
        headerPrint: template.headerPrint,
        signature: template.signatureImagePath ? signatureOf(template.signatureImagePath) : null,
      },
    ];
  });
}
