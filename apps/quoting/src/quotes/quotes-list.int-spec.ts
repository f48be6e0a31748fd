import {
  type CreateQuoteDto,
  type DashboardView,
  LIST_PAGE_BYTES,
  type QuoteDetailView,
  type QuoteListFilters,
  QUOTES_CREATE,
  QUOTES_LIST,
  QUOTING_DASHBOARD,
  type QuotesListRequest,
} from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import {
  adminOf, insertCustomer, insertProduct, registerTenantState, rpcError, seasonalProduct, superadmin, useQuotingTest, userOf,
} from '../test/quoting-harness';

describe('quoting list and dashboard (integration)', () => {
  const { harness, sut, tenantA, tenantB } = useQuotingTest();

  const create = (tenantId: string, data: Partial<CreateQuoteDto>) =>
    sut.send(QUOTES_CREATE, { principal: userOf(tenantId), tenantId, data: data as CreateQuoteDto });
  /** A page as a tenant user of the agency reads it. */
  const page = (filters: QuoteListFilters = {}, window: Partial<QuotesListRequest> = {}, tenantId = tenantA) =>
    sut.send(QUOTES_LIST, { principal: userOf(tenantId), tenantId, filters, ...window });
  const ids = (quotes: { id: string }[]) => quotes.map((quote) => quote.id);

  describe('the list', () => {
    let dante: string;
    let lago: string;
    /** In the list's order: by service date (newest first), then by creation (newest first). */
    let cena: QuoteDetailView;
    let senzaOggetto: QuoteDetailView;
    let gita: QuoteDetailView;
    let museo: QuoteDetailView;

    beforeAll(async () => {
      dante = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante' });
      lago = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Hotel Lago' });
      const tour = await seasonalProduct(harness.databaseUrl, tenantA);
      gita = await create(tenantA, { customerId: dante, subject: 'Gita sul lago', serviceDate: '2030-07-15', items: [{ productId: tour.id, quantity: 4 }] });
      cena = await create(tenantA, { customerId: lago, subject: 'Cena aziendale', serviceDate: '2030-08-01', status: 'confirmed', totalAmount: '120.50' });
      senzaOggetto = await create(tenantA, { customerId: dante, serviceDate: '2030-07-15', status: 'cancelled' });
      museo = await create(tenantA, { customerId: lago, subject: 'Visita museo', serviceDate: '2030-06-01', status: 'waiting', totalAmount: '1365.00' });
      await create(tenantB, { customerId: await insertCustomer(harness.databaseUrl, tenantB, { name: 'Scuola Dante' }), serviceDate: '2030-07-15' });
    });

    it("answers the agency's quotes by service date, then creation, newest first, with the number of matches", async () => {
      const first = await page();
      expect(ids(first.items)).toEqual(ids([cena, senzaOggetto, gita, museo]));
      expect(first).toMatchObject({ nextCursor: null, total: 4 });
      const { items, consumptions, ...listed } = gita;
      expect(items).toHaveLength(1);
      expect(consumptions).toEqual([]);
      expect(first.items[2]).toEqual(listed);
      expect(first.items[2]).toMatchObject({ customerName: 'Scuola Dante', totalAmount: '365.00', itemCount: 1, confirmation: 'none' });
    });

    it.each([
      ['the short id, with # and in any case', () => `#${gita.shortId.toLowerCase()}`, () => [gita]],
      ["part of the customer's name, in any case", () => 'dante', () => [senzaOggetto, gita]],
      ['the subject or the customer', () => 'LAGO', () => [cena, gita, museo]],
      ['the amount, as 365', () => '365', () => [gita]],
      ['the amount, as 365,00', () => '365,00', () => [gita]],
      ['the amount, as 1365.00', () => '1365.00', () => [museo]],
      ['the status', () => 'Confirm', () => [cena]],
      ['the service date as dd/mm/yyyy', () => '15/07/2030', () => [senzaOggetto, gita]],
      ['the service date as YYYY-MM-DD', () => '2030-07-15', () => [senzaOggetto, gita]],
      ['a text with LIKE wildcards, as itself', () => '%_', () => []],
    ])('searches %s', async (_what, search, expected) => {
      const found = await page({ search: search() });
      expect(ids(found.items)).toEqual(ids(expected()));
      expect(found.total).toBe(expected().length);
    });

    it('filters by status, by customer, and by service date from and to (both included)', async () => {
      expect(ids((await page({ status: 'waiting' })).items)).toEqual(ids([museo]));
      expect(ids((await page({ customerId: lago })).items)).toEqual(ids([cena, museo]));
      expect(ids((await page({ from: '2030-06-02', to: '2030-07-15' })).items)).toEqual(ids([senzaOggetto, gita]));
      expect(ids((await page({ from: '2030-07-16' })).items)).toEqual(ids([cena]));
      expect(ids((await page({ customerId: dante, status: 'cancelled' })).items)).toEqual(ids([senzaOggetto]));
      expect((await page({ customerId: randomUUID() })).items).toEqual([]);
    });

    it('answers a part of the list from an offset, counting every match on its first page only', async () => {
      const window = await page({}, { cursor: 1, until: 3, offset: 1, limit: 2 });
      expect(ids(window.items)).toEqual(ids([senzaOggetto, gita]));
      expect(window).toMatchObject({ nextCursor: 3, total: 4 });
      const following = await page({}, { cursor: 2, offset: 1 });
      expect(ids(following.items)).toEqual(ids([gita, museo]));
      expect(following.total).toBeUndefined();
      await expect(page({ search: 'dante' }, { cursor: 1, until: 2, offset: 1, limit: 1 })).resolves.toMatchObject({ nextCursor: null, total: 2 });
      await expect(page({}, { cursor: 10, until: 12, offset: 10, limit: 2 })).resolves.toEqual({ items: [], nextCursor: null, total: 4 });
    });

    it('refuses a cursor or an end that is no row position: 400', async () => {
      expect(await rpcError(page({}, { cursor: -1 }))).toMatchObject({ statusCode: 400 });
      expect(await rpcError(page({}, { cursor: 2, until: 2 }))).toMatchObject({ statusCode: 400 });
    });

    it('cuts long lists into pages of at most LIST_PAGE_BYTES, says where each following page starts, and loses no quote', async () => {
      const agency = randomUUID();
      const customerId = await insertCustomer(harness.databaseUrl, agency);
      // 5,000 characters of 3 bytes each: about 15 KB a quote, 1.2 MB for 80
      const serviceNotes = '€'.repeat(5000);
      for (let index = 0; index < 80; index += 1) await create(agency, { customerId, serviceDate: '2030-07-15', serviceNotes });
      const first = await page({}, {}, agency);
      expect(first.total).toBe(80);
      expect(first.nextCursor).toBeGreaterThan(0);
      expect(first.pageStarts).toEqual([first.nextCursor]);
      expect(Buffer.byteLength(JSON.stringify(first.items))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
      const rest = await page({}, { cursor: first.nextCursor ?? undefined }, agency);
      expect(rest.nextCursor).toBeNull();
      expect(new Set(ids([...first.items, ...rest.items])).size).toBe(80);
      const windowed = await page({}, { cursor: 0, until: 5, offset: 0, limit: 5 }, agency);
      expect(windowed).toMatchObject({ nextCursor: 5, total: 80 });
      expect(ids(windowed.items)).toEqual(ids(first.items.slice(0, 5)));
    });

    it("refuses another agency's principal: 403", async () => {
      expect(await rpcError(sut.send(QUOTES_LIST, { principal: adminOf(tenantB), tenantId: tenantA, filters: {} }))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('the dashboard', () => {
    const agency = randomUUID();
    const admin = adminOf(agency);
    const dashboard = (principal = admin) => sut.send(QUOTING_DASHBOARD, { principal, tenantId: agency });

    it("counts the catalogue's products and customers, this month's quotes and their revenue, and shows the five latest", async () => {
      for (let index = 0; index < 3; index += 1) await insertProduct(harness.databaseUrl, agency);
      const customerId = await insertCustomer(harness.databaseUrl, agency, { name: 'Cliente del mese' });
      await insertCustomer(harness.databaseUrl, agency);
      const quote = (status: CreateQuoteDto['status'], totalAmount: string) => create(agency, { customerId, serviceDate: '2030-07-15', status, totalAmount });
      const lastMonth = await quote('confirmed', '1000.00');
      await harness.query(
        `UPDATE quoting.quotes SET created_at = (date_trunc('month', now() AT TIME ZONE 'Europe/Rome') - interval '1 hour') AT TIME ZONE 'Europe/Rome' WHERE id = $1`,
        [lastMonth.id],
      );
      const thisMonth = [await quote('confirmed', '100.00'), await quote('closed', '50.25'), await quote('pending', '70.00'), await quote('cancelled', '10.00')];
      const latest = await quote('waiting', '0.00');

      const figures: DashboardView = await dashboard();
      expect(figures).toMatchObject({ activeProducts: 3, totalCustomers: 2, quotesThisMonth: 5, revenueMtd: '150.25' });
      expect(ids(figures.recentQuotes)).toEqual(ids([latest, ...thisMonth.reverse()]));
      expect(figures.recentQuotes[0]).toMatchObject({ customerName: 'Cliente del mese', status: 'waiting', totalAmount: '0.00' });
    });

    it('is for the agency’s administrators and the superadmin only: 403 for a tenant user and for another agency', async () => {
      await registerTenantState(agency);
      await expect(dashboard(superadmin)).resolves.toMatchObject({ activeProducts: 3 });
      expect(await rpcError(dashboard(userOf(agency)))).toMatchObject({ statusCode: 403 });
      expect(await rpcError(dashboard(adminOf(tenantB)))).toMatchObject({ statusCode: 403 });
    });

    it('answers zeros for an agency without anything yet', async () => {
      const empty = randomUUID();
      await expect(sut.send(QUOTING_DASHBOARD, { principal: adminOf(empty), tenantId: empty })).resolves.toEqual({
        activeProducts: 0,
        totalCustomers: 0,
        quotesThisMonth: 0,
        revenueMtd: '0.00',
        revenueMtdNet: '0.00',
        dueTotal: '0.00',
        recentQuotes: [],
      });
    });
  });
});
