import type { ListPage, ProductView } from '@quotebook/contracts';
import type { EntityManager } from 'typeorm';
import { LIST_PAGE_BYTES } from '@quotebook/contracts';
import { fillPage, fillPageUntil, followingPageStarts, inOrderOf, PAGE_ROWS_MAX, type SizedRow } from '@quotebook/server-core';
import { TAG_ID_BYTES, tagIdsByItem, tagIdsOfItemsIn } from '../tags/tag-links';
import type { Product } from './product.entity';
import { mapProduct, type PeriodFields } from './product.views';

/**
 * Upper bounds of a product's JSON size besides its texts: its other fields (346 bytes at most: a
 * 6-character code, 32-bit durations, the longest price) and one period (516 bytes at most: 32-bit
 * minimum and free places, the longest prices and supplier costs).
 */
const PRODUCT_FIELDS_BYTES = 400;
const PERIOD_BYTES = 520;

/** The list's order: the Italian title without case (`sort_title`, indexed with the code and id per agency). */
const ORDER = `ORDER BY product.sort_title ASC NULLS LAST, product.code ASC, product.id ASC`;

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
    FROM (SELECT product.id, product.tenant_id, product.text_bytes, product.sort_title, product.code
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
  price_includes_vat AS "priceIncludesVat", supplier_cost_per_person AS "supplierCostPerPerson",
  supplier_cost_per_booking AS "supplierCostPerBooking", free_places_every AS "freePlacesEvery", free_places_count AS "freePlacesCount"`;

/**
 * The first page is small: the gateway asks for the following ones once it has it, so the sooner it
 * comes, the sooner the service and its database work on the rest together. It is read with the
 * sizes of the whole list, in the same message: at most FIRST_PAGE_ROWS products within FIRST_PAGE_BYTES.
 */
const FIRST_PAGE_BYTES = LIST_PAGE_BYTES / 8;
const FIRST_PAGE_ROWS = 64;

/** The ids of the list's products from $2 on, at most $3 of them. */
const WINDOW = `SELECT product.id FROM catalogue.products product WHERE product.tenant_id = $1 ${ORDER} OFFSET $2 LIMIT $3`;

type SizedProduct = Product & { textBytes: number };

/**
 * One page of the products list, bounded by bytes, each read in one message. The first page (from 0,
 * no end given) is read with the sizes of the whole list, and says where every following page starts.
 * A page told where it ends (`until`, from the first page's starts) is sized as it is read: should the
 * list have grown since, it ends where its bytes run out. A page from a cursor with no end sizes only
 * its rows, then reads them.
 */
export async function readProductsPage(
  manager: EntityManager,
  tenantId: string,
  start: number,
  until: number | undefined,
  today: string,
): Promise<ListPage<ProductView>> {
  if (until !== undefined) return readBoundedPage(manager, tenantId, start, until, today);
  const bounds = [tenantId, PRODUCT_FIELDS_BYTES, PERIOD_BYTES, TAG_ID_BYTES];
  if (start === 0) {
    const [sized, first]: [SizedRow[], ProductWindow] = await Promise.all([manager.query(ALL_SIZES, bounds), readWindow(manager, tenantId, 0, FIRST_PAGE_ROWS)]);
    const taken = Math.min(fillPage(sized, 0, FIRST_PAGE_BYTES).ids.length, first.rows.length);
    const items = toViews(first.rows.slice(0, taken), first.tagIds, byProduct(first.periods), today);
    if (taken >= sized.length) return { items, nextCursor: null };
    return { items, nextCursor: taken, pageStarts: [taken, ...followingPageStarts(sized.slice(taken), taken)], total: sized.length };
  }
  const sized: SizedRow[] = await manager.query(SIZES_FROM, [...bounds, start, PAGE_ROWS_MAX + 1]);
  const { ids, nextCursor } = fillPageUntil(sized, start, undefined);
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
  return { items: toViews(inOrderOf(ids, rows), tagIds, byProduct(periods), today), nextCursor };
}

/** Products of the list in its order, from `start`, at most `count`, with their tag links and periods. */
interface ProductWindow {
  rows: SizedProduct[];
  tagIds: Map<string, string[]>;
  periods: PeriodFields[];
}

/** The window's three reads, started together (one message; one snapshot, so they agree). */
async function readWindow(manager: EntityManager, tenantId: string, start: number, count: number): Promise<ProductWindow> {
  const window = [start, count];
  const [rows, tagIds, periods]: [SizedProduct[], Map<string, string[]>, PeriodFields[]] = await Promise.all([
    manager.query(`SELECT ${PRODUCT_COLUMNS}, text_bytes AS "textBytes" FROM catalogue.products product WHERE product.tenant_id = $1 ${ORDER} OFFSET $2 LIMIT $3`, [
      tenantId,
      ...window,
    ]),
    tagIdsOfItemsIn(manager, 'product', tenantId, WINDOW, window),
    manager.query(
      `SELECT ${PERIOD_COLUMNS} FROM catalogue.product_availability
        WHERE tenant_id = $1 AND product_id IN (${WINDOW}) ORDER BY product_id ASC, start_date ASC`,
      [tenantId, ...window],
    ),
  ]);
  return { rows, tagIds, periods };
}

/** The page from `start` to before `until` (one product past it is read, to tell whether more follow). */
async function readBoundedPage(manager: EntityManager, tenantId: string, start: number, until: number, today: string): Promise<ListPage<ProductView>> {
  const { rows, tagIds, periods } = await readWindow(manager, tenantId, start, Math.min(until - start, PAGE_ROWS_MAX) + 1);
  const periodsOf = byProduct(periods);
  const sized: SizedRow[] = rows.map((row) => ({
    id: row.id,
    bytes: row.textBytes + PRODUCT_FIELDS_BYTES + PERIOD_BYTES * (periodsOf.get(row.id)?.length ?? 0) + TAG_ID_BYTES * (tagIds.get(row.id)?.length ?? 0),
  }));
  const { ids, nextCursor } = fillPageUntil(sized, start, until);
  return { items: toViews(rows.slice(0, ids.length), tagIds, periodsOf, today), nextCursor };
}

/** The periods (in start order) of each product. */
function byProduct(periods: readonly PeriodFields[]): Map<string, PeriodFields[]> {
  const periodsOf = new Map<string, PeriodFields[]>();
  for (const period of periods) {
    const own = periodsOf.get(period.productId);
    if (own) own.push(period);
    else periodsOf.set(period.productId, [period]);
  }
  return periodsOf;
}

/** The products (in list order) as the list shows them, with their tag ids and periods. */
function toViews(products: readonly Product[], tagIds: Map<string, string[]>, periodsOf: Map<string, PeriodFields[]>, today: string): ProductView[] {
  return products.map((product) => mapProduct(product, tagIds.get(product.id) ?? [], periodsOf.get(product.id) ?? [], today));
}
