import {
  type CreateQuoteDto,
  CUSTOMER_CHANGED,
  CUSTOMERS_DELETE,
  CUSTOMERS_UPDATE,
  type CustomerDto,
  PRODUCTS_DELETE,
  QUOTES_CREATE,
  QUOTE_ITEMS_UPDATE,
  QUOTES_DELETE,
  QUOTES_GET,
  QUOTES_LIST,
  QUOTING_USAGE,
  TENANT_DELETED,
} from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { eventually, TEST_NATS_URL } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { QUOTING_RUNTIME_ROLE } from '../quoting.schema';
import { adminOf, IN_SEASON, insertCustomer, rpcError, seasonalProduct, useQuotingTest, userOf } from '../test/quoting-harness';

/** What quoting and the catalogue tell each other, and what quoting keeps of an agency. */
describe('quoting with the catalogue, events and row-level security (integration)', () => {
  const { harness, sut, tenantA, tenantB, admin } = useQuotingTest();
  let bus: EventBus;

  beforeAll(async () => {
    bus = await EventBus.connect(TEST_NATS_URL, 'quoting-test');
  });
  afterAll(() => bus.close());

  const create = (data: Partial<CreateQuoteDto>, tenantId = tenantA) =>
    sut.send(QUOTES_CREATE, { principal: userOf(tenantId), tenantId, data: { serviceDate: IN_SEASON, ...data } as CreateQuoteDto });
  const listedNames = async (tenantId = tenantA) =>
    (await sut.send(QUOTES_LIST, { principal: userOf(tenantId), tenantId, filters: {} })).items.map((quote) => quote.customerName);

  describe('usage', () => {
    it('counts the quotes for a customer and the quotes holding a product', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA);
      const tour = await seasonalProduct(harness.databaseUrl, tenantA);
      await create({ customerId, items: [{ productId: tour.id }] });
      await create({ customerId });
      const usage = (used: { customerId?: string; productId?: string }) => sut.send(QUOTING_USAGE, { principal: admin, tenantId: tenantA, ...used });
      await expect(usage({ customerId })).resolves.toEqual({ quotes: 2 });
      await expect(usage({ productId: tour.id })).resolves.toEqual({ quotes: 1 });
      await expect(usage({ customerId: randomUUID() })).resolves.toEqual({ quotes: 0 });
      await expect(sut.send(QUOTING_USAGE, { principal: adminOf(tenantB), tenantId: tenantB, customerId })).resolves.toEqual({ quotes: 0 });
      expect(await rpcError(usage({}))).toMatchObject({ statusCode: 400 });
    });

    it('keeps the catalogue from deleting a customer or a product quotes use, until the quotes are gone', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA);
      const tour = await seasonalProduct(harness.databaseUrl, tenantA);
      const quote = await create({ customerId, items: [{ productId: tour.id }] });
      const deleteCustomer = () => sut.send(CUSTOMERS_DELETE, { principal: admin, tenantId: tenantA, id: customerId });
      const deleteProduct = () => sut.send(PRODUCTS_DELETE, { principal: admin, tenantId: tenantA, id: tour.id });
      expect(await rpcError(deleteCustomer())).toMatchObject({ statusCode: 409, reason: 'CUSTOMER_IN_USE', message: 'Customer is used by 1 quote(s)' });
      expect(await rpcError(deleteProduct())).toMatchObject({ statusCode: 409, reason: 'PRODUCT_IN_USE', message: 'Product is used by 1 quote(s)' });
      await sut.send(QUOTES_DELETE, { principal: userOf(tenantA), tenantId: tenantA, id: quote.id });
      await expect(deleteProduct()).resolves.toEqual({ deleted: true });
      await expect(deleteCustomer()).resolves.toEqual({ deleted: true });
    });
  });

  it('changes nothing while the catalogue does not answer a pricing (503), and reads without it', async () => {
    const customerId = await insertCustomer(harness.databaseUrl, tenantA);
    const tour = await seasonalProduct(harness.databaseUrl, tenantA);
    const quote = await create({ customerId, items: [{ productId: tour.id, quantity: 4 }] });
    await harness.stopCompanion('catalogue');
    try {
      const changeItem = sut.send(QUOTE_ITEMS_UPDATE, { principal: userOf(tenantA), tenantId: tenantA, id: quote.id, itemId: quote.items[0].id, data: { quantity: 12 } });
      expect(await rpcError(changeItem)).toMatchObject({ statusCode: 503 });
      expect(await rpcError(create({ customerId }))).toMatchObject({ statusCode: 503 });
      await expect(sut.send(QUOTES_GET, { principal: userOf(tenantA), tenantId: tenantA, id: quote.id })).resolves.toEqual(quote);
    } finally {
      await harness.startCompanion('catalogue');
    }
  });

  describe("a customer's new name", () => {
    const rename = (customerId: string, name: string) =>
      sut.send(CUSTOMERS_UPDATE, { principal: admin, tenantId: tenantA, id: customerId, data: { title: 'Spett.le', name, email: 'info@cliente.test' } as CustomerDto });

    it("reaches the customer's quotes once the catalogue stored it", async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Albergo Vecchio' });
      await create({ customerId });
      await create({ customerId });
      await rename(customerId, 'Albergo Nuovo');
      await eventually(async () => expect((await listedNames()).filter((name) => name.startsWith('Albergo'))).toEqual(['Albergo Nuovo', 'Albergo Nuovo']));
    });

    it('published while quoting was stopped, reaches the quotes when it starts again', async () => {
      const customerId = await insertCustomer(harness.databaseUrl, tenantA, { name: 'Rifugio Alto' });
      await create({ customerId });
      await harness.restart(() => bus.publish(CUSTOMER_CHANGED, { tenantId: tenantA, customerId, name: 'Rifugio Altissimo' }));
      await eventually(async () => expect(await listedNames()).toContain('Rifugio Altissimo'));
      expect(await listedNames()).not.toContain('Rifugio Alto');
    });
  });

  describe('a deleted tenant', () => {
    it('loses its quotes, items and consumptions; another agency keeps its own', async () => {
      const doomed = randomUUID();
      const tour = await seasonalProduct(harness.databaseUrl, doomed);
      const quote = await create({ customerId: await insertCustomer(harness.databaseUrl, doomed), items: [{ productId: tour.id }] }, doomed);
      await harness.query(
        `INSERT INTO quoting.service_consumptions (tenant_id, quote_id, description, quantity, unit_value, total_value, consumed_at) VALUES ($1, $2, 'Caffè', 1, 2, 2, now())`,
        [doomed, quote.id],
      );
      const survivor = await create({ customerId: await insertCustomer(harness.databaseUrl, tenantB) }, tenantB);
      const rowsOf = async (tenantId: string) =>
        (
          await harness.query<{ count: number }>(
            `SELECT (SELECT count(*) FROM quoting.quotes WHERE tenant_id = $1) + (SELECT count(*) FROM quoting.quote_items WHERE tenant_id = $1)
                    + (SELECT count(*) FROM quoting.service_consumptions WHERE tenant_id = $1)
                    + (SELECT count(*) FROM quoting.quote_numbers WHERE tenant_id = $1) AS count`,
            [tenantId],
          )
        )[0].count;
      // the quote, its item, its consumption and the agency's number counter
      expect(Number(await rowsOf(doomed))).toBe(4);

      await bus.publish(TENANT_DELETED, { tenantId: doomed, deletedAt: new Date().toISOString() });

      await eventually(async () => expect(Number(await rowsOf(doomed))).toBe(0));
      expect(await harness.query('SELECT id FROM quoting.quotes WHERE id = $1', [survivor.id])).toHaveLength(1);
    });
  });

  describe('row-level security', () => {
    /** Statements in one transaction, on a connection that works as the service's runtime role. */
    async function asRuntimeRole<T>(work: (client: Client) => Promise<T>): Promise<T> {
      const client = new Client({ connectionString: harness.databaseUrl });
      await client.connect();
      try {
        await client.query(`BEGIN; SET LOCAL ROLE ${QUOTING_RUNTIME_ROLE}`);
        return await work(client);
      } finally {
        await client.query('ROLLBACK').catch(() => undefined);
        await client.end();
      }
    }
    const count = async (client: Client, table: string) => (await client.query(`SELECT count(*)::int AS count FROM quoting.${table}`)).rows[0].count as number;

    beforeAll(async () => {
      const tour = await seasonalProduct(harness.databaseUrl, tenantB);
      await create({ customerId: await insertCustomer(harness.databaseUrl, tenantB), items: [{ productId: tour.id }] }, tenantB);
    });

    it('is enabled and forced on every table, for a role that cannot bypass it', async () => {
      const tables = await harness.query(
        `SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class
          WHERE relnamespace = 'quoting'::regnamespace AND relkind = 'r' AND relname <> 'migrations' ORDER BY relname`,
      );
      expect(tables).toEqual(
        [
          'agency_terms', 'invoice_numbers', 'invoices', 'notifications', 'quote_items', 'quote_links', 'quote_numbers', 'quote_payments',
          'quote_revision_views', 'quote_revisions', 'quotes', 'service_consumptions', 'webhook_deliveries', 'webhooks',
        ].map((relname) => ({ relname, relrowsecurity: true, relforcerowsecurity: true })),
      );
      const [role] = await harness.query(`SELECT rolbypassrls, rolsuper FROM pg_roles WHERE rolname = $1`, [QUOTING_RUNTIME_ROLE]);
      expect(role).toEqual({ rolbypassrls: false, rolsuper: false });
    });

    it('shows a query without the tenant setting nothing at all, and one with it only that tenant', async () => {
      const [{ count: stored }] = await harness.query<{ count: number }>(`SELECT count(*)::int AS count FROM quoting.quotes`);
      expect(stored).toBeGreaterThan(0);
      await asRuntimeRole(async (client) => {
        for (const table of ['quotes', 'quote_items', 'service_consumptions', 'quote_numbers', 'quote_revisions', 'quote_links', 'notifications', 'webhooks']) expect(await count(client, table)).toBe(0);
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantB]);
        const { rows } = await client.query(`SELECT DISTINCT tenant_id FROM quoting.quotes`);
        expect(rows).toEqual([{ tenant_id: tenantB }]);
      });
    });

    it("refuses to write a row of another tenant than the transaction's", async () => {
      await asRuntimeRole(async (client) => {
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantA]);
        await expect(
          client.query(`INSERT INTO quoting.quotes (tenant_id, customer_id, customer_name, service_date, expiry_date) VALUES ($1, $2, 'X', '2030-01-01', '2030-01-31')`, [
            tenantB,
            randomUUID(),
          ]),
        ).rejects.toMatchObject({ code: '42501' });
      });
    });
  });
});
