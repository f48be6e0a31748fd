import { randomBytes } from 'node:crypto';
import { queryDatabase } from './database';

/*
 * Catalogue rows written straight into the catalogue's tables (as the database's owner, which row-level
 * security does not bind), for tests of other services that read the catalogue: creating a product
 * through the catalogue would also need tenancy (for the agency's languages).
 */

/** A product code nobody else draws: 6 capital letters and digits. */
const productCode = () => Array.from(randomBytes(6), (byte) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[byte % 36]).join('');

const insertRow = async (databaseUrl: string, sql: string, params: unknown[]): Promise<string> => {
  const [row] = await queryDatabase<{ id: string }>(databaseUrl, `${sql} RETURNING id`, params);
  return row.id;
};

export async function insertVatRate(databaseUrl: string, tenantId: string, rate: string, description = `IVA ${rate} ${productCode()}`): Promise<string> {
  return insertRow(databaseUrl, `INSERT INTO catalogue.vat_rates (tenant_id, description, rate) VALUES ($1, $2, $3)`, [tenantId, description, rate]);
}

/** A product with its Italian title (none when null); its code is answered too. */
export async function insertProduct(
  databaseUrl: string,
  tenantId: string,
  options: { titleIt?: string | null; vatRateId?: string | null } = {},
): Promise<{ id: string; code: string }> {
  const code = productCode();
  const titles = options.titleIt === null ? {} : { it: options.titleIt ?? `Prodotto ${code}` };
  const id = await insertRow(databaseUrl, `INSERT INTO catalogue.products (tenant_id, code, titles, vat_rate_id) VALUES ($1, $2, $3::jsonb, $4)`, [
    tenantId,
    code,
    JSON.stringify(titles),
    options.vatRateId ?? null,
  ]);
  return { id, code };
}

/** An availability period; each price part is switched on when given. */
export interface PeriodRow {
  startDate: string;
  endDate: string;
  minParticipants?: number;
  costPerPerson?: string;
  flatRate?: string;
  additionalCosts?: string;
  priceIncludesVat?: boolean;
}

export async function insertPeriod(databaseUrl: string, tenantId: string, productId: string, period: PeriodRow): Promise<string> {
  return insertRow(
    databaseUrl,
    `INSERT INTO catalogue.product_availability
       (tenant_id, product_id, start_date, end_date, has_min_participants, min_participants, has_cost_per_person, cost_per_person,
        has_flat_rate, flat_rate, has_additional_costs, additional_costs, price_includes_vat)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      tenantId,
      productId,
      period.startDate,
      period.endDate,
      period.minParticipants !== undefined,
      period.minParticipants ?? null,
      period.costPerPerson !== undefined,
      period.costPerPerson ?? null,
      period.flatRate !== undefined,
      period.flatRate ?? null,
      period.additionalCosts !== undefined,
      period.additionalCosts ?? null,
      period.priceIncludesVat ?? false,
    ],
  );
}

export interface PriceListRow {
  name?: string;
  startDate: string;
  endDate: string;
  reductionAmount?: string | null;
  reductionPercentage?: string | null;
  isActive?: boolean;
}

export async function insertPriceList(databaseUrl: string, tenantId: string, list: PriceListRow): Promise<string> {
  return insertRow(
    databaseUrl,
    `INSERT INTO catalogue.price_lists (tenant_id, name, start_date, end_date, reduction_amount, reduction_percentage, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [tenantId, list.name ?? `Listino ${productCode()}`, list.startDate, list.endDate, list.reductionAmount ?? null, list.reductionPercentage ?? null, list.isActive ?? true],
  );
}

export async function insertCustomer(databaseUrl: string, tenantId: string, options: { name?: string; priceListId?: string | null } = {}): Promise<string> {
  return insertRow(databaseUrl, `INSERT INTO catalogue.customers (tenant_id, name, email, price_list_id) VALUES ($1, $2, $3, $4)`, [
    tenantId,
    options.name ?? `Cliente ${productCode()}`,
    'cliente@example.test',
    options.priceListId ?? null,
  ]);
}
