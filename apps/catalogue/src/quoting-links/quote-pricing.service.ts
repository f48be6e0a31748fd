import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AvailabilityView, CatalogueCounts, Principal, PricingCustomer, PricingProduct, QuotePricingData } from '@quotebook/contracts';
import { requireTenantAccess } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import { PriceList } from '../price-lists/price-list.entity';
import { mapPriceList } from '../price-lists/price-list.views';
import { PERIOD_COLUMNS } from '../products/products-list';
import { mapAvailability, type PeriodFields } from '../products/product.views';

/** What quoting asks the catalogue: the facts a quote's prices and the dashboard are made of. */
@Injectable()
export class QuotePricingService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The agency's products among `productIds`, each with its code, Italian title and short description,
   * VAT rate and only the period containing the service date; the customer with its price list. What
   * is not the agency's (another agency's, unknown, not even an id) is simply absent.
   */
  async pricing(
    principal: Principal,
    tenantId: string,
    request: { productIds: readonly string[]; customerId?: string | null; serviceDate?: string | null },
  ): Promise<QuotePricingData> {
    requireTenantAccess(principal, tenantId);
    const productIds = [...new Set(request.productIds.filter((id) => isUUID(id)))];
    const customerId = request.customerId && isUUID(request.customerId) ? request.customerId : null;
    return readTenant(this.dataSource, tenantId, async (manager) => ({
      products: await pricingProducts(manager, tenantId, productIds, request.serviceDate ?? null),
      customer: customerId === null ? null : await pricingCustomer(manager, tenantId, customerId),
    }));
  }

  /** How many products and customers the agency has. */
  async counts(principal: Principal, tenantId: string): Promise<CatalogueCounts> {
    requireTenantAccess(principal, tenantId);
    return readTenant(this.dataSource, tenantId, async (manager) => {
      const [counts]: CatalogueCounts[] = await manager.query(
        `SELECT (SELECT count(*) FROM catalogue.products WHERE tenant_id = $1)::int AS products,
                (SELECT count(*) FROM catalogue.customers WHERE tenant_id = $1)::int AS customers`,
        [tenantId],
      );
      return counts;
    });
  }
}

async function pricingProducts(manager: EntityManager, tenantId: string, ids: string[], serviceDate: string | null): Promise<PricingProduct[]> {
  if (ids.length === 0) return [];
  const products: Omit<PricingProduct, 'period'>[] = await manager.query(
    `SELECT product.id, product.code, nullif(product.titles ->> 'it', '') AS "titleIt",
            nullif(product.short_descriptions ->> 'it', '') AS "shortDescriptionIt", vat.rate AS "vatRate"
       FROM catalogue.products product
       LEFT JOIN catalogue.vat_rates vat ON vat.tenant_id = product.tenant_id AND vat.id = product.vat_rate_id
      WHERE product.tenant_id = $1 AND product.id = ANY($2::uuid[])
      ORDER BY product.code`,
    [tenantId, ids],
  );
  // periods never overlap: a date falls in at most one period of a product
  const periods: PeriodFields[] =
    serviceDate === null
      ? []
      : await manager.query(
          `SELECT ${PERIOD_COLUMNS} FROM catalogue.product_availability
            WHERE tenant_id = $1 AND product_id = ANY($2::uuid[]) AND start_date <= $3 AND end_date >= $3`,
          [tenantId, ids, serviceDate],
        );
  const periodOf = new Map<string, AvailabilityView>(periods.map((period) => [period.productId, mapAvailability(period)]));
  return products.map((product) => ({ ...product, period: periodOf.get(product.id) ?? null }));
}

async function pricingCustomer(manager: EntityManager, tenantId: string, id: string): Promise<PricingCustomer | null> {
  const [customer]: { id: string; name: string; priceListId: string | null }[] = await manager.query(
    `SELECT id, name, price_list_id AS "priceListId" FROM catalogue.customers WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  if (!customer) return null;
  const priceList = customer.priceListId ? await manager.findOne(PriceList, { where: { tenantId, id: customer.priceListId } }) : null;
  return { id: customer.id, name: customer.name, priceList: priceList ? mapPriceList(priceList) : null };
}
