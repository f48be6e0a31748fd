import type { CsvImportDto, TagDto, VatRateDto } from '@quotebook/contracts';
import { CSV_MESSAGES, MESSAGES } from '@quotebook/domain';
import { randomUUID } from 'node:crypto';
import { adminOf, insertTenant, registerSession, rpcError, useCatalogueHarness, userOf } from '../test/catalogue-harness';
import { TagsService } from '../tags/tags.service';
import { VatRatesService } from '../vat-rates/vat-rates.service';
import { CsvImportService } from './csv-import.service';

/** The import called directly on the real database; tenancy (its own process) owns the agencies' languages. */
describe(CsvImportService.name, () => {
  const harness = useCatalogueHarness({ withTenancy: true });
  let sut: CsvImportService;
  let tenantId: string;

  beforeAll(async () => {
    sut = harness.get(CsvImportService);
    tenantId = await insertTenant(harness.databaseUrl, `csv-${randomUUID().slice(0, 8)}`, ['it', 'en']);
    await harness.get(VatRatesService).create(adminOf(tenantId), tenantId, { description: 'IVA ordinaria', rate: 22 } as VatRateDto);
    await harness.get(TagsService).create(adminOf(tenantId), tenantId, { name: 'Arte', targetType: 'product' } as TagDto);
    await harness.get(TagsService).create(adminOf(tenantId), tenantId, { name: 'VIP', targetType: 'customer' } as TagDto);
  });

  const admin = () => registerSession(adminOf(tenantId));
  const products = async (rows: Record<string, string>[], dryRun: boolean) => sut.importProducts(await admin(), tenantId, { rows, dryRun } as CsvImportDto);
  const customers = async (rows: Record<string, string>[], dryRun: boolean) => sut.importCustomers(await admin(), tenantId, { rows, dryRun } as CsvImportDto);
  const count = async (table: string) => Number((await harness.query<{ count: string }>(`SELECT count(*) FROM catalogue.${table} WHERE tenant_id = $1`, [tenantId]))[0].count);
  const snapshot = async () => Object.fromEntries(await Promise.all(['products', 'product_tags', 'product_availability', 'customers', 'customer_tags'].map(async (table) => [table, await count(table)])));

  const productRow = (title: string, cells: Record<string, string> = {}) => ({
    title_it: title,
    title_en: `${title} (en)`,
    duration_hours: '2',
    duration_minutes: '0',
    vat_rate: 'iva ordinaria',
    tags: 'Arte',
    periods: '2030-01-01..2030-03-31 per_person=40; 2030-04-01..2030-06-30 flat_rate=100 vat_included',
    ...cells,
  });

  it('writes every row with its tags and periods in one go, and a dry run nothing', async () => {
    const before = await snapshot();
    const rows = [productRow(`Colosseo ${randomUUID()}`), productRow(`Pantheon ${randomUUID()}`)];
    await expect(products(rows, true)).resolves.toEqual({ rows: [], valid: 2, invalid: 0, created: 0, truncated: false });
    expect(await snapshot()).toEqual(before);

    await expect(products(rows, false)).resolves.toEqual({ rows: [], valid: 2, invalid: 0, created: 2, truncated: false });
    expect(await snapshot()).toEqual({ ...before, products: before.products + 2, product_tags: before.product_tags + 2, product_availability: before.product_availability + 4 });
    const [stored] = await harness.query<{ code: string; titles: Record<string, string>; vat_rate_id: string | null }>(
      'SELECT code, titles, vat_rate_id FROM catalogue.products WHERE titles ->> $1 = $2',
      ['it', rows[0].title_it],
    );
    expect(stored).toMatchObject({ code: expect.stringMatching(/^[A-Z0-9]{6}$/), titles: { it: rows[0].title_it, en: rows[0].title_en }, vat_rate_id: expect.any(String) });
  });

  it('writes nothing when one row of many has an error, and names it by line and column', async () => {
    const before = await snapshot();
    const rows = [productRow('Uno'), productRow('Due', { tags: 'Arte|Mare' }), productRow('', { title_en: '' })];

    await expect(products(rows, true)).resolves.toEqual({
      rows: [
        { line: 3, errors: { tags: CSV_MESSAGES.unknownTags(['Mare']) } },
        { line: 4, errors: { title_it: CSV_MESSAGES.noTitle } },
      ],
      valid: 1,
      invalid: 2,
      created: 0,
      truncated: false,
    });
    const error = await rpcError(products(rows, false));
    expect(error).toMatchObject({
      statusCode: 400,
      message: [CSV_MESSAGES.rowError(3, 'tags', CSV_MESSAGES.unknownTags(['Mare'])), CSV_MESSAGES.rowError(4, 'title_it', CSV_MESSAGES.noTitle)],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('writes no customer when one of them breaks a rule of the form', async () => {
    const before = await snapshot();
    const rows: Record<string, string>[] = [
      { name: 'Scuola Dante', email: 'dante@example.com', tags: 'VIP' },
      { name: 'Hotel Roma', email: 'hotel@' },
    ];
    const error = await rpcError(customers(rows, false));
    expect(error).toMatchObject({ statusCode: 400, message: [CSV_MESSAGES.rowError(3, 'email', MESSAGES.emailInvalid)] });
    expect(await snapshot()).toEqual(before);

    await expect(customers([rows[0]], false)).resolves.toMatchObject({ created: 1 });
    expect(await snapshot()).toEqual({ ...before, customers: before.customers + 1, customer_tags: before.customer_tags + 1 });
  });

  it('refuses the whole file for an unknown column or a language the agency does not write in', async () => {
    const report = await products([productRow('Tre', { title_fr: 'Trois', colour: 'red' })], true);
    expect(report.rows).toEqual([{ line: 1, errors: { title_fr: CSV_MESSAGES.languageNotEnabled('fr'), colour: CSV_MESSAGES.unknownColumn('colour') } }]);
    await expect(rpcError(products([productRow('Tre', { colour: 'red' })], false))).resolves.toMatchObject({ statusCode: 400 });
  });

  it('lets only an administrator import: 403 for a tenant user', async () => {
    const user = await registerSession(userOf(tenantId));
    await expect(rpcError(sut.importProducts(user, tenantId, { rows: [productRow('Quattro')], dryRun: true } as CsvImportDto))).resolves.toMatchObject({ statusCode: 403 });
  });
});
