import {
  CATALOGUE_COUNTS,
  CATALOGUE_QUOTE_PRICING,
  CUSTOMER_CHANGED,
  type CustomerChangedEvent,
  CUSTOMERS_DELETE,
  CUSTOMERS_UPDATE,
  type CustomerDto,
  MAX_QUOTE_ITEMS,
  PRODUCTS_DELETE,
} from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { eventually, insertCustomer, insertPeriod, insertPriceList, insertProduct, insertVatRate, TEST_NATS_URL } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { quotesUsing, rpcError, twoAgencies, useCatalogueHarness, userOf } from '../test/catalogue-harness';

/** What the catalogue answers quoting, and what it tells and asks quoting, over NATS. */
describe('catalogue and quoting (integration)', () => {
  const harness = useCatalogueHarness();
  /** The catalogue as quoting reaches it. */
  const sut = harness.rpc;
  const { tenantA, tenantB, admin } = twoAgencies();
  const user = userOf(tenantA);

  const pricing = (request: { productIds: string[]; customerId?: string | null; serviceDate?: string | null }, principal = user, tenantId = tenantA) =>
    sut.send(CATALOGUE_QUOTE_PRICING, { principal, tenantId, customerId: null, serviceDate: null, ...request });

  describe('the pricing of a quote', () => {
    let tour: { id: string; code: string };
    let untitled: { id: string; code: string };
    let listId: string;

    beforeAll(async () => {
      const vatRateId = await insertVatRate(harness.databaseUrl, tenantA, '22.00');
      tour = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Tour del lago', vatRateId });
      untitled = await insertProduct(harness.databaseUrl, tenantA, { titleIt: null });
      await insertPeriod(harness.databaseUrl, tenantA, tour.id, { startDate: '2030-01-01', endDate: '2030-05-31', costPerPerson: '20.00' });
      await insertPeriod(harness.databaseUrl, tenantA, tour.id, {
        startDate: '2030-06-01',
        endDate: '2030-09-30',
        minParticipants: 10,
        costPerPerson: '25.00',
        flatRate: '100.00',
        additionalCosts: '15.00',
        priceIncludesVat: true,
      });
      listId = await insertPriceList(harness.databaseUrl, tenantA, { name: 'Scuole', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: '10.00' });
    });

    it('answers each product of the agency with its code, Italian title and short description, VAT rate and only the period containing the service date', async () => {
      await harness.query(`UPDATE catalogue.products SET short_descriptions = $2::jsonb WHERE id = $1`, [tour.id, JSON.stringify({ it: 'Giro in battello', en: 'Boat tour' })]);
      const answer = await pricing({ productIds: [tour.id, untitled.id], serviceDate: '2030-07-15' });
      expect(answer.products).toHaveLength(2);
      expect(answer.products.find((product) => product.id === tour.id)).toEqual({
        id: tour.id,
        code: tour.code,
        titleIt: 'Tour del lago',
        shortDescriptionIt: 'Giro in battello',
        vatRate: '22.00',
        period: expect.objectContaining({
          startDate: '2030-06-01',
          endDate: '2030-09-30',
          hasMinParticipants: true,
          minParticipants: 10,
          costPerPerson: '25.00',
          flatRate: '100.00',
          additionalCosts: '15.00',
          priceIncludesVat: true,
        }),
      });
      expect(answer.products.find((product) => product.id === untitled.id)).toEqual({ id: untitled.id, code: untitled.code, titleIt: null, shortDescriptionIt: null, vatRate: null, period: null });
      expect(answer.customer).toBeNull();
    });

    it("sends the period's supplier cost and free places, and the price list's markup, with the pricing", async () => {
      const costed = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Escursione' });
      const period = await insertPeriod(harness.databaseUrl, tenantA, costed.id, { startDate: '2030-01-01', endDate: '2030-12-31', costPerPerson: '50.00' });
      await harness.query(
        `UPDATE catalogue.product_availability SET supplier_cost_per_person = 30, supplier_cost_per_booking = 100.5, free_places_every = 20, free_places_count = 1 WHERE id = $1`,
        [period],
      );
      const markupList = await insertPriceList(harness.databaseUrl, tenantA, { startDate: '2030-01-01', endDate: '2030-12-31' });
      await harness.query(`UPDATE catalogue.price_lists SET markup_percentage = 25 WHERE id = $1`, [markupList]);
      const customerId = await insertCustomer(harness.databaseUrl, tenantA, { priceListId: markupList });
      const answer = await pricing({ productIds: [costed.id, tour.id], customerId, serviceDate: '2030-07-15' });
      expect(answer.products.find((product) => product.id === costed.id)?.period).toMatchObject({
        supplierCostPerPerson: '30.00',
        supplierCostPerBooking: '100.50',
        freePlacesEvery: 20,
        freePlacesCount: 1,
      });
      expect(answer.products.find((product) => product.id === tour.id)?.period).toMatchObject({
        supplierCostPerPerson: null,
        supplierCostPerBooking: null,
        freePlacesEvery: null,
        freePlacesCount: null,
      });
      expect(answer.customer?.priceList).toMatchObject({ id: markupList, markupPercentage: '25.00', reductionPercentage: null });
    });

    it('gives no period without a service date, or outside every period', async () => {
      expect((await pricing({ productIds: [tour.id] })).products[0].period).toBeNull();
      expect((await pricing({ productIds: [tour.id], serviceDate: '2031-01-01' })).products[0].period).toBeNull();
    });

    it("leaves out what is not the agency's: another agency's product, an unknown id, something that is no id; each product once", async () => {
      const foreign = await insertProduct(harness.databaseUrl, tenantB);
      const answer = await pricing({ productIds: [tour.id, foreign.id, randomUUID(), 'not-an-id', tour.id], serviceDate: '2030-07-15' });
      expect(answer.products.map((product) => product.id)).toEqual([tour.id]);
    });

    it('answers the customer with its price list; another agency’s customer is absent', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Scuola Dante', priceListId: listId });
      const foreign = await insertCustomer(harness.databaseUrl, tenantB);
      expect((await pricing({ productIds: [], customerId })).customer).toEqual({
        id: customerId,
        name: 'Scuola Dante',
        priceList: expect.objectContaining({ id: listId, name: 'Scuole', reductionPercentage: '10.00', reductionAmount: null, isActive: true }),
      });
      expect((await pricing({ productIds: [], customerId: foreign })).customer).toBeNull();
    });

    it(`asks about at most ${MAX_QUOTE_ITEMS} products at once`, async () => {
      const error = await rpcError(pricing({ productIds: Array.from({ length: MAX_QUOTE_ITEMS + 1 }, () => randomUUID()) }));
      expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED' });
    });

    it("is read by every role of the agency, and by nobody of another agency's: 403", async () => {
      await expect(pricing({ productIds: [tour.id] }, admin)).resolves.toMatchObject({ products: [{ id: tour.id }] });
      expect(await rpcError(pricing({ productIds: [tour.id] }, userOf(tenantB)))).toMatchObject({ statusCode: 403 });
    });
  });

  it("counts the agency's products and customers", async () => {
    const agency = randomUUID();
    for (let index = 0; index < 3; index += 1) await insertProduct(harness.databaseUrl, agency);
    await insertCustomer(harness.databaseUrl, agency);
    await insertProduct(harness.databaseUrl, tenantB);
    await expect(sut.send(CATALOGUE_COUNTS, { principal: userOf(agency), tenantId: agency })).resolves.toEqual({ products: 3, customers: 1 });
  });

  describe("a customer's new name", () => {
    let bus: EventBus;
    const announced: CustomerChangedEvent[] = [];

    beforeAll(async () => {
      bus = await EventBus.connect(TEST_NATS_URL, 'catalogue-test');
      await bus.subscribe(CUSTOMER_CHANGED, 'catalogue-test-listener', async (event) => {
        announced.push(event);
      });
    });

    afterAll(() => bus.close());

    const rename = (customerId: string, name: string) =>
      sut.send(CUSTOMERS_UPDATE, { principal: admin, tenantId: tenantA, id: customerId, data: { title: 'Spett.le', name, email: 'info@cliente.test' } as CustomerDto });

    it('is announced once the update is stored; an update that keeps the name announces nothing', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Hotel Lago' });
      await rename(customerId, 'Hotel Lago');
      await rename(customerId, 'Hotel Lago Blu');
      const marker = await insertCustomer(harness.databaseUrl, tenantA);
      await rename(marker, 'Marcatore');
      // events of one subject arrive in order: once the marker's is here, the others were delivered
      await eventually(async () => expect(announced.map((event) => event.customerId)).toContain(marker));
      expect(announced.filter((event) => event.customerId === customerId)).toEqual([{ tenantId: tenantA, customerId, name: 'Hotel Lago Blu' }]);
    });
  });

  describe('deleting what quotes use (quoting is asked first)', () => {
    it('deletes a customer no quote is for', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA);
      await expect(sut.send(CUSTOMERS_DELETE, { principal: admin, tenantId: tenantA, id: customerId })).resolves.toEqual({ deleted: true });
      expect(await harness.query('SELECT id FROM catalogue.customers WHERE id = $1', [customerId])).toEqual([]);
    });

    it('refuses a customer quotes are for: 409 CUSTOMER_IN_USE naming how many, nothing deleted', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA);
      quotesUsing.set(customerId, 3);
      const error = await rpcError(sut.send(CUSTOMERS_DELETE, { principal: admin, tenantId: tenantA, id: customerId }));
      expect(error).toMatchObject({ statusCode: 409, reason: 'CUSTOMER_IN_USE', message: 'Customer is used by 3 quote(s)' });
      expect(await harness.query('SELECT id FROM catalogue.customers WHERE id = $1', [customerId])).toHaveLength(1);
    });

    it('deletes a product no quote holds', async () => {
      const { id } = await insertProduct(harness.databaseUrl, tenantA);
      await expect(sut.send(PRODUCTS_DELETE, { principal: admin, tenantId: tenantA, id })).resolves.toEqual({ deleted: true });
      expect(await harness.query('SELECT id FROM catalogue.products WHERE id = $1', [id])).toEqual([]);
    });

    it('refuses a product quotes hold: 409 PRODUCT_IN_USE naming how many, nothing deleted', async () => {
      const { id } = await insertProduct(harness.databaseUrl, tenantA);
      await insertPeriod(harness.databaseUrl, tenantA, id, { startDate: '2030-01-01', endDate: '2030-12-31', flatRate: '50.00' });
      quotesUsing.set(id, 1);
      const error = await rpcError(sut.send(PRODUCTS_DELETE, { principal: admin, tenantId: tenantA, id }));
      expect(error).toMatchObject({ statusCode: 409, reason: 'PRODUCT_IN_USE', message: 'Product is used by 1 quote(s)' });
      expect(await harness.query('SELECT id FROM catalogue.products WHERE id = $1', [id])).toHaveLength(1);
      expect(await harness.query('SELECT id FROM catalogue.product_availability WHERE product_id = $1', [id])).toHaveLength(1);
    });

    it('deletes nothing while quoting does not answer: 503', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA);
      await harness.stopCompanion('quoting');
      try {
        expect(await rpcError(sut.send(CUSTOMERS_DELETE, { principal: admin, tenantId: tenantA, id: customerId }))).toMatchObject({ statusCode: 503 });
      } finally {
        await harness.startCompanion('quoting');
      }
      expect(await harness.query('SELECT id FROM catalogue.customers WHERE id = $1', [customerId])).toHaveLength(1);
    });
  });
});
