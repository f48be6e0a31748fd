import { eventually } from '@quotebook/testing';
import { type Agency, createAgency, customerBody } from './catalogue-fixtures';
import { api, expectInvalid, superadminToken } from './http';
import {
  createQuote,
  letters,
  listedIds,
  listQuotes,
  newCustomer,
  OUT_OF_PERIOD,
  pricedProduct,
  quoteBody,
  readQuote,
} from './quote-fixtures';

let root: string;

beforeAll(async () => {
  root = await superadminToken();
});

const put = (agency: Agency, target: string, body: unknown) => api('PUT', `${agency.base}${target}`, { token: agency.adminToken, body });

async function confirmAllItems(agency: Agency, quote: { id: string; items: { id: string }[] }, participants: number) {
  for (const item of quote.items) {
    const response = await put(agency, `/quotes/${quote.id}/items/${item.id}`, { orderConfirmed: true, confirmedParticipants: participants });
    if (response.status !== 200) throw new Error(`confirm item: ${response.status} ${JSON.stringify(response.body)}`);
  }
}

describe('the quote list', () => {
  let agency: Agency;
  let miramare: { id: string; name: string };
  let cimbrone: { id: string; name: string };
  /** by what sets each apart */
  const quotes: Record<'boat' | 'dinner' | 'pompeii' | 'confirmed' | 'winter' | 'boatLater', { id: string; shortId: string }> = {} as never;

  beforeAll(async () => {
    agency = await createAgency(root);
    const product = await pricedProduct(agency);
    [miramare, cimbrone] = await Promise.all([
      newCustomer(agency, { name: `Hotel Miramare ${letters()}` }),
      newCustomer(agency, { name: `Villa Cimbrone ${letters()}` }),
    ]);
    const item = (quantity: number) => [{ productId: product.id, quantity }];
    // created one after the other: the creation order breaks ties between equal service dates
    quotes.boat = await createQuote(agency, quoteBody(miramare.id, { serviceDate: '2030-07-15', subject: 'Gita in barca', items: item(4) }));
    quotes.dinner = await createQuote(agency, quoteBody(cimbrone.id, { serviceDate: '2030-08-01', subject: 'Cena di gala' }));
    await put(agency, `/quotes/${quotes.dinner.id}`, { totalAmount: '120' });
    quotes.pompeii = await createQuote(agency, quoteBody(miramare.id, { serviceDate: '2030-06-01', subject: 'Scavi di Pompei', status: 'cancelled', items: item(2) }));
    const confirmed = await createQuote(agency, quoteBody(cimbrone.id, { serviceDate: '2030-09-10', subject: 'Vesuvio', items: item(4) }));
    await confirmAllItems(agency, confirmed, 12);
    quotes.confirmed = confirmed;
    quotes.winter = await createQuote(agency, quoteBody(miramare.id, { serviceDate: OUT_OF_PERIOD, subject: 'Inverno', items: item(4) }));
    quotes.boatLater = await createQuote(agency, quoteBody(cimbrone.id, { serviceDate: '2030-07-15', subject: 'Gita al tramonto' }));
  });

  /** the whole list's order: service date descending, then the newest created first */
  const ORDER = ['winter', 'confirmed', 'dinner', 'boatLater', 'boat', 'pompeii'] as const;
  const ids = (...names: (keyof typeof quotes)[]) => names.map((name) => quotes[name].id);

  it('answers every quote without paging, by service date (then newest first), with the count', async () => {
    const response = await listQuotes(agency, {}, agency.userToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('6');
    expect(response.body.map((quote: { id: string }) => quote.id)).toEqual(ids(...ORDER));
  });

  it('carries what a row shows: customer name, amounts, confirmation and counts', async () => {
    const rows = (await listQuotes(agency)).body as Array<Record<string, unknown>>;
    const row = (name: keyof typeof quotes) => rows.find((candidate) => candidate['id'] === quotes[name].id);
    expect(row('confirmed')).toEqual(
      expect.objectContaining({
        shortId: quotes.confirmed.id.slice(-6).toUpperCase(),
        customerId: cimbrone.id,
        customerName: cimbrone.name,
        subject: 'Vesuvio',
        serviceDate: '2030-09-10',
        status: 'confirmed',
        totalAmount: '415.00',
        confirmedTotal: '415.00',
        confirmation: 'all',
        itemCount: 1,
        confirmedItemCount: 1,
      }),
    );
    expect(row('boat')).toEqual(
      expect.objectContaining({ customerName: miramare.name, status: 'pending', totalAmount: '365.00', confirmedTotal: '0.00', confirmation: 'none', itemCount: 1 }),
    );
    expect(row('dinner')).toEqual(expect.objectContaining({ totalAmount: '120.00', itemCount: 0, confirmation: 'none' }));
    // a row is a summary: the items and consumptions come with the quote itself
    expect(row('boat')).not.toHaveProperty('items');
  });

  it.each([
    ['a short id in any case', (): string => quotes.pompeii.id.slice(-6).toLowerCase(), ['pompeii']],
    ['a short id with its #', (): string => `#${quotes.pompeii.id.slice(-6).toUpperCase()}`, ['pompeii']],
    ['part of a subject in another case', (): string => 'BARCA', ['boat']],
    ['an amount written 365,00', (): string => '365,00', ['boat', 'pompeii']],
    ['an amount written 415.00', (): string => '415.00', ['confirmed']],
    ['a status', (): string => 'cancelled', ['pompeii']],
    ['a service date written dd/mm/yyyy', (): string => '15/07/2030', ['boatLater', 'boat']],
    ['a service date written YYYY-MM-DD', (): string => '2030-09-10', ['confirmed']],
  ] as const)('searches by %s', async (_label, search, expected) => {
    expect(await listedIds(agency, { search: search() })).toEqual(ids(...expected));
  });

  it('searches by customer name and by an amount without decimals', async () => {
    expect(await listedIds(agency, { search: miramare.name.split(' ')[2].toUpperCase() })).toEqual(ids('winter', 'boat', 'pompeii'));
    const byAmount = await listedIds(agency, { search: '365' });
    // a short id may hold the same digits; every quote of 365.00 is found
    expect(byAmount).toEqual(expect.arrayContaining(ids('boat', 'pompeii')));
    expect(byAmount).not.toContain(quotes.dinner.id);
  });

  it('filters by status, customer and service dates (both ends included), also together', async () => {
    expect(await listedIds(agency, { status: 'pending' })).toEqual(ids('winter', 'dinner', 'boatLater', 'boat'));
    expect(await listedIds(agency, { status: 'confirmed' })).toEqual(ids('confirmed'));
    expect(await listedIds(agency, { customerId: cimbrone.id })).toEqual(ids('confirmed', 'dinner', 'boatLater'));
    expect(await listedIds(agency, { from: '2030-07-15', to: '2030-08-01' })).toEqual(ids('dinner', 'boatLater', 'boat'));
    expect(await listedIds(agency, { from: '2030-09-10' })).toEqual(ids('winter', 'confirmed'));
    expect(await listedIds(agency, { to: '2030-06-01' })).toEqual(ids('pompeii'));
    expect(await listedIds(agency, { customerId: miramare.id, status: 'pending', from: '2030-01-01', to: '2030-12-31' })).toEqual(ids('boat'));
    const none = await listQuotes(agency, { search: 'nessuna corrispondenza' });
    expect([none.status, none.body, none.headers.get('x-total-count')]).toEqual([200, [], '0']);
  });

  it('pages with limit and offset and says in X-Total-Count how many match', async () => {
    const page = await listQuotes(agency, { limit: 2, offset: 1 });
    expect(page.status).toBe(200);
    expect(page.body.map((quote: { id: string }) => quote.id)).toEqual(ids('confirmed', 'dinner'));
    expect(page.headers.get('x-total-count')).toBe('6');

    const last = await listQuotes(agency, { limit: 4, offset: 4 });
    expect([last.body.map((quote: { id: string }) => quote.id), last.headers.get('x-total-count')]).toEqual([ids('boat', 'pompeii'), '6']);

    const past = await listQuotes(agency, { limit: 10, offset: 50 });
    expect([past.status, past.body, past.headers.get('x-total-count')]).toEqual([200, [], '6']);

    const filtered = await listQuotes(agency, { status: 'pending', limit: 1, offset: 1 });
    expect([filtered.body.map((quote: { id: string }) => quote.id), filtered.headers.get('x-total-count')]).toEqual([ids('dinner'), '4']);

    const fromOffset = await listQuotes(agency, { offset: 3 });
    expect(fromOffset.body.map((quote: { id: string }) => quote.id)).toEqual(ids('boatLater', 'boat', 'pompeii'));

    const walked: string[] = [];
    for (let offset = 0; offset < 6; offset += 4) walked.push(...(await listedIds(agency, { limit: 4, offset })));
    expect(walked).toEqual(ids(...ORDER));
  });

  it.each([
    [{ limit: 0 }, 'limit must be a whole number from 1 to 1000'],
    [{ limit: 1001 }, 'limit must be a whole number from 1 to 1000'],
    [{ limit: 'tutti' }, 'limit must be a whole number from 1 to 1000'],
    [{ offset: -1 }, 'offset must be a whole number from 0'],
    [{ status: 'archived' }, 'status must be one of: pending, waiting, confirmed, cancelled, closed'],
    [{ from: '2026-02-30' }, 'from must be a date written YYYY-MM-DD'],
    [{ to: '30/06/2030' }, 'to must be a date written YYYY-MM-DD'],
    [{ customerId: 'miramare' }, 'customerId must be a UUID'],
    [{ search: 'x'.repeat(201) }, 'search must be shorter than or equal to 200 characters'],
    [{ sort: 'amount' }, 'property sort should not exist'],
  ])('refuses the query %j with 400 naming it', async (query, message) => {
    expectInvalid(await listQuotes(agency, query), [message]);
  });
});

describe('the dashboard', () => {
  it('counts products, customers and this month’s quotes, sums the revenue of confirmed and closed ones, and lists the 5 newest', async () => {
    const agency = await createAgency(root);
    const [product] = await Promise.all([pricedProduct(agency), pricedProduct(agency)]);
    const [customer] = await Promise.all([newCustomer(agency), newCustomer(agency), newCustomer(agency)]);
    const empty = await api('GET', `${agency.base}/dashboard`, { token: agency.adminToken });
    expect(empty.body).toEqual({ activeProducts: 2, totalCustomers: 3, quotesThisMonth: 0, revenueMtd: '0.00', revenueMtdNet: '0.00', dueTotal: '0.00', recentQuotes: [] });

    const made: string[] = [];
    const confirmed = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }] }));
    await confirmAllItems(agency, confirmed, 12);
    made.push(confirmed.id);
    const closed = await createQuote(agency, quoteBody(customer.id, { status: 'closed' }));
    await put(agency, `/quotes/${closed.id}`, { totalAmount: '200.50' });
    made.push(closed.id);
    for (const status of ['pending', 'cancelled', 'waiting', 'pending']) {
      made.push((await createQuote(agency, quoteBody(customer.id, { status, items: [{ productId: product.id, quantity: 4 }] }))).id);
    }

    const response = await api('GET', `${agency.base}/dashboard`, { token: agency.adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({ activeProducts: 2, totalCustomers: 3, quotesThisMonth: 6, revenueMtd: '615.50', revenueMtdNet: '615.50' }),
    );
    expect(response.body.recentQuotes.map((quote: { id: string }) => quote.id)).toEqual(made.slice(1).reverse());
    expect(response.body.recentQuotes[0]).toEqual(expect.objectContaining({ customerName: customer.name, status: 'pending', totalAmount: '365.00' }));
  });
});

describe('customer names on quotes', () => {
  it('shows a customer renamed in the catalogue on its quotes within seconds', async () => {
    const agency = await createAgency(root);
    const customer = await newCustomer(agency);
    const quote = await createQuote(agency, quoteBody(customer.id));
    expect(quote.customerName).toBe(customer.name);

    const renamed = `Grand Hotel ${letters()}`;
    const update = await put(agency, `/customers/${customer.id}`, customerBody({ name: renamed }));
    expect(update.status).toBe(200);
    await eventually(async () => {
      const [row] = (await listQuotes(agency)).body as { customerName: string }[];
      expect(row.customerName).toBe(renamed);
    }, 10_000, 200);
    expect((await readQuote(agency, quote.id)).customerName).toBe(renamed);
    expect(await listedIds(agency, { search: renamed.split(' ')[2] })).toEqual([quote.id]);
  });
});
