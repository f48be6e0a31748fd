import { QUOTE_MESSAGES } from '@quotebook/domain';
import { type Agency, created, createAgency, messages, periodBody, romeDate } from './catalogue-fixtures';
import { api, superadminToken } from './http';
import { createQuote, IN_PERIOD, listQuotes, newCustomer, pricedProduct, quoteBody, readQuote } from './quote-fixtures';

/*
 * What a quote charges and who made it, over HTTP: the expiry rule of a new quote, the progressive
 * number per agency and year, the creator, and the same figures in the list, the quote and the dashboard.
 */

let root: string;

beforeAll(async () => {
  root = await superadminToken();
});

/** Two new agencies, the first with a customer: numbers and creators are counted from nothing. */
async function freshAgencies() {
  const [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
  return { agency, other, customer: await newCustomer(agency) };
}

/** The year quotes created now are numbered in (the business time zone's). */
const thisYear = () => romeDate().slice(0, 4);
const sequenceOf = (quote: { number: string }) => Number(quote.number.split('/')[1]);

describe('the expiry date of a new quote', () => {
  let agency: Agency;
  let customer: { id: string };

  beforeAll(async () => {
    agency = await createAgency(root);
    customer = await newCustomer(agency);
  });

  it('may not be before today: 400 naming it, nothing created', async () => {
    const refused = await api('POST', `${agency.base}/quotes`, { token: agency.userToken, body: quoteBody(customer.id, { expiryDate: romeDate(-1) }) });
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toContain(QUOTE_MESSAGES.expiryDateBeforeToday);
    expect((await listQuotes(agency)).body).toEqual([]);
  });

  it('may be today, and an existing quote keeps being editable with an earlier one', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id, { expiryDate: romeDate() }));
    expect(quote.expiryDate).toBe(romeDate());
    const edited = await api('PUT', `${agency.base}/quotes/${quote.id}`, { token: agency.adminToken, body: { expiryDate: '2024-01-01' } });
    expect(edited.status).toBe(200);
    expect(edited.body.expiryDate).toBe('2024-01-01');
  });
});

describe('the progressive number per agency and year', () => {
  let agency: Agency;
  let other: Agency;
  let customer: { id: string };

  beforeAll(async () => ({ agency, other, customer } = await freshAgencies()));

  it('starts at 0001, is never shared by concurrent creations, leaves a gap only where a quote was deleted', async () => {
    const first = await createQuote(agency, quoteBody(customer.id));
    expect(first.number).toBe(`${thisYear()}/0001`);

    const concurrent = await Promise.all(Array.from({ length: 20 }, () => createQuote(agency, quoteBody(customer.id), agency.userToken)));
    expect(concurrent.map(sequenceOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 2));

    // a refused creation takes no number
    const refused = await api('POST', `${agency.base}/quotes`, { token: agency.adminToken, body: quoteBody(customer.id, { expiryDate: romeDate(-3) }) });
    expect(refused.status).toBe(400);
    const next = await createQuote(agency, quoteBody(customer.id));
    expect(next.number).toBe(`${thisYear()}/0022`);

    // a deleted quote's number is not given again
    expect((await api('DELETE', `${agency.base}/quotes/${next.id}`, { token: agency.adminToken })).status).toBe(204);
    expect((await createQuote(agency, quoteBody(customer.id))).number).toBe(`${thisYear()}/0023`);
    // the short id stays beside it
    expect(first.shortId).toBe(first.id.slice(-6).toUpperCase());
  });

  it("counts each agency's quotes on their own", async () => {
    const quote = await createQuote(other, quoteBody((await newCustomer(other)).id));
    expect(quote.number).toBe(`${thisYear()}/0001`);
  });
});

describe('who created a quote', () => {
  let agency: Agency;
  let other: Agency;
  let customer: { id: string };

  beforeAll(async () => ({ agency, other, customer } = await freshAgencies()));

  const me = async (token: string) => (await api('GET', '/api/auth/me', { token })).body as { id: string; name: string };

  it('is recorded with the name of the user, filtered by, and listed among the agency’s creators only', async () => {
    const [admin, user] = await Promise.all([me(agency.adminToken), me(agency.userToken)]);
    const byAdmin = await createQuote(agency, quoteBody(customer.id));
    const byUser = await createQuote(agency, quoteBody(customer.id), agency.userToken);
    expect(byAdmin).toMatchObject({ createdById: admin.id, createdByName: admin.name });
    expect(byUser).toMatchObject({ createdById: user.id, createdByName: 'Luca Verdi' });
    expect(await readQuote(agency, byUser.id)).toMatchObject({ createdById: user.id, createdByName: 'Luca Verdi' });

    const mine = await listQuotes(agency, { createdBy: user.id });
    expect(mine.status).toBe(200);
    expect(mine.body.map((quote: { id: string }) => quote.id)).toEqual([byUser.id]);
    expect((await listQuotes(agency, { createdBy: 'someone' })).status).toBe(400);

    await createQuote(other, quoteBody((await newCustomer(other)).id));
    const creators = await api('GET', `${agency.base}/quotes/creators`, { token: agency.userToken });
    expect(creators.status).toBe(200);
    expect(creators.body).toEqual(
      [
        { id: admin.id, name: admin.name },
        { id: user.id, name: 'Luca Verdi' },
      ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
    );
    expect((await api('GET', `${agency.base}/quotes/creators`, { token: other.adminToken })).status).toBe(403);
  });
});

describe('one meaning of money: the same figures in the list, the quote and the dashboard', () => {
  let agency: Agency;

  beforeAll(async () => {
    agency = await createAgency(root);
  });

  it('for quotes mixing VAT-inclusive and exclusive periods, a price list, a manual line price and a manual total', async () => {
    const post = (path: string, body: object) => created(agency.adminToken, `${agency.base}${path}`, body);
    const [ordinary, reduced] = await Promise.all([post('/vat-rates', { description: 'IVA 22', rate: 22 }), post('/vat-rates', { description: 'IVA 10', rate: 10 })]);
    // 80.00 + 22 % VAT = 97.60; 110.00 with 10 % VAT included = 100.00 net
    const flat = (amount: number, priceIncludesVat: boolean) =>
      periodBody('2030-01-01', '2030-12-31', { hasCostPerPerson: false, costPerPerson: null, hasFlatRate: true, flatRate: amount, priceIncludesVat });
    const [visit, lunch] = await Promise.all([
      pricedProduct(agency, { vatRateId: ordinary.id }, flat(80, false)),
      pricedProduct(agency, { vatRateId: reduced.id }, flat(110, true)),
    ]);
    const priceList = await post('/price-lists', { name: 'Scuole', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: 10 });
    const [plain, school] = await Promise.all([newCustomer(agency), newCustomer(agency, { priceListId: priceList.id })]);
    const put = async (path: string, body: object) => {
      const response = await api('PUT', `${agency.base}${path}`, { token: agency.adminToken, body });
      expect(response.status).toBe(200);
      return response.body;
    };

    // pending, both lines: 97.60 + 110.00
    const mixed = await createQuote(agency, quoteBody(plain.id, { serviceDate: IN_PERIOD, items: [{ productId: visit.id }, { productId: lunch.id }] }));
    expect(mixed).toMatchObject({ totalAmount: '207.60', netAmount: '180.00', vatAmount: '27.60', totalSetByHand: false });

    // the price list takes 10 % off the visit (72.00 + 22 % = 87.84), the lunch is priced by hand at 50.00 VAT included; both confirmed
    const listed = await createQuote(agency, quoteBody(school.id, { items: [{ productId: visit.id, orderConfirmed: true }, { productId: lunch.id, totalPrice: 50, orderConfirmed: true }] }));
    expect(listed.items[0]).toMatchObject({ totalPrice: '72.00', listPrice: '80.00', priceListApplied: true, grossPrice: '87.84', confirmedParticipants: 1 });
    expect(listed.items[1]).toMatchObject({ totalPrice: '50.00', priceSource: 'manual', netPrice: '45.45', vatAmount: '4.55', grossPrice: '50.00' });
    expect(listed).toMatchObject({ status: 'confirmed', totalAmount: '137.84', netAmount: '117.45', vatAmount: '20.39', confirmedTotal: '137.84' });

    // a total set by hand at 100.00 (the visit alone adds up to 97.60), then closed
    const byHand = await createQuote(agency, quoteBody(plain.id, { items: [{ productId: visit.id }] }));
    await put(`/quotes/${byHand.id}`, { totalAmount: '100.00' });
    const closed = await put(`/quotes/${byHand.id}`, { status: 'closed', totalAmount: '100.00' });
    expect(closed).toMatchObject({ totalAmount: '100.00', netAmount: '81.97', vatAmount: '18.03', totalSetByHand: true });

    const quotes = [mixed, listed, byHand];
    const details = await Promise.all(quotes.map((quote) => readQuote(agency, quote.id)));
    const list = (await listQuotes(agency)).body as { id: string; totalAmount: string; netAmount: string }[];
    for (const detail of details) {
      expect(list.find((row) => row.id === detail.id)).toMatchObject({ totalAmount: detail.totalAmount, netAmount: detail.netAmount, vatAmount: detail.vatAmount });
    }
    // searching by the amount finds the quote by the total it shows
    expect((await listQuotes(agency, { search: '137,84' })).body.map((quote: { id: string }) => quote.id)).toEqual([listed.id]);

    const dashboard = await api('GET', `${agency.base}/dashboard`, { token: agency.adminToken });
    expect(dashboard.status).toBe(200);
    // the confirmed and the closed quote: 137.84 + 100.00 gross, 117.45 + 81.97 net
    expect(dashboard.body).toMatchObject({ quotesThisMonth: 3, revenueMtd: '237.84', revenueMtdNet: '199.42' });
  });
});
