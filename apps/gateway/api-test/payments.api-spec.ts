import { eventually } from '@quotebook/testing';
import { type Agency, createAgency, romeDate } from './catalogue-fixtures';
import { api, expectInvalid, superadminToken } from './http';
import { createQuote, IN_PERIOD, newCustomer, pricedProduct, quoteBody, readQuote } from './quote-fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let agency: Agency;
let other: Agency;
let customerId: string;
let productId: string;

beforeAll(async () => {
  const root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
  [customerId, productId] = await Promise.all([newCustomer(agency).then((customer) => customer.id), pricedProduct(agency).then((product) => product.id)]);
});

const paymentsOf = (quoteId: string, owner: Agency = agency) => `${owner.base}/quotes/${quoteId}/payments`;
const payment = (overrides: Record<string, unknown> = {}) => ({ paidOn: romeDate(), amount: '100.00', method: 'bonifico', ...overrides });
/** A confirmed quote of 4 people of the spec's example: 365.00. */
const confirmedQuote = () =>
  createQuote(agency, quoteBody(customerId, { status: 'confirmed', items: [{ productId, quantity: 4, orderConfirmed: true, confirmedParticipants: 4 }] }));
const dashboardDue = async () => {
  const response = await api('GET', `${agency.base}/dashboard`, { token: agency.adminToken });
  expect(response.status).toBe(200);
  return Math.round(Number(response.body.dueTotal) * 100);
};

describe('payments received (/quotes/{quoteId}/payments)', () => {
  it('records (201), lists and deletes (204) payments, by an admin or a user; the quote, the list and the dashboard follow', async () => {
    const quote = await confirmedQuote();
    expect(quote).toMatchObject({ totalAmount: '365.00', paidTotal: '0.00', dueTotal: '365.00', depositKind: 'none', balanceDueDate: '2030-06-15' });
    const dueBefore = await dashboardDue();

    const first = await api('POST', paymentsOf(quote.id), { token: agency.adminToken, body: payment({ amount: 100, paidOn: romeDate(-3), note: 'Acconto' }) });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      quoteId: quote.id,
      paidOn: romeDate(-3),
      amount: '100.00',
      method: 'bonifico',
      note: 'Acconto',
      createdAt: expect.any(String),
    });
    const second = await api('POST', paymentsOf(quote.id), { token: agency.userToken, body: payment({ amount: '65.50', method: 'contanti' }) });
    expect(second.status).toBe(201);

    const listed = await api('GET', paymentsOf(quote.id), { token: agency.userToken });
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { id: string }) => row.id)).toEqual([first.body.id, second.body.id]);
    expect(await readQuote(agency, quote.id)).toMatchObject({ paidTotal: '165.50', dueTotal: '199.50', version: quote.version });
    const page = await api('GET', `${agency.base}/quotes`, { token: agency.adminToken });
    expect(page.body.find((row: { id: string }) => row.id === quote.id)).toMatchObject({ paidTotal: '165.50', dueTotal: '199.50' });
    expect(dueBefore - (await dashboardDue())).toBe(16_550);

    const removed = await api('DELETE', `${paymentsOf(quote.id)}/${second.body.id}`, { token: agency.userToken });
    expect(removed.status).toBe(204);
    expect(await readQuote(agency, quote.id)).toMatchObject({ paidTotal: '100.00', dueTotal: '265.00' });
    expect((await api('DELETE', `${paymentsOf(quote.id)}/${second.body.id}`, { token: agency.adminToken })).status).toBe(404);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const quote = await confirmedQuote();
    const refused = async (body: unknown, messages: string[]) => expectInvalid(await api('POST', paymentsOf(quote.id), { token: agency.adminToken, body }), messages);
    await refused(payment({ paidOn: '15/01/2026' }), ['paidOn must be a date written YYYY-MM-DD']);
    await refused(payment({ paidOn: '2026-02-30' }), ['paidOn must be a date written YYYY-MM-DD']);
    await refused(payment({ paidOn: romeDate(1) }), ['paidOn cannot be after today']);
    await refused(payment({ amount: 0 }), [expect.stringMatching(/^amount must be more than 0/)]);
    await refused(payment({ amount: '-5' }), [expect.stringMatching(/^amount must be more than 0/)]);
    await refused(payment({ amount: '10.005' }), [expect.stringMatching(/^amount must be more than 0/)]);
    await refused(payment({ amount: '100000000' }), [expect.stringMatching(/^amount must be more than 0/)]);
    await refused(payment({ method: 'bitcoin' }), ['method must be one of: bonifico, carta, contanti, assegno, altro']);
    await refused(payment({ note: 'x'.repeat(501) }), ['note must be at most 500 characters']);
    await refused({}, ['paidOn must be a date written YYYY-MM-DD', 'method must be one of: bonifico, carta, contanti, assegno, altro']);
    expect((await api('GET', paymentsOf(quote.id), { token: agency.adminToken })).body).toEqual([]);
  });

  it("answers 404 for another agency's quote or payment, and 403 on another agency's path", async () => {
    const quote = await confirmedQuote();
    const paid = await api('POST', paymentsOf(quote.id), { token: agency.adminToken, body: payment() });
    // the other agency's own path, naming this agency's quote: not found
    expect((await api('GET', paymentsOf(quote.id, other), { token: other.adminToken })).status).toBe(404);
    expect((await api('POST', paymentsOf(quote.id, other), { token: other.adminToken, body: payment() })).status).toBe(404);
    expect((await api('DELETE', `${paymentsOf(quote.id, other)}/${paid.body.id}`, { token: other.adminToken })).status).toBe(404);
    // this agency's path with the other agency's token: forbidden
    expect((await api('GET', paymentsOf(quote.id), { token: other.adminToken })).status).toBe(403);
    expect((await api('GET', paymentsOf(UNKNOWN_ID), { token: agency.adminToken })).status).toBe(404);
    expect((await api('GET', paymentsOf(quote.id), {})).status).toBe(401);
    expect(await readQuote(agency, quote.id)).toMatchObject({ paidTotal: '100.00' });
  });
});

describe('deposit and balance on the quote', () => {
  it('takes the deposit and the balance days on create and update, and works out the schedule', async () => {
    const quote = await createQuote(
      agency,
      quoteBody(customerId, { items: [{ productId, quantity: 4 }], depositKind: 'percent', depositValue: '30', balanceDueDays: 10 }),
    );
    expect(quote).toMatchObject({
      totalAmount: '365.00',
      depositKind: 'percent',
      depositValue: '30.00',
      balanceDueDays: 10,
      depositAmount: '109.50',
      balanceAmount: '255.50',
      balanceDueDate: '2030-07-05',
    });
    const changed = await api('PUT', `${agency.base}/quotes/${quote.id}`, {
      token: agency.userToken,
      body: { depositKind: 'amount', depositValue: 65, balanceDueDays: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ depositAmount: '65.00', balanceAmount: '300.00', balanceDueDays: null, balanceDueDate: '2030-06-15' });
  });

  it('answers 400 naming depositKind, depositValue or balanceDueDays, and changes nothing', async () => {
    const quote = await createQuote(agency, quoteBody(customerId, { items: [{ productId, quantity: 4 }] }));
    const refused = async (body: unknown, messages: unknown[]) =>
      expectInvalid(await api('PUT', `${agency.base}/quotes/${quote.id}`, { token: agency.adminToken, body }), messages as string[]);
    await refused({ depositKind: 'half' }, ['depositKind must be one of: none, percent, amount']);
    await refused({ depositKind: 'percent', depositValue: '100.01' }, ['depositValue must be a percentage from 0 to 100']);
    await refused({ depositKind: 'percent' }, ['depositValue must be more than 0 when depositKind is percent']);
    await refused({ depositKind: 'amount', depositValue: '365.01' }, ['depositValue cannot be more than the quote total']);
    await refused({ depositKind: 'none', depositValue: 10 }, ['depositValue must be empty when depositKind is none']);
    await refused({ depositValue: 'tanto' }, [expect.stringMatching(/^depositValue must be a number/)]);
    await refused({ balanceDueDays: 366 }, ['balanceDueDays must be a whole number from 0 to 365']);
    await refused({ balanceDueDays: 1.5 }, ['balanceDueDays must be a whole number from 0 to 365']);
    expect(await readQuote(agency, quote.id)).toMatchObject({ depositKind: 'none', depositValue: null, balanceDueDays: null, version: quote.version });
  });

  it("follows the agency's default days from Impostazioni, 0 to 365", async () => {
    const quote = await createQuote(agency, quoteBody(customerId, { serviceDate: IN_PERIOD }));
    const settings = (body: unknown) => api('PATCH', `${agency.base}/settings`, { token: agency.adminToken, body });
    expectInvalid(await settings({ balanceDueDaysDefault: 400 }), ['balanceDueDaysDefault must be a whole number from 0 to 365']);
    expectInvalid(await settings({ balanceDueDaysDefault: 'trenta' }), ['balanceDueDaysDefault must be a whole number from 0 to 365']);
    const saved = await settings({ balanceDueDaysDefault: 45 });
    expect(saved.status).toBe(200);
    expect(saved.body.balanceDueDaysDefault).toBe(45);
    expect((await api('GET', agency.base, { token: agency.adminToken })).body.balanceDueDaysDefault).toBe(45);
    await eventually(async () => expect((await readQuote(agency, quote.id)).balanceDueDate).toBe('2030-05-31'));
    // another agency keeps its own default
    const theirs = await createQuote(other, quoteBody((await newCustomer(other)).id));
    expect(theirs.balanceDueDate).toBe('2030-06-15');
    expect((await api('PATCH', `${agency.base}/settings`, { token: agency.userToken, body: { balanceDueDaysDefault: 10 } })).status).toBe(403);
  });
});
