import type { ListPage, ProductView } from '@quotebook/contracts';
import type { EntityManager } from 'typeorm';
import { fillPageUntil, followingPageStarts, inOrderOf, PAGE_ROWS_MAX, type SizedRow } from '@quotebook/server-core';
import { TAG_ID_BYTES, tagIdsByItem } from '../tags/tag-links';
import type { Product } from './product.entity';
import { mapProduct, type PeriodFields } from './product.views';

/** Upper bounds of a product's JSON size besides its texts: its other fields, and one period. */
const PRODUCT_FIELDS_BYTES = 512;
const PERIOD_BYTES = 512;

const ORDER = `ORDER BY lower(product.titles ->> 'it') ASC NULLS LAST, product.code ASC, product.id ASC`;

/**
 * The whole list's sizes from the first product on: the texts' stored size and the periods and tag
 * links counted, each counted once for the agency rather than once per product.
 */
const ALL_SIZES = `
  SELECT product.id, product.text_bytes + $2 + $3 * coalesce(periods.n, 0) + $4 * coalesce(links.n, 0) AS bytes
    FROM catalogue.products product
    LEFT JOIN (SELECT product_id, count(*) AS n FROM catalogue.product_availability WHERE tenant_id = $1 GROUP BY product_id) periods
      ON periods.product_id = product.id
    LEFT JOIN (SELECT product_id, count(*) AS n FROM catalogue.product_tags WHERE tenant_id = $1 GROUP BY product_id) links
      ON links.product_id = product.id
   WHERE product.tenant_id = $1
   ${ORDER}`;

/** The sizes of at most $6 products from $5 on: the rows are cut first, so only they are counted. */
const SIZES_FROM = `
  SELECT product.id,
         product.text_bytes + $2
           + $3 * (SELECT count(*) FROM catalogue.product_availability period
                    WHERE period.tenant_id = product.tenant_id AND period.product_id = product.id)
           + $4 * (SELECT count(*) FROM catalogue.product_tags link
                    WHERE link.tenant_id = product.tenant_id AND link.product_id = product.id) AS bytes
    FROM (SELECT product.id, product.tenant_id, product.text_bytes, product.titles, product.code
            FROM catalogue.products product
           WHERE product.tenant_id = $1
           ${ORDER}
          OFFSET $5 LIMIT $6) product
   ${ORDER}`;

/** A product's columns under the entity's names (thousands of rows are read without the ORM's hydration). */
const PRODUCT_COLUMNS = `id, tenant_id AS "tenantId", code, titles, subtitles, short_descriptions AS "shortDescriptions",
  extended_descriptions AS "extendedDescriptions", duration_hours AS "durationHours", duration_minutes AS "durationMinutes",
  vat_rate_id AS "vatRateId", created_at AS "createdAt"`;

export const PERIOD_COLUMNS = `id, product_id AS "productId", start_date AS "startDate", end_date AS "endDate",
  has_min_participants AS "hasMinParticipants", min_participants AS "minParticipants",
  has_cost_per_person AS "hasCostPerPerson", cost_per_person AS "costPerPerson", has_flat_rate AS "hasFlatRate",
  flat_rate AS "flatRate", has_additional_costs AS "hasAdditionalCosts", additional_costs AS "additionalCosts",
  price_includes_vat AS "priceIncludesVat"`;

/**
 * One page of the products list, bounded by bytes, in four queries whatever its size: the sizes, then
 * the page's products, their tag links and their periods (these three together). The first page (from
 * 0, no end given) sizes the whole list and says where every following page starts; a page with an
 * end sizes only its rows.
 */
export async function readProductsPage(
  manager: EntityManager,
  tenantId: string,
  start: number,
  until: number | undefined,
  today: string,
): Promise<ListPage<ProductView>> {
  const bounds = [tenantId, PRODUCT_FIELDS_BYTES, PERIOD_BYTES, TAG_ID_BYTES];
  const whole = start === 0 && until === undefined;
  const sized: SizedRow[] = whole
    ? await manager.query(ALL_SIZES, bounds)
    : await manager.query(SIZES_FROM, [...bounds, start, Math.min(until === undefined ? PAGE_ROWS_MAX : until - start, PAGE_ROWS_MAX) + 1]);
  const { ids, nextCursor } = fillPageUntil(sized, start, until);
  if (ids.length === 0) return { items: [], nextCursor };
  // independent reads of the page's products, started together: a read of the tenant sends them in one message
  const [rows, tagIds, periods]: [Product[], Map<string, string[]>, PeriodFields[]] = await Promise.all([
    manager.query(`SELECT ${PRODUCT_COLUMNS} FROM catalogue.products WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]),
    tagIdsByItem(manager, 'product', tenantId, ids),
    manager.query(
      `SELECT ${PERIOD_COLUMNS} FROM catalogue.product_availability
        WHERE tenant_id = $1 AND product_id = ANY($2::uuid[]) ORDER BY product_id ASC, start_date ASC`,
      [tenantId, ids],
    ),
  ]);
  const periodsByProduct = new Map<string, PeriodFields[]>();
  for (const period of periods) {
    const own = periodsByProduct.get(period.productId);
    if (own) own.push(period);
    else periodsByProduct.set(period.productId, [period]);
  }
  const items = inOrderOf(ids, rows).map((product) => mapProduct(product, tagIds.get(product.id) ?? [], periodsByProduct.get(product.id) ?? [], today));
  return whole && nextCursor !== null ? { items, nextCursor, pageStarts: followingPageStarts(sized, start) } : { items, nextCursor };
}
