import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CsvImportDto, CsvImportReport, Principal } from '@quotebook/contracts';
import { nameKey, unescapeCsvCell } from '@quotebook/domain';
import { appError, type ConstraintErrors, requireTenantAdministration, withConstraintErrors } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { customerChanges } from '../customers/customer.views';
import { Customer } from '../customers/customer.entity';
import { listLimit } from '../list-limits';
import { Availability } from '../products/availability.entity';
import { periodFields } from '../products/availability.service';
import { generateProductCode } from '../products/product-code';
import { TenantLanguages } from '../products/tenant-languages';
import { customerFromRow, customerHeaderErrors, type CustomerDraft, type CustomerLookups } from './customer-rows';
import { ImportReport } from './import-report';
import { productFromRow, productHeaderErrors, type ProductDraft, type ProductLookups } from './product-rows';

type Row = Record<string, string | null>;

/** A record a valid row refers to that went between the check and the write (the locks keep it from going). */
const IMPORT_WRITE_ERRORS: ConstraintErrors = {
  products_vat_rate_fkey: () => appError('VALIDATION_FAILED', ['vat_rate: the VAT rate was deleted meanwhile; check the file again']),
  customers_price_list_fkey: () => appError('VALIDATION_FAILED', ['price_list: the price list was deleted meanwhile; check the file again']),
};

/** Rows written by one statement: well under PostgreSQL's 65,535 parameters whatever the columns. */
const INSERT_CHUNK = 1000;
/** A clash among 2.2 billion codes is rare; several rounds in a row means something else is wrong. */
const CODE_ROUNDS = 5;

/**
 * The import of products and customers from the rows of a CSV file. Every row is checked with the
 * forms' rules before anything is written; a dry run answers what it found, a real import writes every
 * row in one transaction, or nothing when any row has an error (400 listing them).
 */
@Injectable()
export class CsvImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly languages: TenantLanguages,
  ) {}

  async importProducts(principal: Principal, tenantId: string, dto: CsvImportDto): Promise<CsvImportReport> {
    requireTenantAdministration(principal, tenantId);
    const languages = await this.languages.of(principal, tenantId);
    const rows = dto.rows.map(cleanRow);
    const check = async (manager: EntityManager, lock: boolean) => {
      const lookups = await productLookups(manager, tenantId, languages, lock);
      const report = new ImportReport(rows.length);
      report.header(productHeaderErrors(columnsOf(rows), languages));
      const drafts = rows.map((row, index) => {
        const { draft, errors } = productFromRow(row, lookups);
        report.row(index, errors);
        return draft;
      });
      return { report, drafts: drafts.filter((draft): draft is ProductDraft => draft !== undefined) };
    };
    return this.run(tenantId, dto.dryRun, check, (manager, drafts) => insertProducts(manager, tenantId, drafts));
  }

  async importCustomers(principal: Principal, tenantId: string, dto: CsvImportDto): Promise<CsvImportReport> {
    requireTenantAdministration(principal, tenantId);
    const languages = await this.languages.of(principal, tenantId);
    const rows = dto.rows.map(cleanRow);
    const check = async (manager: EntityManager, lock: boolean) => {
      const lookups = await customerLookups(manager, tenantId, languages, lock);
      const report = new ImportReport(rows.length);
      report.header(customerHeaderErrors(columnsOf(rows)));
      const drafts = rows.map((row, index) => {
        const { draft, errors } = customerFromRow(row, lookups);
        report.row(index, errors);
        return draft;
      });
      return { report, drafts: drafts.filter((draft): draft is CustomerDraft => draft !== undefined) };
    };
    return this.run(tenantId, dto.dryRun, check, (manager, drafts) => insertCustomers(manager, tenantId, drafts));
  }

  /**
   * A dry run reads; a real import checks again inside its transaction, with the records the rows name
   * locked against deletion until it commits, and writes only when no row has an error.
   */
  private async run<D>(
    tenantId: string,
    dryRun: boolean,
    check: (manager: EntityManager, lock: boolean) => Promise<{ report: ImportReport; drafts: D[] }>,
    write: (manager: EntityManager, drafts: D[]) => Promise<void>,
  ): Promise<CsvImportReport> {
    if (dryRun) return (await readTenant(this.dataSource, tenantId, (manager) => check(manager, false))).report.answer(0);
    const work = async (manager: EntityManager) => {
      const { report, drafts } = await check(manager, true);
      if (report.hasErrors) throw report.refusal();
      await write(manager, drafts);
      return report.answer(drafts.length);
    };
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), IMPORT_WRITE_ERRORS);
  }
}

/** A row as the checks read it: empty cells as '', a cell the export protected from spreadsheets as written. */
function cleanRow(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([column, cell]) => [column.trim(), cell === null ? '' : unescapeCsvCell(cell)]));
}

/** Every column some row has (a file read with its header gives each row all of them). */
function columnsOf(rows: readonly Row[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

const lockClause = (lock: boolean) => (lock ? ' FOR KEY SHARE' : '');

/** name (nameKey) → id of the rows a query gives. */
const byName = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [nameKey(row.name), row.id]));

async function productLookups(manager: EntityManager, tenantId: string, languages: readonly string[], lock: boolean): Promise<ProductLookups> {
  const [vatRates, tags, codes]: [{ id: string; name: string }[], { id: string; name: string }[], { code: string }[]] = await Promise.all([
    manager.query(`SELECT id, description AS name FROM catalogue.vat_rates WHERE tenant_id = $1${lockClause(lock)}`, [tenantId]),
    manager.query(`SELECT id, name FROM catalogue.tags WHERE tenant_id = $1 AND target_type = 'product'${lockClause(lock)}`, [tenantId]),
    manager.query('SELECT code FROM catalogue.products WHERE tenant_id = $1', [tenantId]),
  ]);
  return {
    languages,
    vatRates: byName(vatRates),
    tags: byName(tags),
    codes: new Set(codes.map(({ code }) => code)),
    maxPeriods: listLimit('periods'),
  };
}

async function customerLookups(manager: EntityManager, tenantId: string, languages: readonly string[], lock: boolean): Promise<CustomerLookups> {
  const [priceLists, tags]: [{ id: string; name: string; is_active: boolean }[], { id: string; name: string }[]] = await Promise.all([
    // the active one first: of two lists with one name, a row means the one it may be given
    manager.query(`SELECT id, name, is_active FROM catalogue.price_lists WHERE tenant_id = $1 ORDER BY is_active ASC, created_at ASC${lockClause(lock)}`, [tenantId]),
    manager.query(`SELECT id, name FROM catalogue.tags WHERE tenant_id = $1 AND target_type = 'customer'${lockClause(lock)}`, [tenantId]),
  ]);
  return {
    languages,
    priceLists: new Map(priceLists.map((list) => [nameKey(list.name), { id: list.id, isActive: list.is_active }])),
    tags: byName(tags),
  };
}

/** Ids drawn by PostgreSQL ahead of the insert, so that the tags and periods of each new record can name it. */
async function newIds(manager: EntityManager, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows: { id: string }[] = await manager.query('SELECT gen_random_uuid() AS id FROM generate_series(1, $1)', [count]);
  return rows.map((row) => row.id);
}

function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += INSERT_CHUNK) chunks.push(items.slice(start, start + INSERT_CHUNK));
  return chunks;
}

/**
 * The products with fresh codes, their tags and periods. Codes are unique over the whole platform and
 * other agencies' codes are invisible here, so a clash shows only as a row the insert skipped: those
 * rows draw new codes and go again.
 */
async function insertProducts(manager: EntityManager, tenantId: string, drafts: readonly ProductDraft[]): Promise<void> {
  const ids = await newIds(manager, drafts.length);
  let pending = drafts.map((draft, index) => ({ draft, id: ids[index] }));
  for (let round = 0; round < CODE_ROUNDS && pending.length > 0; round += 1) {
    const codes = new Set<string>();
    const stored = new Set<string>();
    for (const chunk of chunksOf(pending)) {
      const records = chunk.map(({ draft, id }) => {
        let code = generateProductCode();
        while (codes.has(code)) code = generateProductCode();
        codes.add(code);
        return {
          id,
          code,
          titles: draft.texts.titles,
          subtitles: draft.texts.subtitles,
          short_descriptions: draft.texts.shortDescriptions,
          extended_descriptions: draft.texts.extendedDescriptions,
          duration_hours: draft.durationHours,
          duration_minutes: draft.durationMinutes,
          vat_rate_id: draft.vatRateId,
        };
      });
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO catalogue.products
           (id, tenant_id, code, titles, subtitles, short_descriptions, extended_descriptions, duration_hours, duration_minutes, vat_rate_id)
         SELECT record.id, $1, record.code, record.titles, record.subtitles, record.short_descriptions, record.extended_descriptions,
                record.duration_hours, record.duration_minutes, record.vat_rate_id
           FROM jsonb_to_recordset($2::jsonb) AS record(
                  id uuid, code text, titles jsonb, subtitles jsonb, short_descriptions jsonb, extended_descriptions jsonb,
                  duration_hours integer, duration_minutes integer, vat_rate_id uuid)
         ON CONFLICT (code) DO NOTHING
         RETURNING id`,
        [tenantId, JSON.stringify(records)],
      );
      for (const { id } of inserted) stored.add(id);
    }
    pending = pending.filter(({ id }) => !stored.has(id));
  }
  if (pending.length > 0) throw appError('PRODUCT_CODE_EXHAUSTED', 'No free product code was found; please try again');

  const links = drafts.flatMap((draft, index) => draft.tagIds.map((tagId) => ({ itemId: ids[index], tagId })));
  await insertTagLinks(manager, 'catalogue.product_tags', 'product_id', tenantId, links);
  const periods = drafts.flatMap((draft, index) => draft.periods.map((period) => ({ tenantId, productId: ids[index], ...periodFields(period) })));
  for (const chunk of chunksOf(periods)) {
    await manager.createQueryBuilder().insert().into(Availability).values(chunk).updateEntity(false).execute();
  }
}

async function insertCustomers(manager: EntityManager, tenantId: string, drafts: readonly CustomerDraft[]): Promise<void> {
  const ids = await newIds(manager, drafts.length);
  const customers = drafts.map((draft, index) => ({ id: ids[index], tenantId, ...customerChanges(draft.dto), priceListId: draft.priceListId }));
  for (const chunk of chunksOf(customers)) {
    await manager.createQueryBuilder().insert().into(Customer).values(chunk).updateEntity(false).execute();
  }
  const links = drafts.flatMap((draft, index) => draft.tagIds.map((tagId) => ({ itemId: ids[index], tagId })));
  await insertTagLinks(manager, 'catalogue.customer_tags', 'customer_id', tenantId, links);
}

async function insertTagLinks(
  manager: EntityManager,
  table: 'catalogue.product_tags' | 'catalogue.customer_tags',
  itemColumn: 'product_id' | 'customer_id',
  tenantId: string,
  links: readonly { itemId: string; tagId: string }[],
): Promise<void> {
  if (links.length === 0) return;
  await manager.query(`INSERT INTO ${table} (tenant_id, ${itemColumn}, tag_id) SELECT $1, item_id, tag_id FROM unnest($2::uuid[], $3::uuid[]) AS link(item_id, tag_id)`, [
    tenantId,
    links.map((link) => link.itemId),
    links.map((link) => link.tagId),
  ]);
}
