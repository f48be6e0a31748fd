import {
  CATALOGUE_QUOTE_PRICING,
  CONSUMPTIONS_ADD,
  CONSUMPTIONS_DELETE,
  CONSUMPTIONS_LIST,
  type ConsumptionDto,
  type CreateQuoteDto,
  type QuoteItemDto,
  QUOTE_ITEMS_ADD,
  QUOTE_ITEMS_DELETE,
  QUOTE_ITEMS_LIST,
  QUOTE_ITEMS_REPLACE,
  QUOTE_ITEMS_UPDATE,
  QUOTE_MESSAGES,
  QUOTES_CREATE,
  QUOTES_GET,
  QUOTES_UPDATE,
  type ReplaceQuoteItemsDto,
  type UpdateQuoteItemDto,
} from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import { IN_SEASON, insertCustomer, insertProduct, rpcError, seasonalProduct, useQuotingTest, userOf, watchRequests } from '../test/quoting-harness';

describe('quoting items and consumptions (integration)', () => {
  const { harness, sut, tenantA, tenantB } = useQuotingTest();
  const user = userOf(tenantA);
  let lake: { id: string; code: string };
  let boat: { id: string; code: string };
  let customerId: string;

  beforeAll(async () => {
    lake = await seasonalProduct(harness.databaseUrl, tenantA, 'Tour del lago');
    boat = await seasonalProduct(harness.databaseUrl, tenantA, 'Giro in barca');
    customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante' });
  });

  const newQuote = (data: Partial<CreateQuoteDto> = {}) =>
    sut.send(QUOTES_CREATE, { principal: user, tenantId: tenantA, data: { customerId, serviceDate: IN_SEASON, ...data } as CreateQuoteDto });
  const get = (id: string) => sut.send(QUOTES_GET, { principal: user, tenantId: tenantA, id });
  const add = (id: string, data: Partial<QuoteItemDto> & Record<string, unknown>) =>
    sut.send(QUOTE_ITEMS_ADD, { principal: user, tenantId: tenantA, id, data: data as QuoteItemDto });
  const change = (id: string, itemId: string, data: Partial<UpdateQuoteItemDto>) =>
    sut.send(QUOTE_ITEMS_UPDATE, { principal: user, tenantId: tenantA, id, itemId, data: data as UpdateQuoteItemDto });
  const replace = (id: string, items: Partial<QuoteItemDto>[], version?: number) =>
    sut.send(QUOTE_ITEMS_REPLACE, { principal: user, tenantId: tenantA, id, data: { items, version } as ReplaceQuoteItemsDto });
  const remove = (id: string, itemId: string) => sut.send(QUOTE_ITEMS_DELETE, { principal: user, tenantId: tenantA, id, itemId });

  describe('items', () => {
    it('adds a product priced on the service date, the total following, the version rising', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id, quantity: 4 }] });
      const added = await add(quote.id, { productId: boat.id, quantity: 12, quoteId: randomUUID() });
      expect(added).toMatchObject({ quoteId: quote.id, productId: boat.id, description: 'Giro in barca', totalPrice: '415.00', priceSource: 'auto' });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '780.00', itemCount: 2, version: 2 });
      await expect(sut.send(QUOTE_ITEMS_LIST, { principal: user, tenantId: tenantA, id: quote.id })).resolves.toEqual([quote.items[0], added]);
    });

    it('refuses a product the quote holds: 409, and a product not of the agency: 400 naming productId', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id }] });
      expect(await rpcError(add(quote.id, { productId: lake.id }))).toMatchObject({ statusCode: 409, reason: 'QUOTE_ITEM_DUPLICATE', message: QUOTE_MESSAGES.productAlreadyInQuote });
      const foreign = await insertProduct(harness.databaseUrl, tenantB);
      expect(await rpcError(add(quote.id, { productId: foreign.id }))).toMatchObject({ statusCode: 400, message: ['productId must be a product of this tenant'] });
      await expect(get(quote.id)).resolves.toMatchObject({ itemCount: 1, version: 1 });
    });

    it('confirms a pending quote when an item is order-confirmed, books it, and counts only confirmed items in its total', async () => {
      const quote = await newQuote({ serviceStartTime: '2030-07-15T10:15:00', items: [{ productId: lake.id, quantity: 4 }, { productId: boat.id, quantity: 4 }] });
      const confirmed = await change(quote.id, quote.items[0].id, { orderConfirmed: true, confirmedParticipants: 12 });
      expect(confirmed).toMatchObject({ orderConfirmed: true, totalPrice: '415.00' });
      await expect(get(quote.id)).resolves.toMatchObject({
        status: 'confirmed',
        bookingDateTime: '2030-07-15T10:15:00',
        totalAmount: '415.00',
        confirmedTotal: '415.00',
        confirmation: 'some',
      });
    });

    it('returns a confirmed quote to pending when no item is confirmed any more, its total then of all items; keeps the booking', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id, orderConfirmed: true, confirmedParticipants: 10 }, { productId: boat.id, quantity: 4 }] });
      expect(quote).toMatchObject({ status: 'confirmed', totalAmount: '365.00', bookingDateTime: '2030-07-15T12:00:00' });
      await change(quote.id, quote.items[0].id, { orderConfirmed: false });
      await expect(get(quote.id)).resolves.toMatchObject({ status: 'pending', totalAmount: '730.00', confirmation: 'none', bookingDateTime: '2030-07-15T12:00:00' });
    });

    it('leaves any other status as it is', async () => {
      const quote = await newQuote({ status: 'cancelled', items: [{ productId: lake.id }] });
      await change(quote.id, quote.items[0].id, { orderConfirmed: true, confirmedParticipants: 10 });
      await expect(get(quote.id)).resolves.toMatchObject({ status: 'cancelled', totalAmount: '365.00' });
    });

    it('keeps a manual price when the quantity changes, refreshing the automatic one beside it; null returns to the automatic price', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id, quantity: 4, totalPrice: 300 }] });
      const itemId = quote.items[0].id;
      await expect(change(quote.id, itemId, { quantity: 12 })).resolves.toMatchObject({ quantity: 12, totalPrice: '300.00', computedPrice: '415.00', priceSource: 'manual' });
      await expect(change(quote.id, itemId, { totalPrice: null })).resolves.toMatchObject({ totalPrice: '415.00', priceSource: 'auto' });
      await expect(change(quote.id, itemId, { totalPrice: '250.00', description: 'A forfait' })).resolves.toMatchObject({ totalPrice: '250.00', priceSource: 'manual', description: 'A forfait' });
      await expect(change(quote.id, itemId, { description: null })).resolves.toMatchObject({ description: 'Tour del lago' });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '250.00' });
    });

    it('replaces the items with exactly the list given: those of a product already there keep their id and creation time', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id, quantity: 4 }] });
      const third = await seasonalProduct(harness.databaseUrl, tenantA, 'Museo');
      const items = await replace(quote.id, [{ productId: third.id, quantity: 2 }, { productId: lake.id, quantity: 12, orderConfirmed: true, confirmedParticipants: 12 }], quote.version);
      expect(items.map((item) => [item.productId, item.quantity, item.totalPrice])).toEqual([
        [lake.id, 12, '415.00'],
        [third.id, 2, '365.00'],
      ]);
      expect(items[0]).toMatchObject({ id: quote.items[0].id, createdAt: quote.items[0].createdAt });
      await expect(get(quote.id)).resolves.toMatchObject({ status: 'confirmed', totalAmount: '415.00', itemCount: 2, version: 2 });
      await expect(replace(quote.id, [])).resolves.toEqual([]);
      await expect(get(quote.id)).resolves.toMatchObject({ status: 'pending', totalAmount: '0.00', itemCount: 0 });
    });

    it('refuses a replacement with a stale version (409), a product twice (409) or not of the agency (400 naming it), changing nothing', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id, quantity: 4 }] });
      await change(quote.id, quote.items[0].id, { quantity: 5 });
      expect(await rpcError(replace(quote.id, [{ productId: boat.id }], quote.version))).toMatchObject({ statusCode: 409, reason: 'QUOTE_CHANGED' });
      expect(await rpcError(replace(quote.id, [{ productId: boat.id }, { productId: boat.id }]))).toMatchObject({ statusCode: 409, reason: 'QUOTE_ITEM_DUPLICATE' });
      expect(await rpcError(replace(quote.id, [{ productId: boat.id }, { productId: randomUUID() }]))).toMatchObject({
        statusCode: 400,
        message: ['items[1].productId must be a product of this tenant'],
      });
      await expect(get(quote.id)).resolves.toMatchObject({ version: 2, items: [expect.objectContaining({ productId: lake.id, quantity: 5 })] });
    });

    it('removes an item and the total follows; an item of another quote is not found', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id, quantity: 4 }, { productId: boat.id, quantity: 12 }] });
      const other = await newQuote({ items: [{ productId: lake.id }] });
      await expect(remove(quote.id, quote.items[1].id)).resolves.toEqual({ deleted: true });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '365.00', itemCount: 1 });
      for (const itemId of [other.items[0].id, quote.items[1].id, 'nope']) {
        expect(await rpcError(remove(quote.id, itemId))).toMatchObject({ statusCode: 404, message: QUOTE_MESSAGES.itemNotFound });
        expect(await rpcError(change(quote.id, itemId, { quantity: 2 }))).toMatchObject({ statusCode: 404, message: QUOTE_MESSAGES.itemNotFound });
      }
    });

    it('prices each change of the items with one question to the catalogue', async () => {
      const quote = await newQuote({ items: [{ productId: lake.id }, { productId: boat.id }] });
      const requests = await watchRequests(CATALOGUE_QUOTE_PRICING);
      try {
        await change(quote.id, quote.items[0].id, { quantity: 3 });
        await replace(quote.id, [{ productId: lake.id }, { productId: boat.id, quantity: 5 }]);
        await remove(quote.id, quote.items[1].id);
        await sut.send(QUOTE_ITEMS_LIST, { principal: user, tenantId: tenantA, id: quote.id });
        expect(requests.count).toBe(3);
      } finally {
        await requests.stop();
      }
    });

    it("answers another agency's quote as not found", async () => {
      const foreign = await sut.send(QUOTES_CREATE, {
        principal: userOf(tenantB),
        tenantId: tenantB,
        data: { customerId: await insertCustomer(harness.databaseUrl, tenantB), serviceDate: IN_SEASON } as CreateQuoteDto,
      });
      expect(await rpcError(add(foreign.id, { productId: lake.id }))).toMatchObject({ statusCode: 404, message: QUOTE_MESSAGES.quoteNotFound });
      expect(await rpcError(sut.send(QUOTE_ITEMS_LIST, { principal: user, tenantId: tenantA, id: foreign.id }))).toMatchObject({ statusCode: 404 });
    });
  });

  describe('consumptions', () => {
    const consume = (id: string, data: Partial<ConsumptionDto> & Record<string, unknown>) =>
      sut.send(CONSUMPTIONS_ADD, { principal: user, tenantId: tenantA, id, data: data as ConsumptionDto });

    it('records a consumption with its total worked out here (the one sent is ignored), consumed now unless said otherwise', async () => {
      const quote = await newQuote();
      const coffee = await consume(quote.id, { description: '  Caffè ', quantity: 3, unitValue: '1.20', totalValue: '999.00' });
      expect(coffee).toEqual({
        id: expect.any(String),
        quoteId: quote.id,
        productId: null,
        description: 'Caffè',
        quantity: 3,
        unitValue: '1.20',
        totalValue: '3.60',
        consumedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      });
      const lunch = await consume(quote.id, { description: 'Pranzo', quantity: 2, unitValue: 15, consumedAt: '2030-07-15T10:30:00Z', productId: null });
      expect(lunch).toMatchObject({ totalValue: '30.00', consumedAt: '2030-07-15T12:30:00' });
      // in the order they were consumed
      await expect(sut.send(CONSUMPTIONS_LIST, { principal: user, tenantId: tenantA, id: quote.id })).resolves.toEqual([coffee, lunch]);
      // recorded at once while an editor holds the quote: its version stays
      await expect(get(quote.id)).resolves.toMatchObject({ consumptions: [coffee, lunch], version: 1 });
    });

    it.each([
      [{ description: '   ', quantity: 1, unitValue: 1 }, 'Description is required'],
      [{ description: 'Acqua', quantity: 0, unitValue: 1 }, 'Quantity must be a whole number greater than 0'],
      [{ description: 'Acqua', quantity: 1.5, unitValue: 1 }, 'Quantity must be a whole number greater than 0'],
      [{ description: 'Acqua', quantity: 1, unitValue: 0 }, 'Unit value must be greater than 0 with at most 2 decimals'],
      [{ description: 'Acqua', quantity: 1, unitValue: '-2' }, 'Unit value must be greater than 0 with at most 2 decimals'],
    ])('refuses %j: 400 naming the field', async (data, message) => {
      const quote = await newQuote();
      const error = await rpcError(consume(quote.id, data));
      expect(error).toMatchObject({ statusCode: 400 });
      expect(error.message).toContain(message);
    });

    it("takes a product of the agency (on the quote or not) and refuses another agency's: 400 naming productId", async () => {
      const quote = await newQuote({ items: [{ productId: lake.id }] });
      await expect(consume(quote.id, { description: 'Extra', quantity: 1, unitValue: 5, productId: lake.id })).resolves.toMatchObject({ productId: lake.id });
      await expect(consume(quote.id, { description: 'Extra', quantity: 1, unitValue: 5, productId: boat.id })).resolves.toMatchObject({ productId: boat.id });
      const foreign = await insertProduct(harness.databaseUrl, tenantB);
      const error = await rpcError(consume(quote.id, { description: 'Extra', quantity: 1, unitValue: 5, productId: foreign.id }));
      expect(error).toMatchObject({ statusCode: 400, message: ['productId must be a product of this tenant'] });
    });

    it('removes a consumption of the quote, leaving its version; another one is not found', async () => {
      const quote = await newQuote();
      const water = await consume(quote.id, { description: 'Acqua', quantity: 1, unitValue: 1 });
      await expect(sut.send(CONSUMPTIONS_DELETE, { principal: user, tenantId: tenantA, id: quote.id, itemId: water.id })).resolves.toEqual({ deleted: true });
      expect(await rpcError(sut.send(CONSUMPTIONS_DELETE, { principal: user, tenantId: tenantA, id: quote.id, itemId: water.id }))).toMatchObject({
        statusCode: 404,
        message: QUOTE_MESSAGES.consumptionNotFound,
      });
      await expect(get(quote.id)).resolves.toMatchObject({ consumptions: [], version: 1 });
    });

    it('leaves the version a client holds: the advanced editor saves the quote it loaded after recording consumptions', async () => {
      const quote = await newQuote();
      await consume(quote.id, { description: 'Acqua', quantity: 1, unitValue: 1 });
      // the editor shows the total the consumption left, and sends it back with the version it loaded
      const { totalAmount } = await get(quote.id);
      const saved = await sut.send(QUOTES_UPDATE, { principal: user, tenantId: tenantA, id: quote.id, data: { subject: 'Vecchio', version: quote.version, totalAmount } });
      expect(saved).toMatchObject({ subject: 'Vecchio', version: 2, totalAmount: '1.00', totalSetByHand: false });
    });
  });
});
