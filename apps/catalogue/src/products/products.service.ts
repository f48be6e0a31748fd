import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ListPage,
  todayIn,
  type CopyFromItalianDto,
  type Principal,
  type ProductDto,
  type ProductView,
  type SetTagsDto,
  type TagIdsView,
} from '@quotebook/contracts';
import { appError, withTenant } from '@quotebook/server-core';
import { DataSource, EntityManager, In } from 'typeorm';
import { PG_FOREIGN_KEY_VIOLATION, violates } from '../database-errors';
import { CatalogueEnv } from '../env';
import { requireResourceId } from '../ids';
import { requireTenantAccess, requireTenantAdministration } from '../principal-checks';
import { replaceTags, tagIdsByItem, tagIdsOf } from '../tags/tag-links';
import { assertVatRateOfTenant } from '../vat-rates/vat-rates.service';
import { Availability } from './availability.entity';
import { generateProductCode } from './product-code';
import { Product } from './product.entity';
import { mapProduct } from './product.views';
import { TenantLanguages } from './tenant-languages';
import { copyItalianTexts, EMPTY_TEXTS, hasItalianTitle, mergeLanguageTexts, type ProductTexts } from './translations';

/** A clash among 2.2 billion codes is rare; several in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;

@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly languages: TenantLanguages,
    private readonly env: CatalogueEnv,
  ) {}

  /**
   * Every product with its tag ids, its periods and today's price in three queries whatever the number
   * of products: the products, then all their tag links, then all their periods.
   */
  /** One page of the list (all of it without `page`), each product with its tags and periods. */
  async list(principal: Principal, tenantId: string, page?: ListPage): Promise<ProductView[]> {
    requireTenantAccess(principal, tenantId);
    const today = this.today();
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const products = await manager
        .createQueryBuilder(Product, 'product')
        .where('product.tenantId = :tenantId', { tenantId })
        .orderBy(`lower(product.titles ->> 'it')`, 'ASC', 'NULLS LAST')
        .addOrderBy('product.code', 'ASC')
        .addOrderBy('product.id', 'ASC')
        .offset(page?.offset)
        .limit(page?.limit)
        .getMany();
      const ids = products.map((product) => product.id);
      const tagIds = await tagIdsByItem(manager, 'product', tenantId, ids);
      const periods = await manager.find(Availability, {
        where: { tenantId, productId: In(ids) },
        order: { productId: 'ASC', startDate: 'ASC' },
      });
      const periodsByProduct = new Map<string, Availability[]>();
      for (const period of periods) {
        const own = periodsByProduct.get(period.productId);
        if (own) own.push(period);
        else periodsByProduct.set(period.productId, [period]);
      }
      return products.map((product) =>
        mapProduct(product, tagIds.get(product.id) ?? [], periodsByProduct.get(product.id) ?? [], today),
      );
    });
  }

  async create(principal: Principal, tenantId: string, dto: ProductDto): Promise<ProductView> {
    requireTenantAdministration(principal, tenantId);
    await this.languages.assertEnabled(principal, tenantId, 'language', [dto.language]);
    const product = await this.writing(tenantId, async (manager) => {
      if (dto.vatRateId) await assertVatRateOfTenant(manager, tenantId, dto.vatRateId);
      return insertProduct(manager, {
        tenantId,
        ...mergeLanguageTexts(EMPTY_TEXTS, dto.language, dto),
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
      Object.assign(product, mergeLanguageTexts(textsOf(product), dto.language, dto));
      if (dto.durationHours !== undefined) product.durationHours = dto.durationHours;
      if (dto.durationMinutes !== undefined) product.durationMinutes = dto.durationMinutes;
      if (dto.vatRateId !== undefined) product.vatRateId = dto.vatRateId;
      await manager.save(Product, product);
      return this.view(manager, product);
    });
  }

  /** Removes the product with its periods and tag links (the foreign keys cascade). */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const { affected } = await manager.delete(Product, { tenantId, id: productId });
      if (!affected) throw productNotFound();
    });
    return { deleted: true };
  }

  async getTags(principal: Principal, tenantId: string, id: string): Promise<TagIdsView> {
    requireTenantAccess(principal, tenantId);
    const productId = requireResourceId(id, 'Product');
    return withTenant(this.dataSource, tenantId, async (manager) => {
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
        throw appError('VALIDATION_FAILED', ['The product has no Italian title to copy from']);
      }
      Object.assign(product, copyItalianTexts(textsOf(product), dto.targetLanguages));
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

  /** A tenant transaction whose VAT rate vanished under it answers like a VAT rate that never was. */
  private async writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await withTenant(this.dataSource, tenantId, work);
    } catch (error) {
      if (violates(error, PG_FOREIGN_KEY_VIOLATION, 'products_vat_rate_fkey')) {
        throw appError('VALIDATION_FAILED', ['vatRateId must be a VAT rate of this tenant']);
      }
      throw error;
    }
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
  throw appError('CONFLICT', 'No free product code was found; please try again');
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

function productNotFound() {
  return appError('NOT_FOUND', 'Product not found');
}
