import {
  type CreateQuoteDto,
  type QuoteDetailView,
  QUOTES_CREATE,
  QUOTING_CALENDAR,
  REPORT_MESSAGES,
  REPORTS_MARGIN_BY_MONTH,
  REPORTS_QUOTES_BY_STATUS,
  REPORTS_REVENUE_BY_MONTH,
  REPORTS_TOP_CUSTOMERS,
  REPORTS_TOP_PRODUCTS,
  type ReportQueryDto,
  type ReportRequest,
  type RpcPattern,
  type TopReportQueryDto,
} from '@quotebook/contracts';
import { formatQuoteNumber } from '@quotebook/domain';
import { queryDatabase } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { quoteNumberSql } from '../quotes/quote-rows';
import {
  adminOf, insertCustomer, insertPeriod, insertProduct, insertVatRate, rpcError, SEASON, seasonalProduct, superadmin, useQuotingTest, userOf,
} from '../test/quoting-harness';

/*
 * The figures are worked out by hand from the quotes below (service dates in 2030):
 *   Q1 Dante 07-15 confirmed: tour 4 confirmed (365.00), museo 3 not confirmed (left out)  total 365.00, net 365.00
 *   Q2 Lago  07-20 closed:    tour 12 (415.00), museo 3 confirmed (60.00 + 10% = 66.00)    total 481.00, net 475.00
 *   Q3 Dante 08-05 confirmed: museo 5 confirmed (100.00 + 10% = 110.00)                    total 110.00, net 100.00
 *   Q4 Lago  08-10 pending:   tour 4                                                        total 365.00
 *   Q5 Dante 06-01 cancelled, no lines                                                      total 0.00
 *   Q6 Lago  2031-01-10 confirmed: tour 4, outside the period
 * The tour costs € 25 per person for at least 10, € 100 flat and € 15 more, without VAT rate; the
 * museum € 20 per person plus 10% VAT.
 */
describe('reports and calendar (integration)', () => {
  const { harness, sut, tenantA, tenantB, admin } = useQuotingTest();
  const PERIOD = { from: '2030-06', to: '2030-09' };

  let dante: string;
  let lago: string;
  let tour: { id: string; code: string };
  let museo: { id: string; code: string };
  let q1: QuoteDetailView;
  let q2: QuoteDetailView;
  let q3: QuoteDetailView;
  let q4: QuoteDetailView;

  const create = (data: Partial<CreateQuoteDto>, tenantId = tenantA) =>
    sut.send(QUOTES_CREATE, { principal: adminOf(tenantId), tenantId, data: data as CreateQuoteDto });
  const sql = (text: string, params: unknown[] = []) => queryDatabase(harness.databaseUrl, text, params);

  /** A revision of the quote sent at `sentAt`, answered `answer` (or not at all). */
  const sent = (quote: QuoteDetailView, number: number, sentAt: string, answer: 'accepted' | 'declined' | null = null) =>
    sql(
      `INSERT INTO quoting.quote_revisions
         (tenant_id, quote_id, number, snapshot, layout_id, language, storage_key, sent_to, total_amount, sent_at, answer_kind, answered_at)
       VALUES ($1, $2, $3, '{}'::jsonb, $4, 'it', 'revision.pdf', 'cliente@example.com', $5, $6, $7::text, CASE WHEN $7::text IS NULL THEN NULL ELSE $6::timestamptz END)`,
      [tenantA, quote.id, number, randomUUID(), quote.totalAmount, sentAt, answer],
    );

  beforeAll(async () => {
    dante = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante' });
    lago = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Hotel Lago' });
    tour = await seasonalProduct(harness.databaseUrl, tenantA, 'Tour del lago');
    museo = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Visita al museo', vatRateId: await insertVatRate(harness.databaseUrl, tenantA, '10.00') });
    await insertPeriod(harness.databaseUrl, tenantA, museo.id, { ...SEASON, costPerPerson: '20.00' });

    q1 = await create({
      customerId: dante, serviceDate: '2030-07-15', status: 'confirmed',
      items: [{ productId: tour.id, quantity: 4, orderConfirmed: true, confirmedParticipants: 4 }, { productId: museo.id, quantity: 3 }],
    });
    q2 = await create({
      customerId: lago, serviceDate: '2030-07-20', status: 'closed',
      items: [{ productId: tour.id, quantity: 12 }, { productId: museo.id, quantity: 3, orderConfirmed: true, confirmedParticipants: 3 }],
    });
    q3 = await create({
      customerId: dante, serviceDate: '2030-08-05', status: 'confirmed',
      items: [{ productId: museo.id, quantity: 5, orderConfirmed: true, confirmedParticipants: 5 }],
    });
    q4 = await create({ customerId: lago, serviceDate: '2030-08-10', items: [{ productId: tour.id, quantity: 4 }] });
    await create({ customerId: dante, serviceDate: '2030-06-01', status: 'cancelled' });
    await create({
      customerId: lago, serviceDate: '2031-01-10', status: 'confirmed',
      items: [{ productId: tour.id, quantity: 4, orderConfirmed: true, confirmedParticipants: 4 }],
    });
    // another agency's confirmed quote on the same day: never in this agency's figures
    const elsewhere = await insertCustomer(harness.databaseUrl, tenantB, { name: 'Scuola Dante' });
    const tourB = await seasonalProduct(harness.databaseUrl, tenantB, 'Tour del lago');
    await create({
      customerId: elsewhere, serviceDate: '2030-07-15', status: 'confirmed',
      items: [{ productId: tourB.id, quantity: 12, orderConfirmed: true, confirmedParticipants: 12 }],
    }, tenantB);

    expect([q1.totalAmount, q2.totalAmount, q2.netAmount, q3.totalAmount, q4.totalAmount]).toEqual(['365.00', '481.00', '475.00', '110.00', '365.00']);

    // costs as the quotes store them: Q3's is unknown
    await sql(`UPDATE quoting.quotes SET cost_total = 200.00, margin_total = 165.00 WHERE id = $1`, [q1.id]);
    await sql(`UPDATE quoting.quotes SET cost_total = 300.00, margin_total = 175.00 WHERE id = $1`, [q2.id]);
    await sql(`UPDATE quoting.quotes SET cost_total = NULL, margin_total = NULL WHERE id = $1`, [q3.id]);

    // sent in the period: Q1 accepted, Q2 declined then accepted, Q4 unanswered (00:30 in Rome on 1 July); Q3 sent before it
    await sent(q1, 1, '2030-07-01T08:00:00Z', 'accepted');
    await sent(q2, 1, '2030-07-02T08:00:00Z', 'declined');
    await sent(q2, 2, '2030-07-03T08:00:00Z', 'accepted');
    await sent(q4, 1, '2030-06-30T22:30:00Z');
    await sent(q3, 1, '2029-12-01T08:00:00Z', 'accepted');
  });

  const report = <R>(pattern: RpcPattern<ReportRequest, R>, query: ReportQueryDto = PERIOD, principal = admin) =>
    sut.send(pattern, { principal, tenantId: tenantA, query });
  const top = <R>(pattern: RpcPattern<ReportRequest<TopReportQueryDto>, R>, query: TopReportQueryDto = PERIOD) =>
    sut.send(pattern, { principal: admin, tenantId: tenantA, query });

  describe('revenue by month', () => {
    it('sums the confirmed and closed quotes by month of service, every month of the period listed', async () => {
      await expect(report(REPORTS_REVENUE_BY_MONTH)).resolves.toEqual({
        from: '2030-06',
        to: '2030-09',
        months: [
          { month: '2030-06', quotes: 0, revenue: '0.00', revenueNet: '0.00' },
          { month: '2030-07', quotes: 2, revenue: '846.00', revenueNet: '840.00' },
          { month: '2030-08', quotes: 1, revenue: '110.00', revenueNet: '100.00' },
          { month: '2030-09', quotes: 0, revenue: '0.00', revenueNet: '0.00' },
        ],
      });
    });

    it('filters by customer and by a product on the quote', async () => {
      const lagoOnly = await report(REPORTS_REVENUE_BY_MONTH, { ...PERIOD, customerId: lago });
      expect(lagoOnly.months.map((month) => month.revenue)).toEqual(['0.00', '481.00', '0.00', '0.00']);
      const tourOnly = await report(REPORTS_REVENUE_BY_MONTH, { ...PERIOD, productId: tour.id });
      expect(tourOnly.months.map((month) => month.revenue)).toEqual(['0.00', '846.00', '0.00', '0.00']);
    });

    it('covers the twelve months ending with the current one when no period is given', async () => {
      const answer = await report(REPORTS_REVENUE_BY_MONTH, {});
      expect(answer.months).toHaveLength(12);
      expect(answer.months[11].month).toBe(new Date().toISOString().slice(0, 7));
    });
  });

  describe('quotes by status', () => {
    it('counts every status and converts the quotes sent in the period (Rome months) into accepted ones', async () => {
      await expect(report(REPORTS_QUOTES_BY_STATUS)).resolves.toEqual({
        from: '2030-06',
        to: '2030-09',
        statuses: [
          { status: 'pending', quotes: 1, total: '365.00' },
          { status: 'waiting', quotes: 0, total: '0.00' },
          { status: 'confirmed', quotes: 2, total: '475.00' },
          { status: 'cancelled', quotes: 1, total: '0.00' },
          { status: 'closed', quotes: 1, total: '481.00' },
        ],
        sent: 3,
        accepted: 2,
        conversionRate: '66.67',
      });
      const july = await report(REPORTS_QUOTES_BY_STATUS, { from: '2030-07', to: '2030-07' });
      expect(july).toMatchObject({ sent: 3, accepted: 2 });
      const june = await report(REPORTS_QUOTES_BY_STATUS, { from: '2030-06', to: '2030-06' });
      expect(june).toMatchObject({ sent: 0, accepted: 0, conversionRate: null });
      const lagoOnly = await report(REPORTS_QUOTES_BY_STATUS, { ...PERIOD, customerId: lago });
      expect(lagoOnly).toMatchObject({ sent: 2, accepted: 1, conversionRate: '50.00' });
    });
  });

  describe('margin by month', () => {
    it('adds up the stored costs and margins of the quotes whose cost is known', async () => {
      const answer = await report(REPORTS_MARGIN_BY_MONTH);
      expect(answer.months).toEqual([
        { month: '2030-06', quotes: 0, revenueNet: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
        { month: '2030-07', quotes: 2, revenueNet: '840.00', cost: '500.00', margin: '340.00', marginPercent: '40.48' },
        { month: '2030-08', quotes: 0, revenueNet: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
        { month: '2030-09', quotes: 0, revenueNet: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
      ]);
    });
  });

  describe('tops', () => {
    it('ranks the products by what their counted lines charge, VAT included, with their participants', async () => {
      await expect(top(REPORTS_TOP_PRODUCTS)).resolves.toEqual({
        from: '2030-06',
        to: '2030-09',
        products: [
          { productId: tour.id, productCode: tour.code, description: 'Tour del lago', quotes: 2, participants: 16, revenue: '780.00' },
          { productId: museo.id, productCode: museo.code, description: 'Visita al museo', quotes: 2, participants: 8, revenue: '176.00' },
        ],
      });
      expect((await top(REPORTS_TOP_PRODUCTS, { ...PERIOD, limit: 1 })).products.map((product) => product.productId)).toEqual([tour.id]);
      expect((await top(REPORTS_TOP_PRODUCTS, { ...PERIOD, productId: museo.id })).products.map((product) => product.revenue)).toEqual(['176.00']);
    });

    it('ranks the customers by the totals of their confirmed and closed quotes', async () => {
      await expect(top(REPORTS_TOP_CUSTOMERS)).resolves.toEqual({
        from: '2030-06',
        to: '2030-09',
        customers: [
          { customerId: lago, customerName: 'Hotel Lago', quotes: 1, revenue: '481.00', revenueNet: '475.00' },
          { customerId: dante, customerName: 'Scuola Dante', quotes: 2, revenue: '475.00', revenueNet: '465.00' },
        ],
      });
    });
  });

  describe('the rules of every report', () => {
    it.each([
      [{ from: '2030-10', to: '2030-09' }, REPORT_MESSAGES.fromAfterTo],
      [{ from: '2027-01', to: '2030-01' }, REPORT_MESSAGES.tooLong],
      [{ from: '2030-13' }, REPORT_MESSAGES.month('from')],
      [{ to: '2030-7' }, REPORT_MESSAGES.month('to')],
      [{ customerId: 'dante' }, 'customerId must be a UUID'],
    ])('refuses %j with a 400 naming the field', async (query, message) => {
      const error = await rpcError(report(REPORTS_REVENUE_BY_MONTH, query as ReportQueryDto));
      expect(error).toMatchObject({ statusCode: 400 });
      expect([error.message].flat()).toContain(message);
    });

    it('refuses a top list longer than 50', async () => {
      const error = await rpcError(top(REPORTS_TOP_CUSTOMERS, { ...PERIOD, limit: 51 }));
      expect([error.message].flat()).toEqual([REPORT_MESSAGES.topLimit]);
    });

    it('is for the agency’s administrators and the superadmin: 403 for a tenant user and another agency’s admin', async () => {
      await expect(report(REPORTS_REVENUE_BY_MONTH, PERIOD, superadmin)).resolves.toMatchObject({ from: '2030-06' });
      expect(await rpcError(report(REPORTS_MARGIN_BY_MONTH, PERIOD, userOf(tenantA)))).toMatchObject({ statusCode: 403 });
      expect(await rpcError(report(REPORTS_REVENUE_BY_MONTH, PERIOD, adminOf(tenantB)))).toMatchObject({ statusCode: 403 });
    });

    it("reads one agency's quotes only", async () => {
      const other = await sut.send(REPORTS_REVENUE_BY_MONTH, { principal: adminOf(tenantB), tenantId: tenantB, query: PERIOD });
      expect(other.months.map((month) => month.revenue)).toEqual(['0.00', '415.00', '0.00', '0.00']);
    });
  });

  describe('the calendar', () => {
    const calendar = (query: { from: string; to: string; productId?: string; customerId?: string }, principal = userOf(tenantA), tenantId = tenantA) =>
      sut.send(QUOTING_CALENDAR, { principal, tenantId, query });

    it('lists the order-confirmed lines of confirmed and closed quotes by service date, for a tenant user too', async () => {
      const page = await calendar({ from: '2030-07-01', to: '2030-08-31' });
      expect(page.nextCursor).toBeNull();
      expect(page.items).toEqual([
        {
          date: '2030-07-15', startTime: null, quoteId: q1.id, quoteNumber: q1.number, quoteStatus: 'confirmed', customerId: dante,
          customerName: 'Scuola Dante', productId: tour.id, productCode: tour.code, description: 'Tour del lago', participants: 4,
        },
        expect.objectContaining({ date: '2030-07-20', quoteId: q2.id, productId: museo.id, participants: 3, quoteStatus: 'closed' }),
        expect.objectContaining({ date: '2030-08-05', quoteId: q3.id, productId: museo.id, participants: 5 }),
      ]);
    });

    it('filters by product and by customer, and keeps both ends of the range', async () => {
      expect((await calendar({ from: '2030-07-01', to: '2030-08-31', productId: tour.id })).items.map((entry) => entry.quoteId)).toEqual([q1.id]);
      expect((await calendar({ from: '2030-07-01', to: '2030-08-31', customerId: lago })).items.map((entry) => entry.quoteId)).toEqual([q2.id]);
      expect((await calendar({ from: '2030-07-15', to: '2030-07-20' })).items.map((entry) => entry.quoteId)).toEqual([q1.id, q2.id]);
    });

    it('writes each quote number as the quote shows it, from 1 to past 9999', async () => {
      const numbers = await queryDatabase<{ year: number; seq: number; number: string }>(
        harness.databaseUrl,
        `SELECT q.number_year AS year, q.number_seq AS seq, ${quoteNumberSql('q')} AS number
           FROM (VALUES (2030, 1), (2030, 42), (2031, 9999), (2031, 10000), (2031, 123456)) AS q (number_year, number_seq)`,
      );
      expect(numbers.map((row) => row.number)).toEqual(numbers.map((row) => formatQuoteNumber(row.year, row.seq)));
      expect(numbers.map((row) => row.number)).toEqual(['2030/0001', '2030/0042', '2031/9999', '2031/10000', '2031/123456']);
    });

    it('answers entries whose texts need escaping as the JSON of what was stored', async () => {
      const described = `UPDATE quoting.quote_items SET description = $2 WHERE tenant_id = $1 AND quote_id = $3 AND order_confirmed`;
      const [{ description }] = await queryDatabase<{ description: string }>(
        harness.databaseUrl, `SELECT description FROM quoting.quote_items WHERE tenant_id = $1 AND quote_id = $2 AND order_confirmed`, [tenantA, q3.id],
      );
      await sql(described, [tenantA, 'Tour "del" lago \\ sud\tè €', q3.id]);
      try {
        const page = await calendar({ from: '2030-08-01', to: '2030-08-31' });
        expect(page.items.map((entry) => entry.description)).toEqual(['Tour "del" lago \\ sud\tè €']);
      } finally {
        await sql(described, [tenantA, description, q3.id]);
      }
    });

    it("refuses a range over 62 days or backwards, and shows another agency's admin nothing of this one", async () => {
      const tooLong = await rpcError(calendar({ from: '2030-07-01', to: '2030-09-01' }));
      expect(tooLong).toMatchObject({ statusCode: 400, message: [REPORT_MESSAGES.calendarTooLong] });
      const backwards = await rpcError(calendar({ from: '2030-07-02', to: '2030-07-01' }));
      expect(backwards).toMatchObject({ statusCode: 400, message: [REPORT_MESSAGES.calendarToBeforeFrom] });
      expect(await rpcError(calendar({ from: '2030-07-01', to: '2030-07-31' }, adminOf(tenantB)))).toMatchObject({ statusCode: 403 });
      const other = await calendar({ from: '2030-07-01', to: '2030-07-31' }, userOf(tenantB), tenantB);
      expect(other.items.map((entry) => entry.participants)).toEqual([12]);
    });
  });
});
