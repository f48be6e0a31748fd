import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ListPage,
  PRODUCT_TEXTS_MAX_BYTES,
  todayIn,
  type CopyFromItalianDto,
  type Principal,
  type ProductDto,
  type ProductView,
  type SetTagsDto,
  type TagIdsView,
} from '@quotebook/contracts';
import { appError, type ConstraintErrors, pageEnd, pageStart, requireResourceId, requireTenantAccess, requireTenantAdministration, withConstraintErrors } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogueEnv } from '../env';
import { replaceTags, tagIdsOf } from '../tags/tag-links';
import { QuoteUsage } from '../quoting-links/quote-usage';
import { assertVatRateOfTenant } from '../vat-rates/vat-rates.service';
import { Availability } from './availability.entity';
import { generateProductCode } from './product-code';
import { Product } from './product.entity';
import { mapProduct } from './product.views';
import { readProductsPage } from './products-list';
import { TenantLanguages } from './tenant-languages';
import { copyItalianTexts, EMPTY_TEXTS, hasItalianTitle, mergeLanguageTexts, type ProductTexts } from './translations';

/** A tenant transaction whose VAT rate vanished under it answers like a VAT rate that never was. */
const VAT_RATE_GONE: ConstraintErrors = {
  products_vat_rate_fkey: () => appError('VALIDATION_FAILED', ['vatRateId must be a VAT rate of this tenant']),
};

/** A clash among 2.2 billion codes is rare; several in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;

@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly languages: TenantLanguages,
    private readonly env: CatalogueEnv,
    private readonly quoteUsage: QuoteUsage,
  ) {}

  /** One page of the list (see readProductsPage); `until`, where the following page starts, bounds it. */
  async list(principal: Principal, tenantId: string, cursor?: number, until?: number): Promise<ListPage<ProductView>> {
    requireTenantAccess(principal, tenantId);
    const start = pageStart(cursor);
    const end = pageEnd(until, start);
    const today = this.today();
    return readTenant(this.dataSource, tenantId, (manager) => readProductsPage(manager, tenantId, start, end, today));
  }

  async create(principal: Principal, tenantId: string, dto: ProductDto): Promise<ProductView> {
    requireTenantAdministration(principal, tenantId);
    await this.languages.assertEnabled(principal, tenantId, 'language', [dto.language]);
    const product = await this.writing(tenantId, async (manager) => {
      if (dto.vatRateId) await assertVatRateOfTenant(manager, tenantId, dto.vatRateId);
      return insertProduct(manager, {
        tenantId,
        ...withinTextLimit(mergeLanguageTexts(EMPTY_TEXTS, dto.language, dto), TEXTS_TOO_LARGE),
        durationHours: dto.durationHours ?? 0,
        durationMinutes: dto.durationMinutes ?? 0,
        vatRateId: dto.vatRateId ?? null,
      });
    });
    return mapProduct(product, [], [], this.today());
  }

  /** Changes one language's texts (the others stay) and the language-independent fields sent. */
  async update(principal: Principal, tenantId: string, id: string, dto: ProductDto): Promise<ProductView> {
    requireTenantAdministration(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    await this.languages.assertEnabled(principal, tenantId, 'language', [dto.language]);
    return this.writing(tenantId, async (manager) => {
      const product = await findProduct(manager, tenantId, productId, true);
      if (dto.vatRateId) await assertVatRateOfTenant(manager, tenantId, dto.vatRateId);
      Object.assign(product, withinTextLimit(mergeLanguageTexts(textsOf(product), dto.language, dto), TEXTS_TOO_LARGE));
      if (dto.durationHours !== undefined) product.durationHours = dto.durationHours;
      if (dto.durationMinutes !== undefined) product.durationMinutes = dto.durationMinutes;
      if (dto.vatRateId !== undefined) product.vatRateId = dto.vatRateId;
      await manager.save(Product, product);
      return this.view(manager, product);
    });
  }

  /** Removes the product with its periods and tag links (the foreign keys cascade), unless quotes hold it (409). */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    await this.quoteUsage.assertUnused(principal, tenantId, { productId });
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const { affected } = await manager.delete(Product, { tenantId, id: productId });
      if (!affected) throw productNotFound();
    });
    return { deleted: true };
  }

  async getTags(principal: Principal, tenantId: string, id: string): Promise<TagIdsView> {
    requireTenantAccess(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    return readTenant(this.dataSource, tenantId, async (manager) => {
      await findProduct(manager, tenantId, productId);
      return { tagIds: await tagIdsOf(manager, 'product', tenantId, productId) };
    });
  }

  /** The product's tags become exactly these product tags. */
  async setTags(principal: Principal, tenantId: string, id: string, dto: SetTagsDto): Promise<TagIdsView> {
    requireTenantAdministration(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    return withTenant(this.dataSource, tenantId, async (manager) => {
      await findProduct(manager, tenantId, productId, true);
      await replaceTags(manager, 'product', tenantId, productId, dto.tagIds);
      return { tagIds: await tagIdsOf(manager, 'product', tenantId, productId) };
    });
  }

  async copyFromItalian(principal: Principal, tenantId: string, id: string, dto: CopyFromItalianDto): Promise<ProductView> {
    requireTenantAdministration(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    await this.languages.assertEnabled(principal, tenantId, 'targetLanguages', dto.targetLanguages);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const product = await findProduct(manager, tenantId, productId, true);
      if (!hasItalianTitle(textsOf(product))) {
        throw appError('ITALIAN_TITLE_MISSING', ['The product has no Italian title to copy from']);
      }
      Object.assign(product, withinTextLimit(copyItalianTexts(textsOf(product), dto.targetLanguages), COPY_TOO_LARGE));
      await manager.save(Product, product);
      return this.view(manager, product);
    });
  }

  private async view(manager: EntityManager, product: Product): Promise<ProductView> {
    const tagIds = await tagIdsOf(manager, 'product', product.tenantId, product.id);
    const periods = await manager.find(Availability, {
      where: { tenantId: product.tenantId, productId: product.id },
      order: { startDate: 'ASC' },
    });
    return mapProduct(product, tagIds, periods, this.today());
  }

  private writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), VAT_RATE_GONE);
  }

  private today(): string {
    return todayIn(this.env.BUSINESS_TIME_ZONE);
  }
}

type NewProduct = ProductTexts & Pick<Product, 'tenantId' | 'durationHours' | 'durationMinutes' | 'vatRateId'>;

/**
 * Inserts the product under a freshly generated code. Codes are unique over the whole platform, and
 * other tenants' codes are invisible here (row-level security), so a clash shows only as the insert
 * doing nothing (ON CONFLICT on the code): then a new code is drawn.
 */
export async function insertProduct(
  manager: EntityManager,
  product: NewProduct,
  generateCode: () => string = generateProductCode,
): Promise<Product> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO catalogue.products
         (tenant_id, code, titles, subtitles, short_descriptions, extended_descriptions, duration_hours, duration_minutes, vat_rate_id)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9)
       ON CONFLICT (code) DO NOTHING
       RETURNING id`,
      [
        product.tenantId,
        generateCode(),
        JSON.stringify(product.titles),
        JSON.stringify(product.subtitles),
        JSON.stringify(product.shortDescriptions),
        JSON.stringify(product.extendedDescriptions),
        product.durationHours,
        product.durationMinutes,
        product.vatRateId,
      ],
    );
    if (rows.length === 1) return findProduct(manager, product.tenantId, rows[0].id);
  }
  throw appError('PRODUCT_CODE_EXHAUSTED', 'No free product code was found; please try again');
}

async function findProduct(manager: EntityManager, tenantId: string, id: string, forUpdate = false): Promise<Product> {
  const product = await manager.findOne(Product, {
    where: { tenantId, id },
    ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!product) throw productNotFound();
  return product;
}

function textsOf(product: Product): ProductTexts {
  return {
    titles: product.titles,
    subtitles: product.subtitles,
    shortDescriptions: product.shortDescriptions,
    extendedDescriptions: product.extendedDescriptions,
  };
}

const TEXTS_LIMIT_KB = PRODUCT_TEXTS_MAX_BYTES / 1024;
const TEXTS_TOO_LARGE = `The product's texts in all its languages together may be at most ${TEXTS_LIMIT_KB} KB: shorten extendedDescription or another text`;
const COPY_TOO_LARGE = `targetLanguages: copying would make the product's texts in all its languages larger than ${TEXTS_LIMIT_KB} KB`;

/**
 * The texts, if their JSON (UTF-8) stays within PRODUCT_TEXTS_MAX_BYTES: each text has a length limit,
 * but languages add up and a character can take up to six bytes once encoded, so the whole is
 * checked too; that keeps any one product within a message of the bus.
 */
function withinTextLimit(texts: ProductTexts, message: string): ProductTexts {
  if (Buffer.byteLength(JSON.stringify(texts)) > PRODUCT_TEXTS_MAX_BYTES) throw appError('VALIDATION_FAILED', [message]);
  return texts;
}

function productNotFound() {
  return appError('NOT_FOUND', 'Product not found');
}
