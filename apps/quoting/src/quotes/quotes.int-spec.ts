import {
  addDays,
  CATALOGUE_QUOTE_PRICING,
  type CreateQuoteDto,
  QUOTE_MESSAGES,
  QUOTES_CREATE,
  QUOTES_DELETE,
  QUOTES_GET,
  QUOTES_UPDATE,
  QUOTING_HEALTH,
  todayIn,
  type UpdateQuoteDto,
} from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import {
  adminOf, IN_SEASON, insertCustomer, insertPeriod, insertPriceList, insertProduct, insertVatRate, OFF_SEASON,
  registerTenantState, rpcError, seasonalProduct, superadmin, useQuotingTest, userOf, watchRequests,
} from '../test/quoting-harness';

describe('quoting quotes (integration)', () => {
  const { harness, sut, tenantA, tenantB } = useQuotingTest();
  /** Quotes are every agency user's work: a tenant user does everything here. */
  const user = userOf(tenantA);
  let product: { id: string; code: string };
  let customerId: string;

  beforeAll(async () => {
    product = await seasonalProduct(harness.databaseUrl, tenantA);
    customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante' });
  });

  const create = (data: Partial<CreateQuoteDto> & Record<string, unknown> = {}, principal = user, tenantId = tenantA) =>
    sut.send(QUOTES_CREATE, { principal, tenantId, data: { customerId, serviceDate: IN_SEASON, ...data } as CreateQuoteDto });
  const update = (id: string, data: Partial<UpdateQuoteDto> & Record<string, unknown>, principal = user) =>
    sut.send(QUOTES_UPDATE, { principal, tenantId: tenantA, id, data: data as UpdateQuoteDto });
  const get = (id: string, principal = user, tenantId = tenantA) => sut.send(QUOTES_GET, { principal, tenantId, id });
  const countQuotes = async () => (await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.quotes'))[0].count;

  it('answers its health pattern with its database up', async () => {
    await expect(sut.send(QUOTING_HEALTH, {})).resolves.toEqual({ service: 'quoting', status: 'up', database: 'up' });
  });

  describe('prices (a product in season at € 25 a person for at least 10, € 100 flat, € 15 additional)', () => {
    it('4 people: 365.00, automatic', async () => {
      const quote = await create({ items: [{ productId: product.id, quantity: 4 }] });
      expect(quote.items).toEqual([
        expect.objectContaining({ productId: product.id, productCode: product.code, quantity: 4, unitPrice: '25.00', totalPrice: '365.00', computedPrice: '365.00', priceSource: 'auto' }),
      ]);
      expect(quote).toMatchObject({ totalAmount: '365.00', status: 'pending', confirmedTotal: '0.00', confirmation: 'none', itemCount: 1, confirmedItemCount: 0 });
    });

    it('confirmed for 12 participants: 415.00', async () => {
      const quote = await create({ items: [{ productId: product.id, quantity: 4, orderConfirmed: true, confirmedParticipants: 12 }] });
      expect(quote.items[0]).toMatchObject({ totalPrice: '415.00', computedPrice: '415.00', priceSource: 'auto', orderConfirmed: true, confirmedParticipants: 12 });
      expect(quote).toMatchObject({ totalAmount: '415.00', confirmedTotal: '415.00', confirmation: 'all', confirmedItemCount: 1 });
    });

    it('a service date outside the period: 0.00', async () => {
      const quote = await create({ serviceDate: OFF_SEASON, items: [{ productId: product.id, quantity: 4 }] });
      expect(quote.items[0]).toMatchObject({ totalPrice: '0.00', computedPrice: '0.00', unitPrice: '0.00', priceSource: 'auto' });
      expect(quote.totalAmount).toBe('0.00');
    });

    it('a manual 300: 300.00, manual, with the automatic price beside it', async () => {
      const quote = await create({ items: [{ productId: product.id, quantity: 4, totalPrice: 300 }] });
      expect(quote.items[0]).toMatchObject({ totalPrice: '300.00', computedPrice: '365.00', priceSource: 'manual' });
      expect(quote.totalAmount).toBe('300.00');
    });

    it('a price sent within a cent of the automatic one is the automatic one', async () => {
      const quote = await create({ items: [{ productId: product.id, quantity: 4, totalPrice: '365.01' }] });
      expect(quote.items[0]).toMatchObject({ totalPrice: '365.00', priceSource: 'auto' });
    });

    it("reduces the automatic prices by the customer's price list valid on the service date (percentage, then amount), never the manual ones", async () => {
      const listId = await insertPriceList(harness.databaseUrl, tenantA, { name: 'Scuole 2030', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: '10.00', reductionAmount: '5.00' });
      const school = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Liceo Volta', priceListId: listId });
      const other = await seasonalProduct(harness.databaseUrl, tenantA, 'Giro in barca');
      const quote = await create({ customerId: school, items: [{ productId: product.id, quantity: 4 }, { productId: other.id, quantity: 4, totalPrice: 300 }] });
      // 365.00 - 10 % = 328.50, - 5.00 = 323.50; each person's 25.00 - 10 % = 22.50
      expect(quote.items[0]).toMatchObject({ totalPrice: '323.50', computedPrice: '323.50', unitPrice: '22.50', priceListApplied: true, priceSource: 'auto' });
      expect(quote.items[1]).toMatchObject({ totalPrice: '300.00', computedPrice: '323.50', priceListApplied: true, priceSource: 'manual' });
      expect(quote).toMatchObject({ priceListId: listId, priceListName: 'Scuole 2030', totalAmount: '623.50' });
    });

    it('applies no price list that is inactive or not valid on the service date', async () => {
      const inactive = await insertPriceList(harness.databaseUrl, tenantA, { startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: '50.00', isActive: false });
      const expired = await insertPriceList(harness.databaseUrl, tenantA, { startDate: '2029-01-01', endDate: '2029-12-31', reductionAmount: '50.00' });
      for (const priceListId of [inactive, expired]) {
        const quote = await create({ customerId: await insertCustomer(harness.databaseUrl, tenantA, { priceListId }), items: [{ productId: product.id, quantity: 4 }] });
        expect(quote.items[0]).toMatchObject({ totalPrice: '365.00', priceListApplied: false });
        expect(quote).toMatchObject({ priceListId: null, priceListName: null });
      }
    });

    it("labels the VAT: the product's rate, or 'IVA inclusa' when the period's prices include it", async () => {
      const vatRateId = await insertVatRate(harness.databaseUrl, tenantA, '22.00');
      const taxed = await insertProduct(harness.databaseUrl, tenantA, { vatRateId });
      await insertPeriod(harness.databaseUrl, tenantA, taxed.id, { startDate: '2030-01-01', endDate: '2030-12-31', flatRate: '80.00' });
      const included = await insertProduct(harness.databaseUrl, tenantA, { vatRateId });
      await insertPeriod(harness.databaseUrl, tenantA, included.id, { startDate: '2030-01-01', endDate: '2030-12-31', flatRate: '80.00', priceIncludesVat: true });
      const quote = await create({ items: [{ productId: taxed.id }, { productId: included.id }] });
      expect(quote.items[0]).toMatchObject({ vatRate: '22.00', priceIncludesVat: false, vatLabel: '+ IVA 22%', totalPrice: '80.00', quantity: 1 });
      expect(quote.items[1]).toMatchObject({ vatRate: '22.00', priceIncludesVat: true, vatLabel: 'IVA inclusa' });
    });

    it('describes an item by the Italian title, else the product code, unless a description is given', async () => {
      const untitled = await insertProduct(harness.databaseUrl, tenantA, { titleIt: null });
      const extra = await seasonalProduct(harness.databaseUrl, tenantA, 'Museo');
      const quote = await create({ items: [{ productId: product.id }, { productId: untitled.id }, { productId: extra.id, description: '  Visita guidata ' }] });
      expect(quote.items.map((item) => item.description)).toEqual(['Tour del lago', untitled.code, 'Visita guidata']);
    });

    it('asks the catalogue once per pricing, whatever the number of products, and never to read', async () => {
      const others = [await seasonalProduct(harness.databaseUrl, tenantA), await seasonalProduct(harness.databaseUrl, tenantA)];
      const requests = await watchRequests(CATALOGUE_QUOTE_PRICING);
      try {
        const quote = await create({ items: [product, ...others].map(({ id }) => ({ productId: id, quantity: 2 })) });
        expect(requests.count).toBe(1);
        await get(quote.id);
        await update(quote.id, { subject: 'Gita' });
        expect(requests.count).toBe(1);
        await update(quote.id, { serviceDate: OFF_SEASON });
        expect(requests.count).toBe(2);
      } finally {
        await requests.stop();
      }
    });
  });

  describe('create', () => {
    it('starts pending, valid for 30 days in the business time zone, with nobody present yet, version 1', async () => {
      const quote = await create({ subject: '  Gita sul lago ', totalAmount: '120.5' });
      expect(quote).toMatchObject({
        id: expect.any(String),
        customerId,
        customerName: 'Scuola Dante',
        subject: 'Gita sul lago',
        serviceDate: IN_SEASON,
        expiryDate: addDays(todayIn('Europe/Rome'), 30),
        status: 'pending',
        actualParticipants: 0,
        totalAmount: '120.50',
        bookingDateTime: null,
        items: [],
        consumptions: [],
        version: 1,
      });
      expect(quote.shortId).toBe(quote.id.slice(-6).toUpperCase());
      expect(await get(quote.id)).toEqual(quote);
    });

    it("keeps date-times as the business time zone's wall clock, converting those given with an offset", async () => {
      const quote = await create({ serviceStartTime: '2030-07-15T07:30:00Z', estimatedEndTime: '2030-07-15T18:00:00', serviceEndTime: '2030-07-15T19:00:00+02:00' });
      expect(quote).toMatchObject({ serviceStartTime: '2030-07-15T09:30:00', estimatedEndTime: '2030-07-15T18:00:00', serviceEndTime: '2030-07-15T19:00:00' });
      const [row] = await harness.query(`SELECT service_start_time::text AS start FROM quoting.quotes WHERE id = $1`, [quote.id]);
      expect(row).toEqual({ start: '2030-07-15 09:30:00' });
    });

    it('books a quote whose item is confirmed at its service date and start time, or at noon without one', async () => {
      const item = { productId: product.id, orderConfirmed: true, confirmedParticipants: 10 };
      await expect(create({ serviceStartTime: '2030-07-15T09:30:45', items: [item] })).resolves.toMatchObject({ bookingDateTime: '2030-07-15T09:30:00', status: 'confirmed' });
      await expect(create({ items: [item] })).resolves.toMatchObject({ bookingDateTime: '2030-07-15T12:00:00' });
      await expect(create({ bookingDateTime: '2030-05-01T10:00:00', items: [item] })).resolves.toMatchObject({ bookingDateTime: '2030-05-01T10:00:00' });
    });

    it('refuses a product twice: 409, nothing stored', async () => {
      const before = await countQuotes();
      const error = await rpcError(create({ items: [{ productId: product.id }, { productId: product.id, quantity: 2 }] }));
      expect(error).toMatchObject({ statusCode: 409, reason: 'QUOTE_ITEM_DUPLICATE', message: QUOTE_MESSAGES.productAlreadyInQuote });
      expect(await countQuotes()).toBe(before);
    });

    it.each([
      ['an unknown customer', () => Promise.resolve(randomUUID())],
      ["another agency's customer", () => insertCustomer(harness.databaseUrl, tenantB)],
    ])('refuses %s: 400 naming customerId, nothing stored', async (_which, makeCustomer) => {
      const before = await countQuotes();
      const error = await rpcError(create({ customerId: await makeCustomer() }));
      expect(error).toMatchObject({ statusCode: 400, message: ['customerId must be a customer of this tenant'] });
      expect(await countQuotes()).toBe(before);
    });

    it("refuses an unknown product and another agency's, each named by its place in the list", async () => {
      const foreign = await insertProduct(harness.databaseUrl, tenantB);
      const error = await rpcError(create({ items: [{ productId: randomUUID() }, { productId: product.id }, { productId: foreign.id }] }));
      expect(error).toMatchObject({
        statusCode: 400,
        message: ['items[0].productId must be a product of this tenant', 'items[2].productId must be a product of this tenant'],
      });
    });

    it.each([
      [{ serviceDate: undefined }, 'Service date is required'],
      [{ customerId: 'nobody' }, 'Customer is required'],
      [{ items: [{ productId: randomUUID(), quantity: 1000 }] }, 'quantity must be a whole number from 1 to 999'],
      [{ items: [{ productId: randomUUID(), confirmedParticipants: -1 }] }, 'confirmedParticipants must be a whole number of at least 0'],
      [{ status: 'archived' }, 'status must be one of: pending, waiting, confirmed, cancelled, closed'],
      [{ serviceStartTime: '2030-07-15T25:00:00' }, 'serviceStartTime must be a date-time written YYYY-MM-DDTHH:mm:ss'],
    ] as [Record<string, unknown>, string][])('refuses %j: 400 naming the field', async (data, message) => {
      const error = await rpcError(create(data));
      expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED' });
      expect(error.message).toContain(message);
    });
  });

  describe('update', () => {
    it('changes what is sent, clears with null what may be empty, keeps the rest, and raises the version', async () => {
      const quote = await create({ subject: 'Gita', serviceStartTime: '2030-07-15T09:00:00', serviceNotes: 'Pullman', items: [{ productId: product.id, quantity: 4 }] });
      const updated = await update(quote.id, { subject: null, serviceStartTime: null, actualParticipants: 7, status: 'waiting', expiryDate: '2030-06-30' });
      expect(updated).toMatchObject({ subject: null, serviceStartTime: null, serviceNotes: 'Pullman', actualParticipants: 7, status: 'waiting', expiryDate: '2030-06-30', totalAmount: '365.00', version: 2 });
      expect(updated.items).toEqual(quote.items);
    });

    it('refuses null for what may not be empty: 400', async () => {
      const quote = await create();
      for (const field of ['serviceDate', 'customerId', 'status', 'totalAmount', 'expiryDate', 'actualParticipants']) {
        expect(await rpcError(update(quote.id, { [field]: null }))).toMatchObject({ statusCode: 400 });
      }
      expect((await get(quote.id)).version).toBe(1);
    });

    it('prices the items again on a new service date; the total follows them unless it was changed by hand', async () => {
      const quote = await create({ items: [{ productId: product.id, quantity: 4 }, { productId: (await seasonalProduct(harness.databaseUrl, tenantA)).id, totalPrice: 50 }] });
      expect(quote.totalAmount).toBe('415.00');
      // the editor sends back the total it shows with the new date
      const moved = await update(quote.id, { serviceDate: OFF_SEASON, totalAmount: quote.totalAmount });
      expect(moved.items.map((item) => [item.totalPrice, item.computedPrice, item.priceSource])).toEqual([
        ['0.00', '0.00', 'auto'],
        ['50.00', '0.00', 'manual'],
      ]);
      expect(moved.totalAmount).toBe('50.00');
      const back = await update(quote.id, { serviceDate: IN_SEASON, totalAmount: '999.00' });
      expect(back.items[0].totalPrice).toBe('365.00');
      expect(back.totalAmount).toBe('999.00');
      await expect(update(quote.id, { totalAmount: 10 })).resolves.toMatchObject({ totalAmount: '10.00' });
    });

    it("takes a new customer's name and price list, and refuses another agency's customer, changing nothing", async () => {
      const quote = await create({ items: [{ productId: product.id, quantity: 4 }] });
      const listId = await insertPriceList(harness.databaseUrl, tenantA, { startDate: '2030-01-01', endDate: '2030-12-31', reductionAmount: '65.00' });
      const hotel = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Hotel Lago', priceListId: listId });
      await expect(update(quote.id, { customerId: hotel })).resolves.toMatchObject({ customerId: hotel, customerName: 'Hotel Lago', priceListId: listId, totalAmount: '300.00' });
      const error = await rpcError(update(quote.id, { customerId: await insertCustomer(harness.databaseUrl, tenantB), subject: 'Preso' }));
      expect(error).toMatchObject({ statusCode: 400, message: ['customerId must be a customer of this tenant'] });
      await expect(get(quote.id)).resolves.toMatchObject({ customerId: hotel, subject: null, version: 2 });
    });

    it("refuses a version that is not the quote's: 409 QUOTE_CHANGED, nothing changed; without a version, nothing is checked", async () => {
      const quote = await create();
      await expect(update(quote.id, { subject: 'Prima', version: 1 })).resolves.toMatchObject({ subject: 'Prima', version: 2 });
      const error = await rpcError(update(quote.id, { subject: 'Vecchia', version: 1 }));
      expect(error).toMatchObject({ statusCode: 409, reason: 'QUOTE_CHANGED', message: QUOTE_MESSAGES.quoteChanged });
      await expect(get(quote.id)).resolves.toMatchObject({ subject: 'Prima', version: 2 });
      await expect(update(quote.id, { subject: 'Senza versione' })).resolves.toMatchObject({ subject: 'Senza versione', version: 3 });
    });

    it('lets concurrent writers of one quote take turns: every change counts', async () => {
      const quote = await create();
      await Promise.all(Array.from({ length: 5 }, (_, index) => update(quote.id, { actualParticipants: index })));
      expect((await get(quote.id)).version).toBe(6);
    });
  });

  describe('delete', () => {
    it('removes the quote with its items and consumptions', async () => {
      const quote = await create({ items: [{ productId: product.id }] });
      await harness.query(
        `INSERT INTO quoting.service_consumptions (tenant_id, quote_id, description, quantity, unit_value, total_value, consumed_at) VALUES ($1, $2, 'Caffè', 1, 2, 2, now())`,
        [tenantA, quote.id],
      );
      await expect(sut.send(QUOTES_DELETE, { principal: user, tenantId: tenantA, id: quote.id })).resolves.toEqual({ deleted: true });
      for (const table of ['quotes', 'quote_items', 'service_consumptions']) {
        const column = table === 'quotes' ? 'id' : 'quote_id';
        expect(await harness.query(`SELECT 1 FROM quoting.${table} WHERE ${column} = $1`, [quote.id])).toEqual([]);
      }
      expect(await rpcError(get(quote.id))).toMatchObject({ statusCode: 404, message: QUOTE_MESSAGES.quoteNotFound });
    });
  });

  describe('permissions', () => {
    it("lets the agency's admin and the superadmin work on its quotes", async () => {
      const quote = await create({}, adminOf(tenantA));
      await registerTenantState(tenantA);
      await expect(get(quote.id, superadmin)).resolves.toMatchObject({ id: quote.id });
    });

    it("refuses another agency's principal: 403", async () => {
      const quote = await create();
      const intruder = adminOf(tenantB);
      for (const call of [() => get(quote.id, intruder), () => create({}, intruder), () => update(quote.id, { subject: 'Preso' }, intruder)]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 403 });
      }
    });

    it("answers another agency's quote as not found, and changes nothing of it", async () => {
      const foreign = await sut.send(QUOTES_CREATE, {
        principal: userOf(tenantB),
        tenantId: tenantB,
        data: { customerId: await insertCustomer(harness.databaseUrl, tenantB, { name: 'Altrove' }), serviceDate: IN_SEASON } as CreateQuoteDto,
      });
      for (const call of [
        () => get(foreign.id),
        () => update(foreign.id, { subject: 'Preso' }),
        () => sut.send(QUOTES_DELETE, { principal: user, tenantId: tenantA, id: foreign.id }),
        () => get('not-a-quote-id'),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404, message: QUOTE_MESSAGES.quoteNotFound });
      }
      await expect(get(foreign.id, userOf(tenantB), tenantB)).resolves.toMatchObject({ subject: null, customerName: 'Altrove', version: 1 });
    });
  });
});
