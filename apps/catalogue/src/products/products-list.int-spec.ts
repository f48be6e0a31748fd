import { CATALOGUE_HEALTH, CUSTOMERS_LIST, LIST_PAGE_BYTES, PRODUCTS_LIST, VAT_RATES_LIST } from '@quotebook/contracts';
import { REPLY_TOO_LARGE_MESSAGE } from '@quotebook/server-core';
import { queryDatabase, readAllPages } from '@quotebook/testing';
import { randomUUID } from 'node:crypto';
import { adminOf, rpcError, useCatalogueHarness, userOf } from '../test/catalogue-harness';

/**
 * Products written straight into the table (the service's validation would refuse the largest), with
 * an Italian title that sorts them in the order given and an extended description of `bytes` bytes.
 */
async function insertProducts(url: string, tenantId: string, prefix: string, count: number, bytes: number): Promise<void> {
  await queryDatabase(
    url,
    `INSERT INTO catalogue.products (tenant_id, code, titles, extended_descriptions)
     SELECT $1, upper(substr(md5(random()::text || n), 1, 6)),
            jsonb_build_object('it', $2 || lpad(n::text, 5, '0')),
            jsonb_build_object('it', repeat('d', $4))
       FROM generate_series(1, $3) AS n`,
    [tenantId, prefix, count, bytes],
  );
}

describe('catalogue lists in pages bounded by bytes (integration)', () => {
  const harness = useCatalogueHarness();
  /** The catalogue as the gateway reaches it over NATS. */
  const sut = harness.rpc;

  /**
   * A product's description such that four of them fill a page: the first page (an eighth of the
   * budget, so that the gateway asks for the rest sooner) holds the first product alone, each of the
   * others four.
   */
  const QUARTER = Math.floor(LIST_PAGE_BYTES / 5);

  it('fills each product page up to the byte budget and says where the next one starts', async () => {
    const tenantId = randomUUID();
    await insertProducts(harness.databaseUrl, tenantId, 'Prodotto ', 12, QUARTER);
    const principal = userOf(tenantId);

    const first = await sut.send(PRODUCTS_LIST, { principal, tenantId });
    expect(first.items.map((product) => product.titles['it'])).toEqual(['Prodotto 00001']);
    expect(first.nextCursor).toBe(1);

    const pages = [first];
    for (let cursor = first.nextCursor; cursor !== null; cursor = pages[pages.length - 1].nextCursor) {
      pages.push(await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor }));
    }
    expect(pages.map((page) => page.nextCursor)).toEqual([1, 5, 9, null]);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
    const titles = pages.flatMap((page) => page.items).map((product) => product.titles['it']);
    expect(titles).toEqual(Array.from({ length: 12 }, (_, index) => `Prodotto ${String(index + 1).padStart(5, '0')}`));
    expect(pages[3].items[1].extendedDescriptions['it']).toHaveLength(QUARTER);
  });

  it('says on the first page where every following page starts; a page asked with its end stops there', async () => {
    const tenantId = randomUUID();
    await insertProducts(harness.databaseUrl, tenantId, 'Pagina ', 12, QUARTER);
    const principal = userOf(tenantId);

    const first = await sut.send(PRODUCTS_LIST, { principal, tenantId });
    expect(first).toMatchObject({ nextCursor: 1, pageStarts: [1, 5, 9], total: 12 });
    const bounded = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 1, until: 3 });
    expect(bounded.items.map((product) => product.titles['it'])).toEqual(['Pagina 00002', 'Pagina 00003']);
    expect(bounded.nextCursor).toBe(3);
    const last = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 9 });
    expect(last.items).toHaveLength(3);
    expect(last.nextCursor).toBeNull();
    expect(last.pageStarts).toBeUndefined();
    // the last page as the gateway asks for it, bounded by the list's length
    expect(await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 9, until: 12 })).toMatchObject({ nextCursor: null });
    expect(await rpcError(sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 5, until: 5 }))).toMatchObject({
      statusCode: 400,
      message: ['until must be a whole number after cursor'],
    });
  });

  it('ends a page asked with its end where its bytes run out, should its products have grown since the first page', async () => {
    const tenantId = randomUUID();
    await insertProducts(harness.databaseUrl, tenantId, 'Cresce ', 12, QUARTER);
    const principal = userOf(tenantId);
    const first = await sut.send(PRODUCTS_LIST, { principal, tenantId });
    expect(first.pageStarts).toEqual([1, 5, 9]);

    // the second product of the page from 1 to 5 grows: the first three no longer fit
    await harness.query(
      `UPDATE catalogue.products SET extended_descriptions = jsonb_build_object('it', repeat('e', $2::int))
        WHERE tenant_id = $1 AND titles ->> 'it' = 'Cresce 00003'`,
      [tenantId, Math.floor(LIST_PAGE_BYTES * 0.6)],
    );
    const page = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 1, until: 5 });
    expect(page.items.map((product) => product.titles['it'])).toEqual(['Cresce 00002', 'Cresce 00003']);
    expect(page.nextCursor).toBe(3);
    expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
  });

  it("gives each product of a page asked with its end its own periods and tags", async () => {
    const tenantId = randomUUID();
    await insertProducts(harness.databaseUrl, tenantId, 'Periodi ', 6, 10);
    await harness.query(
      `WITH tag AS (INSERT INTO catalogue.tags (tenant_id, name, target_type) VALUES ($1, 'Mare', 'product') RETURNING id)
       INSERT INTO catalogue.product_tags (tenant_id, product_id, tag_id)
       SELECT $1, product.id, tag.id FROM catalogue.products product, tag WHERE product.tenant_id = $1 AND product.titles ->> 'it' <= 'Periodi 00003'`,
      [tenantId],
    );
    await harness.query(
      `INSERT INTO catalogue.product_availability (tenant_id, product_id, start_date, end_date, has_cost_per_person, cost_per_person)
       SELECT $1, id, make_date(2030, m, 1), make_date(2030, m, 20), true, (right(titles ->> 'it', 1)::int * 10 + m)
         FROM catalogue.products, generate_series(1, 2) m WHERE tenant_id = $1`,
      [tenantId],
    );
    const page = await sut.send(PRODUCTS_LIST, { principal: userOf(tenantId), tenantId, cursor: 2, until: 5 });
    expect(page.items.map((product) => product.titles['it'])).toEqual(['Periodi 00003', 'Periodi 00004', 'Periodi 00005']);
    for (const product of page.items) {
      const n = Number(product.titles['it'].slice(-1));
      expect(product.availability.map((period) => [period.productId, period.startDate, period.costPerPerson])).toEqual([
        [product.id, '2030-01-01', `${n * 10 + 1}.00`],
        [product.id, '2030-02-01', `${n * 10 + 2}.00`],
      ]);
      expect(product.tagIds).toHaveLength(n <= 3 ? 1 : 0);
    }
  });

  it('lists by Italian title without case, then code, a product without an Italian title last, and follows a renamed title', async () => {
    const tenantId = randomUUID();
    const titled = (code: string, titles: Record<string, string>) => [tenantId, code, JSON.stringify(titles)];
    for (const row of [
      titled('CCC001', { it: 'zattera' }),
      titled('BBB001', { en: 'Only English' }),
      titled('AAA002', { it: 'Barca' }),
      titled('AAA001', { it: 'barca' }),
      titled('DDD001', { it: 'Àncora' }),
    ]) {
      await queryDatabase(harness.databaseUrl, 'INSERT INTO catalogue.products (tenant_id, code, titles) VALUES ($1, $2, $3::jsonb)', row);
    }
    const codes = async () => (await readAllPages((cursor) => sut.send(PRODUCTS_LIST, { principal: userOf(tenantId), tenantId, cursor }))).flat().map((product) => product.code);
    // the database's collation orders the letters; equal titles without case go by code
    const expected = (await queryDatabase<{ code: string }>(
      harness.databaseUrl,
      `SELECT code FROM catalogue.products WHERE tenant_id = $1 ORDER BY lower(titles ->> 'it') ASC NULLS LAST, code, id`,
      [tenantId],
    )).map((row) => row.code);
    expect(await codes()).toEqual(expected);
    expect(expected.slice(-1)).toEqual(['BBB001']);
    expect(expected.indexOf('AAA001')).toBe(expected.indexOf('AAA002') - 1);

    await queryDatabase(harness.databaseUrl, `UPDATE catalogue.products SET titles = '{"it": "Aaa prima"}' WHERE tenant_id = $1 AND code = 'CCC001'`, [tenantId]);
    expect((await codes())[0]).toBe('CCC001');
  });

  it('answers a short list in one page and an empty one with no items', async () => {
    const tenantId = randomUUID();
    await insertProducts(harness.databaseUrl, tenantId, 'Breve ', 3, 10);
    await expect(sut.send(PRODUCTS_LIST, { principal: userOf(tenantId), tenantId })).resolves.toMatchObject({ nextCursor: null });
    const empty = randomUUID();
    await expect(sut.send(PRODUCTS_LIST, { principal: userOf(empty), tenantId: empty })).resolves.toEqual({ items: [], nextCursor: null });
    await expect(sut.send(CUSTOMERS_LIST, { principal: userOf(empty), tenantId: empty })).resolves.toEqual({ items: [], nextCursor: null });
  });

  it('bounds customer pages by bytes too', async () => {
    const tenantId = randomUUID();
    // a customer row of about 2.7 KB: 1,000 of them take three pages at least
    await harness.query(
      `INSERT INTO catalogue.customers (tenant_id, name, email, address, contact, city)
       SELECT $1, 'Cliente ' || lpad(n::text, 5, '0'), 'c' || n || '@example.com', repeat('a', 300), repeat('b', 200), repeat('c', 2000)
         FROM generate_series(1, 1000) AS n`,
      [tenantId],
    );
    const principal = userOf(tenantId);
    const pages = await readAllPages((cursor) => sut.send(CUSTOMERS_LIST, { principal, tenantId, cursor }));
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const names = pages.flat().map((customer) => customer.name);
    expect(names).toEqual(Array.from({ length: 1000 }, (_, index) => `Cliente ${String(index + 1).padStart(5, '0')}`));
  });

  it('refuses a cursor that is not a whole number from 0, naming it', async () => {
    const tenantId = randomUUID();
    const error = await rpcError(sut.send(PRODUCTS_LIST, { principal: userOf(tenantId), tenantId, cursor: -1 }));
    expect(error).toMatchObject({ statusCode: 400, message: ['cursor must be a whole number from 0'] });
  });

  it('answers a product too large for the bus with an error reply, stays up and answers the next requests', async () => {
    const tenantId = randomUUID();
    // 2 MB of text written past the validation: the page holds it alone and cannot be sent
    await insertProducts(harness.databaseUrl, tenantId, 'Enorme ', 1, 2 * 1024 * 1024);
    const principal = adminOf(tenantId);

    const began = Date.now();
    const error = await rpcError(sut.send(PRODUCTS_LIST, { principal, tenantId }));
    expect(Date.now() - began).toBeLessThan(4000);
    expect(error).toMatchObject({ statusCode: 502, message: REPLY_TOO_LARGE_MESSAGE });

    await expect(sut.send(CATALOGUE_HEALTH, {})).resolves.toMatchObject({ status: 'up' });
    await expect(sut.send(VAT_RATES_LIST, { principal, tenantId })).resolves.toEqual([]);
    const other = randomUUID();
    await insertProducts(harness.databaseUrl, other, 'Altro ', 1, 10);
    await expect(sut.send(PRODUCTS_LIST, { principal: userOf(other), tenantId: other })).resolves.toMatchObject({ items: [{ titles: { it: 'Altro 00001' } }] });
  });
});
