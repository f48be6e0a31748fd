import { formatCents, toCents } from '@quotebook/domain';
import { type Agency, createAgency, messages } from './catalogue-fixtures';
import { api, superadminToken } from './http';
import { createQuote, newCustomer, pricedProduct, quoteBody } from './quote-fixtures';

/*
 * The reports and the calendar over HTTP: each route with the figures the agency's own quotes add up
 * to, the period and filters refused with a 400 naming the field, the roles, and one agency's figures
 * never in another's.
 */

const REPORTS = ['revenue-by-month', 'quotes-by-status', 'margin-by-month', 'top-products', 'top-customers'] as const;
const PERIOD = 'from=2030-07&to=2030-08';

let root: string;
let agency: Agency;
let other: Agency;
let customer: { id: string; name: string };
let product: { id: string; code: string };
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are whatever JSON the API gives; each test reads its fields */
let july: any;
let august: any;
/* eslint-enable @typescript-eslint/no-explicit-any */

const cents = toCents;
const euros = formatCents;
const report = (name: string, query: string, token = agency.adminToken, target = agency) => api('GET', `${target.base}/reports/${name}?${query}`, { token });
const calendar = (query: string, token = agency.userToken, target = agency) => api('GET', `${target.base}/calendar?${query}`, { token });

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
  product = await pricedProduct(agency);
  customer = await newCustomer(agency);
  july = await createQuote(agency, quoteBody(customer.id, {
    serviceDate: '2030-07-15', status: 'confirmed', items: [{ productId: product.id, quantity: 4, orderConfirmed: true, confirmedParticipants: 4 }],
  }));
  august = await createQuote(agency, quoteBody(customer.id, { serviceDate: '2030-08-01', status: 'closed', items: [{ productId: product.id, quantity: 12 }] }));
  await createQuote(agency, quoteBody(customer.id, { serviceDate: '2030-07-20', items: [{ productId: product.id, quantity: 4 }] }));
}, 60_000);

describe('GET /reports/*', () => {
  it('revenue-by-month: the confirmed and closed quotes by month of service', async () => {
    const response = await report('revenue-by-month', PERIOD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      from: '2030-07',
      to: '2030-08',
      months: [
        { month: '2030-07', quotes: 1, revenue: july.totalAmount, revenueNet: july.netAmount },
        { month: '2030-08', quotes: 1, revenue: august.totalAmount, revenueNet: august.netAmount },
      ],
    });
  });

  it('revenue-by-month: the last twelve months without a period', async () => {
    const response = await report('revenue-by-month', '');
    expect(response.status).toBe(200);
    expect(response.body.months).toHaveLength(12);
  });

  it('quotes-by-status: every status counted, no conversion without a quote sent', async () => {
    const response = await report('quotes-by-status', PERIOD);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.body.statuses.map((row: { status: string; quotes: number }) => [row.status, row.quotes]))).toEqual({
      pending: 1, waiting: 0, confirmed: 1, cancelled: 0, closed: 1,
    });
    expect(response.body).toMatchObject({ sent: 0, accepted: 0, conversionRate: null });
  });

  it('margin-by-month: one row per month', async () => {
    const response = await report('margin-by-month', PERIOD);
    expect(response.status).toBe(200);
    expect(response.body.months.map((row: { month: string }) => row.month)).toEqual(['2030-07', '2030-08']);
    expect(Object.keys(response.body.months[0]).sort()).toEqual(['cost', 'margin', 'marginPercent', 'month', 'quotes', 'revenueNet']);
  });

  it('top-products and top-customers: what the quotes charged, with the participants booked', async () => {
    const products = await report('top-products', `${PERIOD}&limit=5`);
    expect(products.status).toBe(200);
    expect(products.body.products).toEqual([
      { productId: product.id, productCode: product.code, description: expect.any(String), quotes: 2, participants: 16, revenue: euros(cents(july.totalAmount) + cents(august.totalAmount)) },
    ]);
    const customers = await report('top-customers', `${PERIOD}&customerId=${customer.id}`);
    expect(customers.status).toBe(200);
    expect(customers.body.customers).toEqual([
      {
        customerId: customer.id, customerName: customer.name, quotes: 2,
        revenue: euros(cents(july.totalAmount) + cents(august.totalAmount)), revenueNet: euros(cents(july.netAmount) + cents(august.netAmount)),
      },
    ]);
  });

  it.each([
    ['revenue-by-month', 'from=2030-13', 'from must be a month written YYYY-MM'],
    ['quotes-by-status', 'to=July', 'to must be a month written YYYY-MM'],
    ['margin-by-month', 'from=2030-09&to=2030-08', 'from must not be after to'],
    ['revenue-by-month', 'from=2026-01&to=2030-08', 'from must be at most 36 months before to'],
    ['top-products', 'limit=0', 'limit must be a whole number from 1 to 50'],
    ['top-customers', 'limit=51', 'limit must be a whole number from 1 to 50'],
    ['top-customers', 'customerId=hotel', 'customerId must be a UUID'],
    ['revenue-by-month', 'productId=1', 'productId must be a UUID'],
  ])('%s?%s is a 400 naming the field', async (name, query, message) => {
    const response = await report(name, query);
    expect(response.status).toBe(400);
    expect(messages(response.body)).toContain(message);
  });

  it.each(REPORTS)('%s: 403 for a tenant user and for another agency’s admin, 401 without a token', async (name) => {
    expect((await report(name, PERIOD, agency.userToken)).status).toBe(403);
    expect((await report(name, PERIOD, other.adminToken)).status).toBe(403);
    expect((await api('GET', `${agency.base}/reports/${name}`)).status).toBe(401);
    expect((await report(name, PERIOD, root)).status).toBe(200);
  });

  it("never counts another agency's quotes", async () => {
    const response = await report('revenue-by-month', PERIOD, other.adminToken, other);
    expect(response.status).toBe(200);
    expect(response.body.months.map((row: { revenue: string }) => row.revenue)).toEqual(['0.00', '0.00']);
    expect((await report('top-customers', PERIOD, other.adminToken, other)).body.customers).toEqual([]);
  });
});

describe('GET /calendar', () => {
  it('lists the order-confirmed lines of confirmed and closed quotes by service date, for a tenant user too', async () => {
    const response = await calendar('from=2030-07-01&to=2030-08-31');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      from: '2030-07-01',
      to: '2030-08-31',
      entries: [
        {
          date: '2030-07-15', startTime: null, quoteId: july.id, quoteNumber: july.number, quoteStatus: 'confirmed', customerId: customer.id,
          customerName: customer.name, productId: product.id, productCode: product.code, description: expect.any(String), participants: 4,
        },
      ],
    });
    expect((await calendar(`from=2030-07-01&to=2030-08-31&productId=${product.id}`, agency.adminToken)).body.entries).toHaveLength(1);
  });

  it.each([
    ['to=2030-07-31', 'from must be a date written YYYY-MM-DD'],
    ['from=2030-07-01&to=2030-02-30', 'to must be a date written YYYY-MM-DD'],
    ['from=2030-07-01&to=2030-09-01', 'to must be at most 61 days after from'],
    ['from=2030-07-02&to=2030-07-01', 'to must not be before from'],
    ['from=2030-07-01&to=2030-07-31&customerId=x', 'customerId must be a UUID'],
  ])('%s is a 400 naming the field', async (query, message) => {
    const response = await calendar(query);
    expect(response.status).toBe(400);
    expect(messages(response.body)).toContain(message);
  });

  it("is the agency's: 403 for another agency's admin, nothing of this one in the other's", async () => {
    expect((await calendar('from=2030-07-01&to=2030-07-31', other.adminToken)).status).toBe(403);
    const elsewhere = await calendar('from=2030-07-01&to=2030-07-31', other.userToken, other);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.entries).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('names who may call the reports (admins) and the calendar (every role of the agency)', async () => {
    const document = (await api('GET', '/api/docs-json')).body;
    for (const name of REPORTS) expect(document.paths[`/api/tenants/{tenantId}/reports/${name}`].get['x-roles']).toEqual(['superadmin', 'tenant_admin']);
    expect(document.paths['/api/tenants/{tenantId}/calendar'].get['x-roles']).toEqual(['superadmin', 'tenant_admin', 'tenant_user']);
  });
});
