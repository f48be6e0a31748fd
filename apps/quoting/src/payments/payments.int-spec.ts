import {
  addDays,
  type CreateQuoteDto,
  PAYMENTS_ADD,
  PAYMENTS_DELETE,
  PAYMENTS_LIST,
  type PaymentDto,
  QUOTES_CREATE,
  QUOTES_DELETE,
  QUOTES_GET,
  QUOTES_LIST,
  QUOTES_UPDATE,
  QUOTING_DASHBOARD,
  TENANT_DELETED,
  TENANT_TERMS_CHANGED,
  todayIn,
  type UpdateQuoteDto,
} from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { eventually, queryDatabase, TEST_NATS_URL } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { adminOf, IN_SEASON, insertCustomer, rpcError, seasonalProduct, useQuotingTest, userOf } from '../test/quoting-harness';

/** Deposits, balance dates and payments received, against the real database and bus. */
describe('quoting payments and schedules (integration)', () => {
  const { harness, sut, tenantA, tenantB } = useQuotingTest();
  const user = userOf(tenantA);
  let bus: EventBus;
  let customerId: string;
  let tourId: string;

  beforeAll(async () => {
    bus = await EventBus.connect(TEST_NATS_URL, 'quoting-payments-test');
    customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante' });
    tourId = (await seasonalProduct(harness.databaseUrl, tenantA)).id;
  });
  afterAll(() => bus.close());

  /** 4 people of the seasonal tour: 365.00 (no VAT rate). */
  const create = (data: Partial<CreateQuoteDto> & Record<string, unknown> = {}) =>
    sut.send(QUOTES_CREATE, {
      principal: user,
      tenantId: tenantA,
      data: { customerId, serviceDate: IN_SEASON, items: [{ productId: tourId, quantity: 4 }], ...data } as CreateQuoteDto,
    });
  const update = (id: string, data: Record<string, unknown>) =>
    sut.send(QUOTES_UPDATE, { principal: user, tenantId: tenantA, id, data: data as UpdateQuoteDto });
  const pay = (id: string, data: Partial<PaymentDto> = {}, tenantId = tenantA) =>
    sut.send(PAYMENTS_ADD, { principal: userOf(tenantId), tenantId, id, data: { paidOn: todayIn(), amount: '100.00', method: 'bonifico', ...data } as PaymentDto });
  const schedule = async (id: string) => {
    const quote = await sut.send(QUOTES_GET, { principal: user, tenantId: tenantA, id });
    const { depositKind, depositValue, balanceDueDays, depositAmount, balanceAmount, balanceDueDate, paidTotal, dueTotal } = quote;
    return { depositKind, depositValue, balanceDueDays, depositAmount, balanceAmount, balanceDueDate, paidTotal, dueTotal };
  };

  it('works out the deposit and the balance over the total, 30 days before the service by default', async () => {
    const quote = await create({ depositKind: 'percent', depositValue: 30 });
    expect(quote.totalAmount).toBe('365.00');
    expect(await schedule(quote.id)).toEqual({
      depositKind: 'percent',
      depositValue: '30.00',
      balanceDueDays: null,
      depositAmount: '109.50',
      balanceAmount: '255.50',
      balanceDueDate: addDays(IN_SEASON, -30),
      paidTotal: '0.00',
      dueTotal: '365.00',
    });
    await update(quote.id, { depositKind: 'amount', depositValue: '65.00', balanceDueDays: 7 });
    expect(await schedule(quote.id)).toMatchObject({ depositAmount: '65.00', balanceAmount: '300.00', balanceDueDays: 7, balanceDueDate: addDays(IN_SEASON, -7) });
    await update(quote.id, { depositKind: 'none' });
    expect(await schedule(quote.id)).toMatchObject({ depositKind: 'none', depositValue: null, depositAmount: '0.00', balanceAmount: '365.00' });
  });

  it('refuses deposit terms that do not fit, naming depositValue, and changes nothing', async () => {
    const quote = await create();
    for (const data of [
      { depositKind: 'amount', depositValue: '365.01' },
      { depositKind: 'percent', depositValue: '100.01' },
      { depositKind: 'percent' },
      { depositKind: 'none', depositValue: '10' },
    ]) {
      const error = await rpcError(update(quote.id, data));
      expect([data, error.statusCode, String(error.message)]).toEqual([data, 400, expect.stringContaining('depositValue')]);
    }
    expect(await schedule(quote.id)).toMatchObject({ depositKind: 'none', depositValue: null });
    expect((await sut.send(QUOTES_GET, { principal: user, tenantId: tenantA, id: quote.id })).version).toBe(quote.version);
  });

  it("follows the agency's default days as tenancy announces them; the quote's own days win", async () => {
    const quote = await create();
    const own = await create({ balanceDueDays: 3 });
    await bus.publish(TENANT_TERMS_CHANGED, { tenantId: tenantA, balanceDueDaysDefault: 45 });
    await eventually(async () => expect((await schedule(quote.id)).balanceDueDate).toBe(addDays(IN_SEASON, -45)));
    expect((await schedule(own.id)).balanceDueDate).toBe(addDays(IN_SEASON, -3));
    await bus.publish(TENANT_TERMS_CHANGED, { tenantId: tenantA, balanceDueDaysDefault: 30 });
    await eventually(async () => expect((await schedule(quote.id)).balanceDueDate).toBe(addDays(IN_SEASON, -30)));
  });

  it('records, lists and deletes payments; the quote, the list and the dashboard follow, without a new version', async () => {
    const quote = await create({ status: 'confirmed', items: [{ productId: tourId, quantity: 4, orderConfirmed: true, confirmedParticipants: 4 }] });
    const dashboardDue = async () => (await sut.send(QUOTING_DASHBOARD, { principal: adminOf(tenantA), tenantId: tenantA })).dueTotal;
    const before = await dashboardDue();
    const first = await pay(quote.id, { amount: '100.00', paidOn: addDays(todayIn(), -2), note: '  Acconto  ' });
    const second = await pay(quote.id, { amount: 65, method: 'carta' });
    expect(first).toMatchObject({ quoteId: quote.id, amount: '100.00', method: 'bonifico', note: 'Acconto' });
    expect((await sut.send(PAYMENTS_LIST, { principal: user, tenantId: tenantA, id: quote.id })).map((payment) => payment.id)).toEqual([first.id, second.id]);
    expect(await schedule(quote.id)).toMatchObject({ paidTotal: '165.00', dueTotal: '200.00' });
    const listed = (await sut.send(QUOTES_LIST, { principal: user, tenantId: tenantA, filters: {} })).items.find((row) => row.id === quote.id);
    expect(listed).toMatchObject({ paidTotal: '165.00', dueTotal: '200.00' });
    expect(Number(before) - Number(await dashboardDue())).toBeCloseTo(165, 2);

    await sut.send(PAYMENTS_DELETE, { principal: user, tenantId: tenantA, id: quote.id, itemId: second.id });
    expect(await schedule(quote.id)).toMatchObject({ paidTotal: '100.00', dueTotal: '265.00' });
    expect((await sut.send(QUOTES_GET, { principal: user, tenantId: tenantA, id: quote.id })).version).toBe(quote.version);
    expect(await rpcError(sut.send(PAYMENTS_DELETE, { principal: user, tenantId: tenantA, id: quote.id, itemId: second.id }))).toMatchObject({ statusCode: 404 });
  });

  it('keeps a surplus on the quote and out of the dashboard: paying more counts 0 there', async () => {
    const quote = await create({ status: 'confirmed', items: [{ productId: tourId, quantity: 4, orderConfirmed: true, confirmedParticipants: 4 }] });
    const dashboardDue = async () => (await sut.send(QUOTING_DASHBOARD, { principal: adminOf(tenantA), tenantId: tenantA })).dueTotal;
    const before = Number(await dashboardDue());
    await pay(quote.id, { amount: '400.00' });
    expect(await schedule(quote.id)).toMatchObject({ paidTotal: '400.00', dueTotal: '-35.00' });
    expect(before - Number(await dashboardDue())).toBeCloseTo(365, 2);
  });

  it('refuses a payment dated after today, and answers 404 for another agency\'s quote', async () => {
    const quote = await create();
    expect(await rpcError(pay(quote.id, { paidOn: addDays(todayIn(), 1) }))).toMatchObject({ statusCode: 400, message: ['paidOn cannot be after today'] });
    expect(await rpcError(pay(quote.id, {}, tenantB))).toMatchObject({ statusCode: 404 });
    expect(await rpcError(sut.send(PAYMENTS_LIST, { principal: userOf(tenantB), tenantId: tenantB, id: quote.id }))).toMatchObject({ statusCode: 404 });
    expect(await rpcError(pay(randomUUID()))).toMatchObject({ statusCode: 404 });
    expect(await sut.send(PAYMENTS_LIST, { principal: user, tenantId: tenantA, id: quote.id })).toEqual([]);
  });

  it("goes with its quote, and with its agency: payments and the agency's terms", async () => {
    const quote = await create();
    await pay(quote.id);
    await sut.send(QUOTES_DELETE, { principal: user, tenantId: tenantA, id: quote.id });
    const count = async (table: string, tenantId: string) =>
      (await queryDatabase<{ count: number }>(harness.databaseUrl, `SELECT count(*)::int AS count FROM quoting.${table} WHERE tenant_id = $1`, [tenantId]))[0].count;
    expect((await queryDatabase<{ id: string }>(harness.databaseUrl, `SELECT id FROM quoting.quote_payments WHERE quote_id = $1`, [quote.id]))).toEqual([]);

    const doomed = randomUUID();
    await bus.publish(TENANT_TERMS_CHANGED, { tenantId: doomed, balanceDueDaysDefault: 10 });
    await eventually(async () => expect(await count('agency_terms', doomed)).toBe(1));
    await bus.publish(TENANT_DELETED, { tenantId: doomed, deletedAt: new Date().toISOString() });
    await eventually(async () => expect(await count('agency_terms', doomed)).toBe(0));
  });
});
