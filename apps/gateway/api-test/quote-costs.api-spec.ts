import { freePlacesLabel } from '@quotebook/domain';
import { type Agency, created, createAgency, messages, periodBody, uniqueName } from './catalogue-fixtures';
import { api, superadminToken } from './http';
import { createQuote, IN_PERIOD, newCustomer, pricedProduct, quoteBody, readQuote } from './quote-fixtures';

/*
 * Cost, markup, margin, free places and optional lines over HTTP: a period's supplier cost and free
 * places, a price list's markup, each line's cost (automatic or set by hand), its margin, the quote's
 * figures without its optional lines, and cost and margin kept from tenant users when the agency says so.
 */

/** € 50 per person; the supplier charges € 30 per person and € 100 per booking; 1 free every 20 paying. No VAT rate: net = gross. */
const COSTED_PERIOD = periodBody('2030-01-01', '2030-12-31', {
  costPerPerson: '50.00',
  supplierCostPerPerson: '30.00',
  supplierCostPerBooking: '100.00',
  freePlacesEvery: 20,
  freePlacesCount: 1,
});

const COST_FIELDS = ['cost', 'margin', 'marginPercent', 'costTotal', 'marginTotal'];

let root: string;
let agency: Agency;
let other: Agency;

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
});

// answers are whatever JSON the API gives; each test asserts the fields it reads
/* eslint-disable @typescript-eslint/no-explicit-any */
const itemOf = (quote: any, productId: string) => quote.items.find((item: any) => item.productId === productId);

/** Every cost and margin field found anywhere in an answer, with its value. */
function costFieldsIn(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer.flatMap(costFieldsIn);
  if (answer === null || typeof answer !== 'object') return [];
  return Object.entries(answer).flatMap(([key, value]) => (COST_FIELDS.includes(key) ? [value] : costFieldsIn(value)));
}

describe('a period’s supplier cost and free places', () => {
  it('are stored and answered with the period, in the product list too, and cleared with null', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, { language: 'it', title: uniqueName('Escursione') });
    const period = await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, COSTED_PERIOD);
    expect(period).toMatchObject({ supplierCostPerPerson: '30.00', supplierCostPerBooking: '100.00', freePlacesEvery: 20, freePlacesCount: 1 });

    const list = await api('GET', `${agency.base}/products`, { token: agency.adminToken });
    const listed = list.body.find((candidate: any) => candidate.id === product.id);
    expect(listed.availability[0]).toMatchObject({ supplierCostPerPerson: '30.00', freePlacesEvery: 20, freePlacesCount: 1 });

    const cleared = await api('PUT', `${agency.base}/products/${product.id}/availability/${period.id}`, {
      token: agency.adminToken,
      body: { ...COSTED_PERIOD, supplierCostPerPerson: null, supplierCostPerBooking: null, freePlacesEvery: null, freePlacesCount: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ supplierCostPerPerson: null, supplierCostPerBooking: null, freePlacesEvery: null, freePlacesCount: null });
  });

  it.each([
    ['free places every without a count', { freePlacesEvery: 20, freePlacesCount: null }, 'freePlacesCount'],
    ['a count without every', { freePlacesEvery: null, freePlacesCount: 1 }, 'freePlacesEvery'],
    ['a count of 0', { freePlacesEvery: 20, freePlacesCount: 0 }, 'freePlacesCount'],
    ['a fractional every', { freePlacesEvery: 2.5, freePlacesCount: 1 }, 'freePlacesEvery'],
    ['a negative cost per person', { supplierCostPerPerson: '-1.00' }, 'supplierCostPerPerson'],
    ['a cost per booking with three decimals', { supplierCostPerBooking: '1.005' }, 'supplierCostPerBooking'],
  ])('refuses %s: 400 naming the field, nothing stored', async (_case, change, field) => {
    const product = await created(agency.adminToken, `${agency.base}/products`, { language: 'it', title: uniqueName('Escursione') });
    const refused = await api('POST', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken, body: { ...COSTED_PERIOD, ...change } });
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toContain(field);
    const periods = await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken });
    expect(periods.body).toEqual([]);
  });
});

describe('a price list’s markup', () => {
  const listBody = (overrides: object) => ({ name: uniqueName('Listino'), startDate: '2030-01-01', endDate: '2030-12-31', ...overrides });

  it('is either a markup or a reduction: both are a 400 naming markupPercentage, nothing created or changed', async () => {
    const both = listBody({ markupPercentage: 25, reductionPercentage: 10 });
    const refused = await api('POST', `${agency.base}/price-lists`, { token: agency.adminToken, body: both });
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toContain('markupPercentage');
    const lists = await api('GET', `${agency.base}/price-lists`, { token: agency.adminToken });
    expect(lists.body.map((list: any) => list.name)).not.toContain(both.name);

    const markup = await created(agency.adminToken, `${agency.base}/price-lists`, listBody({ markupPercentage: '25' }));
    expect(markup).toMatchObject({ markupPercentage: '25.00', reductionAmount: null, reductionPercentage: null });
    const withReduction = await api('PUT', `${agency.base}/price-lists/${markup.id}`, {
      token: agency.adminToken,
      body: { ...listBody({ name: markup.name }), markupPercentage: 25, reductionAmount: 5 },
    });
    expect(withReduction.status).toBe(400);
    expect(messages(withReduction.body)).toContain('markupPercentage');
    const reread = await api('GET', `${agency.base}/price-lists`, { token: agency.adminToken });
    expect(reread.body.find((list: any) => list.id === markup.id)).toMatchObject({ markupPercentage: '25.00', reductionAmount: null });
  });

  it("prices a line at its cost marked up for a customer of that list", async () => {
    const list = await created(agency.adminToken, `${agency.base}/price-lists`, listBody({ markupPercentage: 50 }));
    const customer = await newCustomer(agency, { priceListId: list.id });
    const product = await pricedProduct(agency, {}, COSTED_PERIOD);
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }] }));
    // cost 30 × 4 + 100 = 220.00, marked up 50 %
    expect(itemOf(quote, product.id)).toMatchObject({ cost: '220.00', totalPrice: '330.00', priceListApplied: true, margin: '110.00', marginPercent: '33.33' });
    expect(quote).toMatchObject({ priceListId: list.id, totalAmount: '330.00' });
  });
});

describe('a line’s cost, margin and free places', () => {
  let customer: { id: string };
  let product: { id: string };
  let quote: any;

  beforeAll(async () => {
    customer = await newCustomer(agency);
    product = await pricedProduct(agency, {}, COSTED_PERIOD);
    quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 21 }] }));
  });

  it('charges the paying participants only, keeps the period cost of all, and works out the margin', () => {
    // 21 = 20 paying + 1 free: 50 × 20; cost 30 × 21 + 100
    expect(itemOf(quote, product.id)).toMatchObject({
      quantity: 21,
      freePlaces: 1,
      payingParticipants: 20,
      totalPrice: '1000.00',
      pricePerPerson: '50.00',
      cost: '730.00',
      costSource: 'auto',
      margin: '270.00',
      marginPercent: '27.00',
      optional: false,
    });
    expect(freePlacesLabel(20, 1)).toBe('20 + 1 gratuità');
    expect(quote).toMatchObject({ totalAmount: '1000.00', costTotal: '730.00', marginTotal: '270.00', marginPercent: '27.00', optionalTotal: '0.00' });
  });

  it('takes a cost set by hand, and goes back to the automatic one with null', async () => {
    const itemId = itemOf(quote, product.id).id;
    const manual = await api('PUT', `${agency.base}/quotes/${quote.id}/items/${itemId}`, { token: agency.adminToken, body: { cost: '500' } });
    expect(manual.status).toBe(200);
    expect(manual.body).toMatchObject({ cost: '500.00', costSource: 'manual', margin: '500.00', marginPercent: '50.00', totalPrice: '1000.00' });
    expect(await readQuote(agency, quote.id)).toMatchObject({ costTotal: '500.00', marginTotal: '500.00' });

    // a change of the participants keeps the cost typed
    const more = await api('PUT', `${agency.base}/quotes/${quote.id}/items/${itemId}`, { token: agency.adminToken, body: { quantity: 42 } });
    expect(more.body).toMatchObject({ cost: '500.00', costSource: 'manual', freePlaces: 2, payingParticipants: 40, totalPrice: '2000.00' });

    const reset = await api('PUT', `${agency.base}/quotes/${quote.id}/items/${itemId}`, { token: agency.adminToken, body: { cost: null, quantity: 21 } });
    expect(reset.body).toMatchObject({ cost: '730.00', costSource: 'auto' });
    expect(await readQuote(agency, quote.id)).toMatchObject({ costTotal: '730.00', marginTotal: '270.00' });
  });

  it('refuses a cost that is no amount: 400 naming cost, nothing changed', async () => {
    const itemId = itemOf(quote, product.id).id;
    const refused = await api('PUT', `${agency.base}/quotes/${quote.id}/items/${itemId}`, { token: agency.adminToken, body: { cost: -5 } });
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toContain('cost');
    expect(itemOf(await readQuote(agency, quote.id), product.id)).toMatchObject({ cost: '730.00', costSource: 'auto' });
  });

  it('follows a new service date: a date outside the period has no cost', async () => {
    const moved = await api('PUT', `${agency.base}/quotes/${quote.id}`, { token: agency.adminToken, body: { serviceDate: '2031-03-01' } });
    expect(moved.status).toBe(200);
    expect(itemOf(moved.body, product.id)).toMatchObject({ cost: null, margin: null, freePlaces: 0 });
    expect(moved.body).toMatchObject({ costTotal: null, marginTotal: null, marginPercent: null });
    const back = await api('PUT', `${agency.base}/quotes/${quote.id}`, { token: agency.adminToken, body: { serviceDate: IN_PERIOD } });
    expect(back.body).toMatchObject({ costTotal: '730.00' });
  });
});

describe('an optional line', () => {
  it('is out of the total, net, VAT and confirmed total, counted in optionalTotal, and back in once it is not optional', async () => {
    const customer = await newCustomer(agency);
    const [main, extra] = await Promise.all([pricedProduct(agency, {}, COSTED_PERIOD), pricedProduct(agency, {}, COSTED_PERIOD)]);
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: main.id, quantity: 2 }] }));
    expect(quote.totalAmount).toBe('100.00');

    const added = await api('POST', `${agency.base}/quotes/${quote.id}/items`, { token: agency.userToken, body: { productId: extra.id, quantity: 3, optional: true } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ optional: true, totalPrice: '150.00', cost: '190.00' });
    const withOptional = await readQuote(agency, quote.id);
    expect(withOptional).toMatchObject({ totalAmount: '100.00', netAmount: '100.00', optionalTotal: '150.00', costTotal: '160.00', marginTotal: '-60.00' });

    // confirmed: an optional line stays out of the confirmed total too
    const confirmed = await api('PUT', `${agency.base}/quotes/${quote.id}/items`, {
      token: agency.adminToken,
      body: { items: [{ productId: main.id, quantity: 2, orderConfirmed: true }, { productId: extra.id, quantity: 3, orderConfirmed: true }] },
    });
    expect(confirmed.status).toBe(200);
    expect(itemOf({ items: confirmed.body }, extra.id).optional).toBe(true);
    expect(await readQuote(agency, quote.id)).toMatchObject({ status: 'confirmed', totalAmount: '100.00', confirmedTotal: '100.00', optionalTotal: '150.00' });

    const included = await api('PUT', `${agency.base}/quotes/${quote.id}/items/${added.body.id}`, { token: agency.adminToken, body: { optional: false } });
    expect(included.body.optional).toBe(false);
    expect(await readQuote(agency, quote.id)).toMatchObject({ totalAmount: '250.00', confirmedTotal: '250.00', optionalTotal: '0.00', costTotal: '350.00' });

    const refused = await api('PUT', `${agency.base}/quotes/${quote.id}/items/${added.body.id}`, { token: agency.adminToken, body: { optional: 'yes' } });
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toContain('optional');
  });
});

describe('cost and margin for tenant users', () => {
  it('are shown while the agency allows it, and null in every quote answer once it turns that off; admins always see them', async () => {
    const shy = await createAgency(root);
    const settings = await api('GET', shy.base, { token: shy.adminToken });
    expect(settings.body.costVisibleToUsers).toBe(true);
    const customer = await newCustomer(shy);
    const product = await pricedProduct(shy, {}, COSTED_PERIOD);
    const quote = await createQuote(shy, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 21 }] }), shy.userToken);
    expect(quote.costTotal).toBe('730.00');
    expect(itemOf(await readQuote(shy, quote.id, shy.userToken), product.id).cost).toBe('730.00');

    const badSetting = await api('PATCH', `${shy.base}/settings`, { token: shy.adminToken, body: { costVisibleToUsers: 'no' } });
    expect(badSetting.status).toBe(400);
    expect(messages(badSetting.body)).toContain('costVisibleToUsers');
    const off = await api('PATCH', `${shy.base}/settings`, { token: shy.adminToken, body: { costVisibleToUsers: false } });
    expect(off.status).toBe(200);
    expect(off.body.costVisibleToUsers).toBe(false);

    const itemId = quote.items[0].id;
    const answers = await Promise.all([
      api('GET', `${shy.base}/quotes`, { token: shy.userToken }),
      api('GET', `${shy.base}/quotes/${quote.id}`, { token: shy.userToken }),
      api('GET', `${shy.base}/quotes/${quote.id}/items`, { token: shy.userToken }),
      api('PUT', `${shy.base}/quotes/${quote.id}`, { token: shy.userToken, body: { subject: 'Gita di classe' } }),
      api('PUT', `${shy.base}/quotes/${quote.id}/items/${itemId}`, { token: shy.userToken, body: { quantity: 22 } }),
      api('POST', `${shy.base}/quotes`, { token: shy.userToken, body: quoteBody(customer.id, { items: [{ productId: product.id, quantity: 5 }] }) }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      const found = costFieldsIn(answer.body);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((value) => value === null)).toBe(true);
    }
    // a cost set by a tenant user still counts; what they read of it stays hidden
    const typed = await api('PUT', `${shy.base}/quotes/${quote.id}/items/${itemId}`, { token: shy.userToken, body: { cost: 100 } });
    expect(typed.body).toMatchObject({ cost: null, margin: null, costSource: 'manual' });

    const admin = await readQuote(shy, quote.id);
    expect(admin).toMatchObject({ costTotal: '100.00' });
    expect(itemOf(admin, product.id)).toMatchObject({ cost: '100.00', costSource: 'manual' });

    await api('PATCH', `${shy.base}/settings`, { token: shy.adminToken, body: { costVisibleToUsers: true } });
    expect((await readQuote(shy, quote.id, shy.userToken)).costTotal).toBe('100.00');
  });
});

describe("another agency's records", () => {
  it('are not found: its quote items, its products’ periods', async () => {
    const customer = await newCustomer(agency);
    const product = await pricedProduct(agency, {}, COSTED_PERIOD);
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 2 }] }));
    const itemId = quote.items[0].id;
    const period = (await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken })).body[0];

    const item = await api('PUT', `${other.base}/quotes/${quote.id}/items/${itemId}`, { token: other.adminToken, body: { cost: 1, optional: true } });
    expect(item.status).toBe(404);
    const periodChange = await api('PUT', `${other.base}/products/${product.id}/availability/${period.id}`, { token: other.adminToken, body: { ...COSTED_PERIOD, supplierCostPerPerson: 1 } });
    expect(periodChange.status).toBe(404);
    const foreignProduct = await api('POST', `${other.base}/quotes`, {
      token: other.adminToken,
      body: quoteBody((await newCustomer(other)).id, { items: [{ productId: product.id, quantity: 1, optional: true }] }),
    });
    expect(foreignProduct.status).toBe(400);
    expect(messages(foreignProduct.body)).toContain('items[0].productId');

    expect(itemOf(await readQuote(agency, quote.id), product.id)).toMatchObject({ cost: '160.00', optional: false });
    expect((await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken })).body[0].supplierCostPerPerson).toBe('30.00');
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */
