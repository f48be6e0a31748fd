import { created, type Agency, createAgency, messages, periodBody } from './catalogue-fixtures';
import { api, expectInvalid, superadminToken } from './http';
import {
  CONSUMPTION,
  createQuote,
  IN_PERIOD,
  newCustomer,
  OUT_OF_PERIOD,
  pricedProduct,
  quoteBody,
  quoteWithItemAndConsumption,
  readQuote,
  storedRowsOf,
} from './quote-fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let root: string;
let agency: Agency;
let other: Agency;
/** the spec's pricing example product, and a second product priced the same */
let product: { id: string; code: string };
let second: { id: string; code: string };
let customer: { id: string; name: string };

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
  [product, second, customer] = await Promise.all([pricedProduct(agency), pricedProduct(agency), newCustomer(agency)]);
});

const path = (quoteId: string, rest = '') => `${agency.base}/quotes/${quoteId}${rest}`;
const put = (target: string, body: unknown, token = agency.adminToken) => api('PUT', target, { token, body });
const post = (target: string, body: unknown, token = agency.adminToken) => api('POST', target, { token, body });

describe('quote pricing (the server prices every item)', () => {
  it('prices the spec’s example: 4 people → 365.00, confirmed with 12 → 415.00, out of the period → 0.00, a manual 300 → 300.00', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }] }));
    expect(quote).toEqual(
      expect.objectContaining({ status: 'pending', customerId: customer.id, customerName: customer.name, totalAmount: '365.00', itemCount: 1 }),
    );
    const [item] = quote.items;
    expect(item).toEqual(
      expect.objectContaining({
        productId: product.id,
        productCode: product.code,
        quantity: 4,
        totalPrice: '365.00',
        computedPrice: '365.00',
        priceSource: 'auto',
        orderConfirmed: false,
      }),
    );

    const confirmed = await put(path(quote.id, `/items/${item.id}`), { orderConfirmed: true, confirmedParticipants: 12 });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual(expect.objectContaining({ totalPrice: '415.00', computedPrice: '415.00', priceSource: 'auto', orderConfirmed: true }));
    expect(await readQuote(agency, quote.id)).toEqual(
      expect.objectContaining({ status: 'confirmed', totalAmount: '415.00', confirmedTotal: '415.00', confirmation: 'all', confirmedItemCount: 1 }),
    );

    const moved = await put(path(quote.id), { serviceDate: OUT_OF_PERIOD });
    expect(moved.status).toBe(200);
    expect(moved.body.items[0]).toEqual(expect.objectContaining({ totalPrice: '0.00', computedPrice: '0.00', priceSource: 'auto' }));

    const back = await put(path(quote.id), { serviceDate: IN_PERIOD });
    expect(back.body.items[0]).toEqual(expect.objectContaining({ totalPrice: '415.00', priceSource: 'auto' }));

    const manual = await put(path(quote.id, `/items/${item.id}`), { totalPrice: 300 });
    expect(manual.status).toBe(200);
    expect(manual.body).toEqual(expect.objectContaining({ totalPrice: '300.00', computedPrice: '415.00', priceSource: 'manual' }));
    expect((await readQuote(agency, quote.id)).items[0]).toEqual(expect.objectContaining({ totalPrice: '300.00', priceSource: 'manual' }));

    // a manual price stays when the date changes; only its computed price follows
    const movedAgain = await put(path(quote.id), { serviceDate: OUT_OF_PERIOD });
    expect(movedAgain.body.items[0]).toEqual(expect.objectContaining({ totalPrice: '300.00', computedPrice: '0.00', priceSource: 'manual' }));

    const automatic = await put(path(quote.id, `/items/${item.id}`), { totalPrice: null });
    expect(automatic.body).toEqual(expect.objectContaining({ totalPrice: '0.00', priceSource: 'auto' }));
  });

  it('prices nothing for a service date outside every period', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id, { serviceDate: OUT_OF_PERIOD, items: [{ productId: product.id, quantity: 4 }] }));
    expect(quote.items[0]).toEqual(expect.objectContaining({ totalPrice: '0.00', computedPrice: '0.00', priceSource: 'auto' }));
    expect(quote.totalAmount).toBe('0.00');
  });

  it('takes a saved price within a cent of the computed one as automatic, and one further away as manual', async () => {
    const quote = await createQuote(
      agency,
      quoteBody(customer.id, {
        items: [
          { productId: product.id, quantity: 4, totalPrice: '365.01' },
          { productId: second.id, quantity: 4, totalPrice: '300' },
        ],
      }),
    );
    const byProduct = new Map(quote.items.map((item: { productId: string }) => [item.productId, item]));
    expect(byProduct.get(product.id)).toEqual(expect.objectContaining({ priceSource: 'auto', computedPrice: '365.00' }));
    expect(byProduct.get(second.id)).toEqual(expect.objectContaining({ totalPrice: '300.00', priceSource: 'manual' }));
  });

  it("reduces the automatic prices by the customer's price list (percentage first, then the amount), never the manual ones", async () => {
    const list = await created(agency.adminToken, `${agency.base}/price-lists`, {
      name: 'Listino agenzie',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      reductionPercentage: 10,
      reductionAmount: 5,
    });
    const listed = await newCustomer(agency, { priceListId: list.id });
    const quote = await createQuote(
      agency,
      quoteBody(listed.id, { items: [{ productId: product.id, quantity: 4 }, { productId: second.id, quantity: 4, totalPrice: 200 }] }),
    );
    const byProduct = new Map(quote.items.map((item: { productId: string }) => [item.productId, item]));
    // 365.00 − 10% = 328.50, − 5.00 = 323.50
    expect(byProduct.get(product.id)).toEqual(expect.objectContaining({ totalPrice: '323.50', priceListApplied: true, priceSource: 'auto' }));
    expect(byProduct.get(second.id)).toEqual(expect.objectContaining({ totalPrice: '200.00', priceSource: 'manual' }));
    expect(quote).toEqual(expect.objectContaining({ priceListId: list.id, totalAmount: '523.50' }));
  });
});

describe('items and the quote status', () => {
  it('confirming one item of a pending quote confirms the quote and sets the booking time; removing the last confirmation returns it to pending', async () => {
    const quote = await createQuote(
      agency,
      quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }, { productId: second.id, quantity: 20 }] }),
    );
    // 365.00 + (20 × 25.00 + 115.00)
    expect(quote).toEqual(expect.objectContaining({ status: 'pending', bookingDateTime: null, confirmation: 'none', totalAmount: '980.00' }));
    const [first] = quote.items;

    const confirm = await put(path(quote.id, `/items/${first.id}`), { orderConfirmed: true, confirmedParticipants: 12 });
    expect(confirm.status).toBe(200);
    expect(confirm.body.orderConfirmed).toBe(true);
    const confirmed = await readQuote(agency, quote.id);
    expect(confirmed).toEqual(
      expect.objectContaining({
        status: 'confirmed',
        // noon without a start time
        bookingDateTime: `${IN_PERIOD}T12:00:00`,
        confirmation: 'some',
        itemCount: 2,
        confirmedItemCount: 1,
        confirmedTotal: '415.00',
        // a confirmed quote is worth its confirmed items
        totalAmount: '415.00',
      }),
    );
    expect(confirmed.version).toBeGreaterThan(quote.version);

    const unconfirm = await put(path(quote.id, `/items/${first.id}`), { orderConfirmed: false });
    expect(unconfirm.status).toBe(200);
    expect(await readQuote(agency, quote.id)).toEqual(
      expect.objectContaining({ status: 'pending', confirmation: 'none', confirmedTotal: '0.00', totalAmount: '980.00', bookingDateTime: `${IN_PERIOD}T12:00:00` }),
    );
  });

  it('books at the service start time, to the minute, and leaves a status other than pending or confirmed alone', async () => {
    const quote = await createQuote(
      agency,
      quoteBody(customer.id, { serviceStartTime: `${IN_PERIOD}T09:30:45`, status: 'waiting', items: [{ productId: product.id, quantity: 2 }] }),
    );
    const replaced = await put(path(quote.id, '/items'), { items: [{ productId: product.id, quantity: 2, orderConfirmed: true, confirmedParticipants: 3 }] });
    expect(replaced.status).toBe(200);
    expect(await readQuote(agency, quote.id)).toEqual(
      expect.objectContaining({ status: 'waiting', bookingDateTime: `${IN_PERIOD}T09:30:00`, confirmation: 'all' }),
    );
  });

  it('adds (201), replaces, updates and removes (204) items; one item per product', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id));
    expect(quote).toEqual(expect.objectContaining({ items: [], itemCount: 0, totalAmount: '0.00' }));

    const added = await post(path(quote.id, '/items'), { productId: product.id, quantity: 4, quoteId: quote.id });
    expect(added.status).toBe(201);
    expect(added.body).toEqual(expect.objectContaining({ quoteId: quote.id, productId: product.id, totalPrice: '365.00' }));
    // the description defaults to the product's Italian title
    expect(added.body.description).toMatch(/^Tour del Colosseo/);

    const twice = await post(path(quote.id, '/items'), { productId: product.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual(expect.objectContaining({ reason: 'QUOTE_ITEM_DUPLICATE', message: 'This product is already in the quote' }));

    const replaced = await put(path(quote.id, '/items'), {
      items: [
        { productId: product.id, quantity: 5, description: 'Tour privato' },
        { productId: second.id, quantity: 1 },
      ],
    });
    expect(replaced.status).toBe(200);
    const kept = replaced.body.find((item: { productId: string }) => item.productId === product.id);
    expect(kept).toEqual(expect.objectContaining({ id: added.body.id, quantity: 5, description: 'Tour privato', totalPrice: '365.00' }));
    expect(replaced.body).toHaveLength(2);

    const listed = await api('GET', path(quote.id, '/items'), { token: agency.userToken });
    expect(listed.status).toBe(200);
    expect(listed.body.map((item: { id: string }) => item.id).sort()).toEqual(replaced.body.map((item: { id: string }) => item.id).sort());

    const removed = await api('DELETE', path(quote.id, `/items/${kept.id}`), { token: agency.adminToken });
    expect(removed.status).toBe(204);
    expect(await readQuote(agency, quote.id)).toEqual(expect.objectContaining({ itemCount: 1, totalAmount: '365.00' }));

    const emptied = await put(path(quote.id, '/items'), { items: [] });
    expect([emptied.status, emptied.body]).toEqual([200, []]);
    expect(await readQuote(agency, quote.id)).toEqual(expect.objectContaining({ itemCount: 0, totalAmount: '0.00' }));
  });

  it('records consumptions: the server works out the total, the time defaults to now; removes them (204)', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id));
    const added = await post(path(quote.id, '/consumptions'), { ...CONSUMPTION, totalValue: '999.99' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual(
      expect.objectContaining({ quoteId: quote.id, description: "Bottiglie d'acqua", quantity: 3, unitValue: '2.50', totalValue: '7.50' }),
    );
    expect(added.body.consumedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const dated = await post(path(quote.id, '/consumptions'), { description: '  Pranzo  ', quantity: 2, unitValue: 12, consumedAt: '2030-07-15T13:00:00' });
    expect(dated.body).toEqual(expect.objectContaining({ description: 'Pranzo', totalValue: '24.00', consumedAt: '2030-07-15T13:00:00' }));

    const listed = await api('GET', path(quote.id, '/consumptions'), { token: agency.userToken });
    expect(listed.body.map((consumption: { id: string }) => consumption.id).sort()).toEqual([added.body.id, dated.body.id].sort());
    expect((await api('DELETE', path(quote.id, `/consumptions/${added.body.id}`), { token: agency.userToken })).status).toBe(204);
    expect((await readQuote(agency, quote.id)).consumptions).toEqual([expect.objectContaining({ id: dated.body.id })]);
  });

  it('keeps date-times as the business time zone’s wall clock, converting those with an offset', async () => {
    const quote = await createQuote(
      agency,
      quoteBody(customer.id, { serviceStartTime: '2030-07-15T07:30:00Z', estimatedEndTime: '2030-07-15T18:00:00' }),
    );
    expect(quote).toEqual(expect.objectContaining({ serviceStartTime: '2030-07-15T09:30:00', estimatedEndTime: '2030-07-15T18:00:00' }));
  });

  it('updates a quote partially: what is left out stays, null clears what may be empty', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id, { serviceNotes: 'Portare i biglietti', serviceStartTime: `${IN_PERIOD}T10:00:00` }));
    const updated = await put(path(quote.id), { subject: 'Gita cambiata', serviceStartTime: null, actualParticipants: 7, totalAmount: '250.5' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(
      expect.objectContaining({
        subject: 'Gita cambiata',
        serviceNotes: 'Portare i biglietti',
        serviceStartTime: null,
        actualParticipants: 7,
        totalAmount: '250.50',
        serviceDate: IN_PERIOD,
        customerId: customer.id,
      }),
    );
  });
});

describe('bad input: 400 naming the field, and nothing changes', () => {
  let quote: { id: string; items: { id: string }[] };
  let before: unknown;

  beforeAll(async () => {
    quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }] }));
    await created(agency.adminToken, path(quote.id, '/consumptions'), CONSUMPTION);
    before = await readQuote(agency, quote.id);
  });

  afterEach(async () => {
    expect(await readQuote(agency, quote.id)).toEqual(before);
  });

  const quantity = 'quantity must be a whole number from 1 to 999';

  it.each([0, 1000, 2.5, '4'])('refuses the quantity %j on an item', async (value) => {
    expectInvalid(await post(path(quote.id, '/items'), { productId: second.id, quantity: value }), [quantity]);
    expectInvalid(await put(path(quote.id, `/items/${quote.items[0].id}`), { quantity: value }), [quantity]);
    const nested = await put(path(quote.id, '/items'), { items: [{ productId: product.id, quantity: value }] });
    expect(nested.status).toBe(400);
    expect(messages(nested.body)).toContain(`items.0.${quantity}`);
  });

  it('refuses negative participants', async () => {
    expectInvalid(await put(path(quote.id, `/items/${quote.items[0].id}`), { confirmedParticipants: -1 }), [
      'confirmedParticipants must be a whole number of at least 0',
    ]);
    expectInvalid(await put(path(quote.id), { actualParticipants: -3 }), ['actualParticipants must be a whole number of at least 0']);
  });

  it('refuses a blank consumption, a quantity of 0 and a unit value of 0', async () => {
    expectInvalid(await post(path(quote.id, '/consumptions'), { ...CONSUMPTION, description: '   ' }), ['Description is required']);
    const zero = await post(path(quote.id, '/consumptions'), { ...CONSUMPTION, quantity: 0, unitValue: 0 });
    expectInvalid(zero, ['Quantity must be a whole number greater than 0', 'Unit value must be greater than 0 with at most 2 decimals']);
  });

  it('refuses an unknown status, an impossible date and a date-time that is no date-time', async () => {
    expectInvalid(await put(path(quote.id), { status: 'archived' }), ['status must be one of: pending, waiting, confirmed, cancelled, closed']);
    expectInvalid(await put(path(quote.id), { serviceDate: '2026-02-30' }), ['Service date is required']);
    expectInvalid(await put(path(quote.id), { expiryDate: '2026-02-30' }), ['expiryDate must be a date written YYYY-MM-DD']);
    for (const value of ['domani alle 9', '2030-07-15T25:00:00', '2030-02-30T10:00:00']) {
      expectInvalid(await put(path(quote.id), { serviceStartTime: value }), ['serviceStartTime must be a date-time written YYYY-MM-DDTHH:mm:ss']);
    }
    expectInvalid(await post(path(quote.id, '/consumptions'), { ...CONSUMPTION, consumedAt: 'ieri' }), [
      'consumedAt must be a date-time written YYYY-MM-DDTHH:mm:ss',
    ]);
  });

  it('refuses null for what cannot be empty', async () => {
    for (const field of ['serviceDate', 'customerId', 'status', 'expiryDate', 'actualParticipants', 'totalAmount']) {
      const response = await put(path(quote.id), { [field]: null });
      expect([field, response.status]).toEqual([field, 400]);
    }
    for (const field of ['quantity', 'orderConfirmed', 'confirmedParticipants']) {
      const response = await put(path(quote.id, `/items/${quote.items[0].id}`), { [field]: null });
      expect([field, response.status]).toEqual([field, 400]);
    }
  });

  it("refuses another agency's customer and product, and unknown ones", async () => {
    const [foreignCustomer, foreignProduct] = await Promise.all([newCustomer(other), pricedProduct(other)]);
    for (const customerId of [foreignCustomer.id, UNKNOWN_ID]) {
      expectInvalid(await put(path(quote.id), { customerId }), ['customerId must be a customer of this tenant']);
    }
    for (const productId of [foreignProduct.id, UNKNOWN_ID]) {
      expectInvalid(await post(path(quote.id, '/items'), { productId }), ['productId must be a product of this tenant']);
      expectInvalid(await put(path(quote.id, '/items'), { items: [{ productId: product.id }, { productId }] }), [
        'items[1].productId must be a product of this tenant',
      ]);
    }
    const create = await post(`${agency.base}/quotes`, quoteBody(foreignCustomer.id, { items: [{ productId: foreignProduct.id }] }));
    expect(create.status).toBe(400);
    expect(messages(create.body)).toMatch(/customerId must be a customer of this tenant|items\[0\]\.productId must be a product of this tenant/);
  });

  it('refuses a quote without a customer or a service date, and unknown properties', async () => {
    const response = await post(`${agency.base}/quotes`, { subject: 'Senza cliente' });
    expectInvalid(response, ['Customer is required', 'Service date is required']);
    expectInvalid(await put(path(quote.id), { tenantId: agency.tenantId }), ['property tenantId should not exist']);
  });
});

describe('quote isolation and roles', () => {
  it("answers 403 on another agency's path and 404 for another agency's quote, item and consumption ids", async () => {
    const mine = await quoteWithItemAndConsumption(agency, { customerId: customer.id, productId: product.id });
    const [theirCustomer, theirProduct] = await Promise.all([newCustomer(other), pricedProduct(other)]);
    const theirs = await quoteWithItemAndConsumption(other, { customerId: theirCustomer.id, productId: theirProduct.id });

    const foreignPath = await Promise.all([
      api('GET', `${other.base}/quotes`, { token: agency.adminToken }),
      api('GET', `${other.base}/quotes/${theirs.quoteId}`, { token: agency.userToken }),
      api('POST', `${other.base}/quotes`, { token: agency.adminToken, body: quoteBody(theirCustomer.id) }),
      api('DELETE', `${other.base}/quotes/${theirs.quoteId}`, { token: agency.adminToken }),
      api('GET', `${other.base}/dashboard`, { token: agency.adminToken }),
    ]);
    expect(foreignPath.map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);

    const token = agency.adminToken;
    const foreignIds = await Promise.all([
      api('GET', path(theirs.quoteId), { token }),
      api('PUT', path(theirs.quoteId), { token, body: { subject: 'Preso' } }),
      api('DELETE', path(theirs.quoteId), { token }),
      api('GET', path(theirs.quoteId, '/items'), { token }),
      api('POST', path(theirs.quoteId, '/items'), { token, body: { productId: product.id } }),
      api('PUT', path(theirs.quoteId, '/items'), { token, body: { items: [] } }),
      api('PUT', path(theirs.quoteId, `/items/${theirs.itemId}`), { token, body: { quantity: 2 } }),
      api('DELETE', path(theirs.quoteId, `/items/${theirs.itemId}`), { token }),
      api('GET', path(theirs.quoteId, '/consumptions'), { token }),
      api('POST', path(theirs.quoteId, '/consumptions'), { token, body: CONSUMPTION }),
      api('DELETE', path(theirs.quoteId, `/consumptions/${theirs.consumptionId}`), { token }),
      // their item and consumption under my quote
      api('PUT', path(mine.quoteId, `/items/${theirs.itemId}`), { token, body: { quantity: 2 } }),
      api('DELETE', path(mine.quoteId, `/items/${theirs.itemId}`), { token }),
      api('DELETE', path(mine.quoteId, `/consumptions/${theirs.consumptionId}`), { token }),
      api('GET', path(UNKNOWN_ID), { token }),
    ]);
    expect(foreignIds.map((response) => response.status)).toEqual(foreignIds.map(() => 404));
    expect(foreignIds[0].body.message).toBe('Quote not found');

    const untouched = await readQuote(other, theirs.quoteId);
    expect(untouched).toEqual(expect.objectContaining({ subject: 'Gita in Costiera', itemCount: 1 }));
    expect(untouched.items[0].quantity).toBe(2);
    expect(untouched.consumptions).toHaveLength(1);
    expect((await api('GET', `${agency.base}/quotes/not-a-uuid`, { token })).status).toBe(400);
    expect((await api('GET', `${agency.base}/quotes`)).status).toBe(401);
  });

  it('lets a tenant user create, edit and delete quotes, but not read the dashboard (403)', async () => {
    const token = agency.userToken;
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }] }), token);
    expect(quote.totalAmount).toBe('365.00');
    expect((await put(path(quote.id), { subject: 'Dal collaboratore' }, token)).status).toBe(200);
    expect((await post(path(quote.id, '/items'), { productId: second.id }, token)).status).toBe(201);
    expect((await put(path(quote.id, `/items/${quote.items[0].id}`), { quantity: 5 }, token)).status).toBe(200);
    expect((await post(path(quote.id, '/consumptions'), CONSUMPTION, token)).status).toBe(201);
    expect((await api('DELETE', path(quote.id), { token })).status).toBe(204);
    expect((await api('GET', path(quote.id), { token })).status).toBe(404);

    expect((await api('GET', `${agency.base}/dashboard`, { token })).status).toBe(403);
    expect((await api('GET', `${agency.base}/dashboard`, { token: agency.adminToken })).status).toBe(200);
    expect((await api('GET', `${agency.base}/dashboard`, { token: root })).status).toBe(200);
  });
});

describe('concurrent editors', () => {
  it('answers 409 QUOTE_CHANGED to a stale version and changes nothing; without a version it saves', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 4 }] }));
    const first = await put(path(quote.id), { subject: 'Prima modifica', version: quote.version });
    expect(first.status).toBe(200);
    expect(first.body.version).toBeGreaterThan(quote.version);

    const changed = {
      statusCode: 409,
      reason: 'QUOTE_CHANGED',
      error: 'Conflict',
      message: 'This quote was changed by someone else. Reload it to see the changes, then try again.',
    };
    const stale = await put(path(quote.id), { subject: 'Modifica in ritardo', version: quote.version });
    expect(stale.body).toEqual(changed);
    const staleItems = await put(path(quote.id, '/items'), { items: [], version: quote.version });
    expect(staleItems.body).toEqual(changed);
    const afterStale = await readQuote(agency, quote.id);
    expect(afterStale).toEqual(expect.objectContaining({ subject: 'Prima modifica', version: first.body.version, itemCount: 1 }));

    const current = await put(path(quote.id, '/items'), { items: [], version: afterStale.version });
    expect(current.status).toBe(200);
    const unchecked = await put(path(quote.id), { subject: 'Senza versione' });
    expect(unchecked.status).toBe(200);
    expect((await readQuote(agency, quote.id)).subject).toBe('Senza versione');
  });

  it('raises the version on every change of the quote and its items; a consumption changes only its total', async () => {
    const quote = await createQuote(agency, quoteBody(customer.id));
    const versions = [quote.version];
    const record = async () => versions.push((await readQuote(agency, quote.id)).version);
    await post(path(quote.id, '/items'), { productId: product.id });
    await record();
    await put(path(quote.id), { subject: 'Ancora' });
    await record();
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);

    // the advanced editor records consumptions at once, then saves the quote with the version it loaded
    const loaded = await readQuote(agency, quote.id);
    const consumption = await post(path(quote.id, '/consumptions'), CONSUMPTION);
    expect(await readQuote(agency, quote.id)).toEqual(expect.objectContaining({ version: loaded.version, totalAmount: '372.50' }));
    await api('DELETE', path(quote.id, `/consumptions/${consumption.body.id}`), { token: agency.adminToken });
    expect(await readQuote(agency, quote.id)).toEqual(expect.objectContaining({ version: loaded.version, totalAmount: '365.00' }));
    const saved = await put(path(quote.id), { subject: 'Salvato', version: loaded.version, totalAmount: '365.00' });
    expect(saved.status).toBe(200);
  });
});

describe('deleting what quotes use, and quotes', () => {
  it('refuses (409) to delete a customer or a product quotes use, naming how many, and deletes nothing', async () => {
    const [usedCustomer, usedProduct] = await Promise.all([newCustomer(agency), pricedProduct(agency)]);
    await createQuote(agency, quoteBody(usedCustomer.id, { items: [{ productId: usedProduct.id }] }));
    await createQuote(agency, quoteBody(customer.id, { items: [{ productId: usedProduct.id }] }));

    const customerDelete = await api('DELETE', `${agency.base}/customers/${usedCustomer.id}`, { token: agency.adminToken });
    expect(customerDelete.body).toEqual(expect.objectContaining({ statusCode: 409, reason: 'CUSTOMER_IN_USE', message: 'Customer is used by 1 quote(s)' }));
    const productDelete = await api('DELETE', `${agency.base}/products/${usedProduct.id}`, { token: agency.adminToken });
    expect(productDelete.body).toEqual(expect.objectContaining({ statusCode: 409, reason: 'PRODUCT_IN_USE', message: 'Product is used by 2 quote(s)' }));

    const [customers, products] = await Promise.all([
      api('GET', `${agency.base}/customers`, { token: agency.adminToken }),
      api('GET', `${agency.base}/products`, { token: agency.adminToken }),
    ]);
    expect(customers.body.map((candidate: { id: string }) => candidate.id)).toContain(usedCustomer.id);
    expect(products.body.find((candidate: { id: string }) => candidate.id === usedProduct.id)?.availability).toHaveLength(1);

    const [unusedCustomer, unusedProduct] = await Promise.all([newCustomer(agency), pricedProduct(agency)]);
    expect((await api('DELETE', `${agency.base}/customers/${unusedCustomer.id}`, { token: agency.adminToken })).status).toBe(204);
    expect((await api('DELETE', `${agency.base}/products/${unusedProduct.id}`, { token: agency.adminToken })).status).toBe(204);
  });

  it('deletes a quote (204) with its items and consumptions', async () => {
    const { quoteId } = await quoteWithItemAndConsumption(agency, { customerId: customer.id, productId: product.id });
    expect(await storedRowsOf(quoteId)).toEqual({ quotes: 1, items: 1, consumptions: 1 });
    expect((await api('DELETE', path(quoteId), { token: agency.adminToken })).status).toBe(204);
    expect(await storedRowsOf(quoteId)).toEqual({ quotes: 0, items: 0, consumptions: 0 });
    expect((await api('GET', path(quoteId, '/items'), { token: agency.adminToken })).status).toBe(404);
    expect((await api('DELETE', path(quoteId), { token: agency.adminToken })).status).toBe(404);
  });

  it('lets the product of a deleted quote go', async () => {
    const freed = await pricedProduct(agency, {}, periodBody('2030-01-01', '2030-12-31'));
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: freed.id }] }));
    expect((await api('DELETE', `${agency.base}/products/${freed.id}`, { token: agency.adminToken })).status).toBe(409);
    expect((await api('DELETE', path(quote.id), { token: agency.adminToken })).status).toBe(204);
    expect((await api('DELETE', `${agency.base}/products/${freed.id}`, { token: agency.adminToken })).status).toBe(204);
  });
});
