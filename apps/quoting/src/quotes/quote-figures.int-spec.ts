import {
  addDays,
  CONSUMPTIONS_ADD,
  CONSUMPTIONS_DELETE,
  type ConsumptionDto,
  type CreateQuoteDto,
  type QuoteDetailView,
  type QuoteItemDto,
  QUOTE_ITEMS_ADD,
  QUOTE_ITEMS_DELETE,
  QUOTE_ITEMS_REPLACE,
  QUOTE_ITEMS_UPDATE,
  QUOTE_MESSAGES,
  QUOTES_CREATE,
  QUOTES_CREATORS,
  QUOTES_GET,
  QUOTES_LIST,
  QUOTES_UPDATE,
  QUOTING_DASHBOARD,
  todayIn,
  type UpdateQuoteDto,
  type UpdateQuoteItemDto,
} from '@quotebook/contracts';
import {
  adminOf, IN_SEASON, insertCustomer, insertPeriod, insertPriceList, insertProduct, insertVatRate, rpcError,
  seasonalProduct, useQuotingTest, userNames, userOf,
} from '../test/quoting-harness';

/** The figures a quote shows, side by side. */
const figuresOf = (quote: QuoteDetailView) => ({
  totalAmount: quote.totalAmount,
  netAmount: quote.netAmount,
  vatAmount: quote.vatAmount,
  totalSetByHand: quote.totalSetByHand,
  confirmedTotal: quote.confirmedTotal,
});

describe('quoting figures, availability, confirmation, numbers and creators (integration)', () => {
  const { harness, sut, tenantA, tenantB } = useQuotingTest();
  const user = userOf(tenantA);
  let customerId: string;
  /** € 80.00 flat + 22 % VAT: 97.60 gross */
  let taxed: { id: string };
  /** € 110.00 flat, 10 % VAT included: 100.00 net */
  let included: { id: string };

  beforeAll(async () => {
    customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante' });
    const ordinary = await insertVatRate(harness.databaseUrl, tenantA, '22.00');
    const reduced = await insertVatRate(harness.databaseUrl, tenantA, '10.00');
    taxed = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Visita', vatRateId: ordinary });
    await insertPeriod(harness.databaseUrl, tenantA, taxed.id, { startDate: '2030-01-01', endDate: '2030-12-31', flatRate: '80.00' });
    included = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Pranzo', vatRateId: reduced });
    await insertPeriod(harness.databaseUrl, tenantA, included.id, { startDate: '2030-01-01', endDate: '2030-12-31', flatRate: '110.00', priceIncludesVat: true });
  });

  const create = (data: Partial<CreateQuoteDto> & Record<string, unknown> = {}, principal = user, tenantId = tenantA) =>
    sut.send(QUOTES_CREATE, { principal, tenantId, data: { customerId, serviceDate: IN_SEASON, ...data } as CreateQuoteDto });
  const update = (id: string, data: Partial<UpdateQuoteDto> & Record<string, unknown>) =>
    sut.send(QUOTES_UPDATE, { principal: user, tenantId: tenantA, id, data: data as UpdateQuoteDto });
  const get = (id: string) => sut.send(QUOTES_GET, { principal: user, tenantId: tenantA, id });
  const add = (id: string, data: QuoteItemDto) => sut.send(QUOTE_ITEMS_ADD, { principal: user, tenantId: tenantA, id, data });
  const updateItem = (id: string, itemId: string, data: UpdateQuoteItemDto) => sut.send(QUOTE_ITEMS_UPDATE, { principal: user, tenantId: tenantA, id, itemId, data });
  const consume = (id: string, data: Partial<ConsumptionDto>) =>
    sut.send(CONSUMPTIONS_ADD, { principal: user, tenantId: tenantA, id, data: data as ConsumptionDto });

  describe('one meaning of money: the total is gross, worked out again on every change', () => {
    it('splits each item and adds them gross, VAT-inclusive and exclusive alike', async () => {
      const quote = await create({ items: [{ productId: taxed.id }, { productId: included.id }] });
      expect(quote.items.map(({ netPrice, vatAmount, grossPrice }) => ({ netPrice, vatAmount, grossPrice }))).toEqual([
        { netPrice: '80.00', vatAmount: '17.60', grossPrice: '97.60' },
        { netPrice: '100.00', vatAmount: '10.00', grossPrice: '110.00' },
      ]);
      expect(figuresOf(quote)).toEqual({ totalAmount: '207.60', netAmount: '180.00', vatAmount: '27.60', totalSetByHand: false, confirmedTotal: '0.00' });
    });

    it('follows consumptions (without raising the version), manual line prices, items added, confirmed, removed and replaced, and the status', async () => {
      const quote = await create({ items: [{ productId: taxed.id }] });
      expect(figuresOf(quote)).toMatchObject({ totalAmount: '97.60', netAmount: '80.00', vatAmount: '17.60' });

      // consumptions are charged as recorded, with no VAT of their own
      const coffee = await consume(quote.id, { description: 'Caffè', quantity: 2, unitValue: '5.00' });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '107.60', netAmount: '90.00', vatAmount: '17.60', version: 1 });

      const lunch = await add(quote.id, { productId: included.id });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '217.60', netAmount: '190.00', vatAmount: '27.60', version: 2 });

      const visit = (await get(quote.id)).items[0];
      await updateItem(quote.id, visit.id, { totalPrice: '50.00' });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '181.00', netAmount: '160.00', vatAmount: '21.00', version: 3 });

      // confirming the lunch makes the quote confirmed: only the lunch (and the consumptions) count
      await updateItem(quote.id, lunch.id, { orderConfirmed: true });
      const confirmed = await get(quote.id);
      expect(confirmed).toMatchObject({ status: 'confirmed', totalAmount: '120.00', netAmount: '110.00', vatAmount: '10.00', confirmedTotal: '120.00' });

      // a status changed by hand decides which items count
      await expect(update(quote.id, { status: 'waiting', totalAmount: confirmed.totalAmount })).resolves.toMatchObject({ totalAmount: '181.00', confirmedTotal: '120.00' });

      await sut.send(CONSUMPTIONS_DELETE, { principal: user, tenantId: tenantA, id: quote.id, itemId: coffee.id });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '171.00', netAmount: '150.00', vatAmount: '21.00', confirmedTotal: '110.00' });

      await sut.send(QUOTE_ITEMS_DELETE, { principal: user, tenantId: tenantA, id: quote.id, itemId: lunch.id });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '61.00', netAmount: '50.00', vatAmount: '11.00', confirmedTotal: '0.00' });

      await sut.send(QUOTE_ITEMS_REPLACE, { principal: user, tenantId: tenantA, id: quote.id, data: { items: [{ productId: included.id }] } });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '110.00', netAmount: '100.00', vatAmount: '10.00' });
    });

    it("takes the price list's reductions and keeps the price before them", async () => {
      const listId = await insertPriceList(harness.databaseUrl, tenantA, { name: 'Scuole', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: '10.00' });
      const school = await insertCustomer(harness.databaseUrl, tenantA, { priceListId: listId });
      const quote = await create({ customerId: school, items: [{ productId: taxed.id }] });
      // 80.00 - 10 % = 72.00, + 22 % = 87.84
      expect(quote.items[0]).toMatchObject({ totalPrice: '72.00', listPrice: '80.00', priceListApplied: true, grossPrice: '87.84' });
      expect(figuresOf(quote)).toMatchObject({ totalAmount: '87.84', netAmount: '72.00', vatAmount: '15.84' });
    });

    it('keeps a total set by hand as the gross total until it is sent back as what the items add up to', async () => {
      const quote = await create({ items: [{ productId: taxed.id }, { productId: included.id }] });
      const byHand = await update(quote.id, { totalAmount: '150.00' });
      expect(figuresOf(byHand)).toMatchObject({ totalAmount: '150.00', totalSetByHand: true });
      expect(Number(byHand.netAmount) + Number(byHand.vatAmount)).toBeCloseTo(150, 2);

      // the editor sends back the total it shows: nothing changes, not even after a consumption
      await expect(update(quote.id, { subject: 'Gita', totalAmount: '150.00' })).resolves.toMatchObject({ totalAmount: '150.00', totalSetByHand: true });
      await consume(quote.id, { description: 'Acqua', quantity: 1, unitValue: '2.40' });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '150.00', totalSetByHand: true });

      // what the items and consumptions add up to (207.60 + 2.40) makes the total automatic again
      const automatic = await update(quote.id, { totalAmount: '210.00' });
      expect(figuresOf(automatic)).toMatchObject({ totalAmount: '210.00', netAmount: '182.40', vatAmount: '27.60', totalSetByHand: false });
      await add(quote.id, { productId: (await seasonalProduct(harness.databaseUrl, tenantA)).id, quantity: 10 });
      await expect(get(quote.id)).resolves.toMatchObject({ totalAmount: '575.00', totalSetByHand: false });
    });

    it('takes a total given on a creation without items as set by hand; 0 is the automatic total', async () => {
      await expect(create({ totalAmount: '120.50' })).resolves.toMatchObject({ totalAmount: '120.50', netAmount: '120.50', vatAmount: '0.00', totalSetByHand: true });
      await expect(create({ totalAmount: 0 })).resolves.toMatchObject({ totalAmount: '0.00', totalSetByHand: false });
    });

    it('shows the same figures in the list and on the dashboard', async () => {
      const dashboard = () => sut.send(QUOTING_DASHBOARD, { principal: adminOf(tenantA), tenantId: tenantA });
      const before = await dashboard();
      const quote = await create({ items: [{ productId: taxed.id, orderConfirmed: true }, { productId: included.id }] });
      // a confirmed quote counts its confirmed items: the list finds it by that amount
      const list = await sut.send(QUOTES_LIST, { principal: user, tenantId: tenantA, filters: { search: '97.6' } });
      expect(list.items.find((listed) => listed.id === quote.id)).toMatchObject({ totalAmount: '97.60', netAmount: '80.00', confirmedTotal: '97.60', status: 'confirmed' });
      const confirmed = await dashboard();
      expect(Number(confirmed.revenueMtd) - Number(before.revenueMtd)).toBeCloseTo(97.6, 2);
      expect(Number(confirmed.revenueMtdNet) - Number(before.revenueMtdNet)).toBeCloseTo(80, 2);
      // closed, it counts every item
      await update(quote.id, { status: 'closed' });
      const closed = await dashboard();
      expect(Number(closed.revenueMtd) - Number(before.revenueMtd)).toBeCloseTo(207.6, 2);
      expect(Number(closed.revenueMtdNet) - Number(before.revenueMtdNet)).toBeCloseTo(180, 2);
    });
  });

  describe('no silent zero', () => {
    it('marks the items without a priced period on the service date, and counts those priced automatically', async () => {
      const quote = await create({ items: [{ productId: taxed.id }, { productId: included.id }] });
      expect(quote.items.map((item) => item.availableOnServiceDate)).toEqual([true, true]);
      expect(quote.unavailableItemCount).toBe(0);
      const moved = await update(quote.id, { serviceDate: '2031-03-01' });
      expect(moved.items.map((item) => [item.availableOnServiceDate, item.totalPrice])).toEqual([[false, '0.00'], [false, '0.00']]);
      expect(moved.unavailableItemCount).toBe(2);
      // a manual price defines what the catalogue does not
      await updateItem(quote.id, moved.items[0].id, { totalPrice: '40.00' });
      await expect(get(quote.id)).resolves.toMatchObject({ unavailableItemCount: 1, totalAmount: '48.80' });
    });
  });

  describe('why an item costs what it costs', () => {
    it("keeps the period's minimum, the participants charged and the catalogue's short description as text", async () => {
      const tour = await seasonalProduct(harness.databaseUrl, tenantA, 'Tour del lago');
      await harness.query(`UPDATE catalogue.products SET short_descriptions = $2::jsonb WHERE id = $1`, [
        tour.id,
        JSON.stringify({ it: '<p>Giro del lago <strong>in battello</strong></p>', en: 'Lake tour' }),
      ]);
      const quote = await create({ items: [{ productId: tour.id, quantity: 4 }, { productId: taxed.id, quantity: 2 }] });
      expect(quote.items[0]).toMatchObject({ minParticipants: 10, chargedParticipants: 10, totalPrice: '365.00', catalogueDescription: 'Giro del lago in battello', listPrice: null });
      expect(quote.items[1]).toMatchObject({ minParticipants: null, chargedParticipants: 2, catalogueDescription: null });
    });
  });

  describe('confirmation that makes sense', () => {
    it('fills the confirmed participants of an item confirmed with none on every path: create, add, update, replace', async () => {
      const tour = await seasonalProduct(harness.databaseUrl, tenantA);
      const created = await create({ items: [{ productId: tour.id, quantity: 12, orderConfirmed: true }] });
      expect(created.items[0]).toMatchObject({ confirmedParticipants: 12, totalPrice: '415.00' });
      expect(created.emptyConfirmedItemCount).toBe(0);

      const quote = await create();
      await expect(add(quote.id, { productId: tour.id, quantity: 11, orderConfirmed: true, confirmedParticipants: 0 })).resolves.toMatchObject({ confirmedParticipants: 11 });
      const other = await add(quote.id, { productId: taxed.id, quantity: 3 });
      await expect(updateItem(quote.id, other.id, { orderConfirmed: true })).resolves.toMatchObject({ confirmedParticipants: 3 });
      const replaced = await sut.send(QUOTE_ITEMS_REPLACE, {
        principal: user,
        tenantId: tenantA,
        id: quote.id,
        data: { items: [{ productId: tour.id, quantity: 11, orderConfirmed: true, confirmedParticipants: 11 }, { productId: included.id, quantity: 5, orderConfirmed: true }] },
      });
      expect(replaced.map((item) => item.confirmedParticipants)).toEqual([11, 5]);
    });

    it('keeps a later 0 on an item confirmed before, and counts it', async () => {
      const quote = await create({ items: [{ productId: taxed.id, quantity: 4, orderConfirmed: true }] });
      expect(quote.items[0].confirmedParticipants).toBe(4);
      await expect(updateItem(quote.id, quote.items[0].id, { confirmedParticipants: 0 })).resolves.toMatchObject({ confirmedParticipants: 0, orderConfirmed: true });
      await expect(get(quote.id)).resolves.toMatchObject({ emptyConfirmedItemCount: 1 });
    });
  });

  describe('expiry', () => {
    it('refuses a new quote expiring before today: 400, nothing stored; today is fine, and updates are not checked', async () => {
      const today = todayIn('Europe/Rome');
      const [{ count: before }] = await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.quotes');
      const error = await rpcError(create({ expiryDate: addDays(today, -1) }));
      expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED', message: [QUOTE_MESSAGES.expiryDateBeforeToday] });
      const [{ count: after }] = await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.quotes');
      expect(after).toBe(before);
      const quote = await create({ expiryDate: today });
      await expect(update(quote.id, { expiryDate: '2024-01-01' })).resolves.toMatchObject({ expiryDate: '2024-01-01' });
    });
  });

  describe('numbers and creators', () => {
    it('numbers quotes per agency and year; a failed creation gives its number back', async () => {
      const year = Number(todayIn('Europe/Rome').slice(0, 4));
      // the other agency's customer: refused, and no number taken
      expect(await rpcError(create({}, userOf(tenantB), tenantB))).toMatchObject({ statusCode: 400 });
      const otherCustomer = await insertCustomer(harness.databaseUrl, tenantB);
      const inB = await create({ customerId: otherCustomer }, userOf(tenantB), tenantB);
      expect(inB.number).toBe(`${year}/0001`);
      const a1 = await create();
      const a2 = await create();
      const [seqA1, seqA2] = [a1, a2].map((quote) => Number(quote.number.split('/')[1]));
      expect(seqA2).toBe(seqA1 + 1);
      expect(a1.number).toMatch(new RegExp(`^${year}/\\d{4}$`));
    });

    it('records who created a quote, filters by it, and lists the creators of the agency only', async () => {
      const seller = userOf(tenantA);
      userNames.set(seller.userId, 'Giulia Verdi');
      const quote = await create({}, seller);
      expect(quote).toMatchObject({ createdById: seller.userId, createdByName: 'Giulia Verdi' });
      const mine = await sut.send(QUOTES_LIST, { principal: user, tenantId: tenantA, filters: { createdBy: seller.userId } });
      expect(mine.items.map((listed) => listed.id)).toEqual([quote.id]);

      const foreigner = userOf(tenantB);
      userNames.set(foreigner.userId, 'Altra Agenzia');
      await create({ customerId: await insertCustomer(harness.databaseUrl, tenantB) }, foreigner, tenantB);
      const creators = await sut.send(QUOTES_CREATORS, { principal: user, tenantId: tenantA });
      expect(creators).toContainEqual({ id: seller.userId, name: 'Giulia Verdi' });
      expect(creators.map((creator) => creator.id)).not.toContain(foreigner.userId);
      expect(new Set(creators.map((creator) => creator.id)).size).toBe(creators.length);
      expect(await rpcError(sut.send(QUOTES_CREATORS, { principal: foreigner, tenantId: tenantA }))).toMatchObject({ statusCode: 403 });
    });
  });
});
