import { CSV_MESSAGES, MESSAGES } from '@quotebook/domain';
import Papa from 'papaparse';
import { type Agency, createAgency, created, customerBody, periodBody, productBody, uniqueName } from './catalogue-fixtures';
import { api, baseUrl, superadminToken } from './http';

/*
 * The catalogue's CSV files over HTTP: an agency's export imported into an empty agency gives the same
 * catalogue; an import with errors reports them by row and column and writes nothing.
 */

let root: string;
let source: Agency;

/** The agency's catalogue by what it means, not by ids or codes: what a re-import must give again. */
async function catalogueOf(agency: Agency) {
  const read = async (path: string) => (await api('GET', `${agency.base}${path}`, { token: agency.adminToken })).body;
  const [products, customers, vatRates, tags, priceLists] = await Promise.all(['/products', '/customers', '/vat-rates', '/tags', '/price-lists'].map(read));
  const name = (records: { id: string }[], key: string) => (id: string | null) => (id ? records.find((record) => record.id === id)?.[key as 'id'] : null);
  const vatRate = name(vatRates, 'description');
  const tag = name(tags, 'name');
  const priceList = name(priceLists, 'name');
  const byTitle = (a: { titles: Record<string, string> }, b: { titles: Record<string, string> }) => a.titles['it'].localeCompare(b.titles['it']);
  return {
    products: [...products].sort(byTitle).map(({ id: _id, code: _code, createdAt: _createdAt, tagIds, vatRateId, availability, ...rest }) => ({
      ...rest,
      vatRate: vatRate(vatRateId),
      tags: tagIds.map(tag).sort(),
      availability: availability.map(({ id: _periodId, productId: _productId, ...period }: Record<string, unknown>) => period),
    })),
    customers: [...customers]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ id: _id, createdAt: _createdAt, tagIds, priceListId, ...rest }) => ({ ...rest, priceList: priceList(priceListId), tags: tagIds.map(tag).sort() })),
  };
}

/** The same VAT rates, tags and price lists by name: what a file names its records by. */
async function sameReferences(agency: Agency) {
  const post = (path: string, body: unknown) => created(agency.adminToken, `${agency.base}${path}`, body);
  await post('/vat-rates', { description: 'IVA ordinaria', rate: 22 });
  await post('/vat-rates', { description: 'IVA ridotta', rate: 10 });
  await post('/tags', { name: 'Arte', targetType: 'product' });
  await post('/tags', { name: 'Mare', targetType: 'product' });
  await post('/tags', { name: 'Scuole', targetType: 'customer' });
  await post('/price-lists', { name: 'Listino scuole', startDate: '2026-01-01', endDate: '2026-12-31', reductionPercentage: 10 });
}

const ids = async (agency: Agency, path: string) =>
  Object.fromEntries(((await api('GET', `${agency.base}${path}`, { token: agency.adminToken })).body as { id: string; name?: string; description?: string }[]).map((record) => [record.name ?? record.description, record.id]));

/** The rows of an exported file as the web reads it. */
async function exported(agency: Agency, kind: 'products' | 'customers') {
  const response = await api('GET', `${agency.base}/${kind}/export`, { token: agency.adminToken });
  expect(response.status).toBe(200);
  const text = response.body as string;
  return { response, rows: Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' }).data };
}

const importing = (agency: Agency, kind: 'products' | 'customers', rows: unknown, dryRun: unknown, token = agency.adminToken) =>
  api('POST', `${agency.base}/${kind}/import`, { token, body: { rows, dryRun } });

beforeAll(async () => {
  root = await superadminToken();
  source = await createAgency(root);
  await sameReferences(source);
  const vatRates = await ids(source, '/vat-rates');
  const tags = await ids(source, '/tags');
  const priceLists = await ids(source, '/price-lists');
  const post = (path: string, body: unknown) => created(source.adminToken, `${source.base}${path}`, body);
  const colosseo = await post('/products', productBody({ title: 'Colosseo, "Foro" e Palatino', extendedDescription: '<p>Città antica</p>\n<p>=due righe</p>', vatRateId: vatRates['IVA ordinaria'] }));
  await api('PUT', `${source.base}/products/${colosseo.id}`, { token: source.adminToken, body: { language: 'en', title: 'Colosseum', subtitle: 'Guided', durationHours: 3, durationMinutes: 30, vatRateId: vatRates['IVA ordinaria'] } });
  await post(`/products/${colosseo.id}/availability`, periodBody('2030-01-01', '2030-03-31', { hasMinParticipants: true, minParticipants: 10, hasFlatRate: true, flatRate: '120.50', supplierCostPerPerson: 30, freePlacesEvery: 20, freePlacesCount: 1 }));
  await post(`/products/${colosseo.id}/availability`, periodBody('2030-04-01', '2030-06-30', { hasCostPerPerson: false, costPerPerson: null, hasAdditionalCosts: true, additionalCosts: 7, priceIncludesVat: true }));
  await api('PUT', `${source.base}/products/${colosseo.id}/tags`, { token: source.adminToken, body: { tagIds: [tags['Arte'], tags['Mare']] } });
  await post('/products', productBody({ title: 'Giro in barca', subtitle: null, shortDescription: null, extendedDescription: null, durationHours: 0, durationMinutes: 0 }));
  const dante = await post('/customers', customerBody({ name: 'Scuola Dante', phone: '+39 055 123', priceListId: priceLists['Listino scuole'], language: 'en', fiscalCode: 'RSSMRA85T10A562S' }));
  await api('PUT', `${source.base}/customers/${dante.id}/tags`, { token: source.adminToken, body: { tagIds: [tags['Scuole']] } });
  await post('/customers', customerBody({ title: 'Gent.ma', name: 'Anna Neri', phone: null, contact: null, address: null, country: null, city: null, postalCode: null, vatNumber: null, sdi: null, pec: null }));
}, 60_000);

describe('CSV export', () => {
  it('answers the products as a UTF-8 CSV attachment with the byte order mark, one row per product', async () => {
    const { response, rows } = await exported(source, 'products');
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="prodotti.csv"');
    const raw = await fetch(`${baseUrl()}${source.base}/products/export`, { headers: { authorization: `Bearer ${source.adminToken}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row['title_it'] === 'Colosseo, "Foro" e Palatino')).toMatchObject({
      title_en: 'Colosseum',
      vat_rate: 'IVA ordinaria',
      tags: 'Arte|Mare',
      periods: '2030-01-01..2030-03-31 min_participants=10 per_person=55.00 flat_rate=120.50 supplier_cost_per_person=30.00 free_places=20+1; 2030-04-01..2030-06-30 additional_costs=7.00 vat_included',
    });
  });

  it('answers the customers with every field, the price list and tags by name', async () => {
    const { response, rows } = await exported(source, 'customers');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="clienti.csv"');
    expect(rows.find((row) => row['name'] === 'Scuola Dante')).toMatchObject({ email: 'booking@bellavista.example', price_list: 'Listino scuole', language: 'en', tags: 'Scuole', phone: "'+39 055 123", fiscal_code: 'RSSMRA85T10A562S' });
  });

  it('is for the agency admin: 403 for a tenant user and for another agency', async () => {
    const other = await createAgency(root);
    expect((await api('GET', `${source.base}/products/export`, { token: source.userToken })).status).toBe(403);
    expect((await api('GET', `${source.base}/customers/export`, { token: other.adminToken })).status).toBe(403);
  });
});

describe('CSV import', () => {
  it('gives an empty agency the same catalogue from the export', async () => {
    const target = await createAgency(root);
    await sameReferences(target);
    for (const kind of ['products', 'customers'] as const) {
      const { rows } = await exported(source, kind);
      const checked = await importing(target, kind, rows, true);
      expect(checked.status).toBe(200);
      expect(checked.body).toEqual({ rows: [], valid: 2, invalid: 0, created: 0, truncated: false });
      const written = await importing(target, kind, rows, false);
      expect(written.body).toEqual({ rows: [], valid: 2, invalid: 0, created: 2, truncated: false });
    }
    expect(await catalogueOf(target)).toEqual(await catalogueOf(source));
  });

  it('reports each error by row and column and writes nothing, neither on a dry run nor on an import', async () => {
    const target = await createAgency(root);
    await sameReferences(target);
    const before = await catalogueOf(target);
    const rows = [
      { title_it: uniqueName('Valido'), tags: 'Arte' },
      { title_it: uniqueName('Sbagliato'), tags: 'Montagna', duration_hours: '30', periods: '2030-02-01..2030-01-01' },
      { title_it: '', subtitle_it: 'senza titolo' },
    ];
    const checked = await importing(target, 'products', rows, true);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      rows: [
        { line: 3, errors: { tags: CSV_MESSAGES.unknownTags(['Montagna']), duration_hours: 'durationHours must be a whole number from 0 to 23', periods: CSV_MESSAGES.period(1, MESSAGES.endBeforeStart) } },
        { line: 4, errors: { title_it: MESSAGES.titleRequired } },
      ],
      valid: 1,
      invalid: 2,
      created: 0,
      truncated: false,
    });

    const refused = await importing(target, 'products', rows, false);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.arrayContaining([CSV_MESSAGES.rowError(3, 'tags', CSV_MESSAGES.unknownTags(['Montagna'])), CSV_MESSAGES.rowError(4, 'title_it', MESSAGES.titleRequired)]));
    const customers = await importing(target, 'customers', [{ name: 'Hotel', email: 'hotel@' }, { name: 'Bar', email: 'bar@example.com', price_list: 'Nessuno' }], false);
    expect(customers.body.message).toEqual([CSV_MESSAGES.rowError(2, 'email', MESSAGES.emailInvalid), CSV_MESSAGES.rowError(3, 'price_list', CSV_MESSAGES.unknownPriceList('Nessuno'))]);
    expect(await catalogueOf(target)).toEqual(before);
  });

  it('refuses more than 2,000 rows and rows that are no rows, naming rows', async () => {
    const tooMany = await importing(source, 'customers', Array.from({ length: 2001 }, () => ({ name: 'x' })), true);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toEqual([CSV_MESSAGES.tooManyRows]);
    for (const rows of ['name,email', [['Dante', 'dante@example.com']], [{ name: 42 }]]) {
      const refused = await importing(source, 'customers', rows, true);
      expect(refused.status).toBe(400);
      expect(String(refused.body.message)).toMatch(/rows must be/);
    }
    expect((await importing(source, 'customers', [], 'yes')).status).toBe(400);
  });

  it('writes into the agency of the path only, for its admin only', async () => {
    const other = await createAgency(root);
    const rows = [{ ...customerBody({ name: uniqueName('Isolato') }), postal_code: '80067', vat_number: '', title: 'Spett.le' }].map(({ postalCode: _p, vatNumber: _v, ...row }) => row);
    expect((await importing(source, 'customers', rows, false, source.userToken)).status).toBe(403);
    expect((await importing(source, 'customers', rows, false, other.adminToken)).status).toBe(403);
    expect((await importing(other, 'customers', rows, false)).body).toMatchObject({ created: 1 });
    const names = async (agency: Agency) => ((await api('GET', `${agency.base}/customers`, { token: agency.adminToken })).body as { name: string }[]).map((customer) => customer.name);
    expect(await names(other)).toEqual([rows[0].name]);
    expect(await names(source)).not.toContain(rows[0].name);
  });
});
