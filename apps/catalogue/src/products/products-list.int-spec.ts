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

  it('fills each product page up to the byte budget and says where the next one starts', async () => {
    const tenantId = randomUUID();
    // 100 KB each: five fit in a 512 KB page, the sixth starts the next one
    await insertProducts(harness.databaseUrl, tenantId, 'Prodotto ', 12, 100 * 1024);
    const principal = userOf(tenantId);

    const first = await sut.send(PRODUCTS_LIST, { principal, tenantId });
    expect(first.items.map((product) => product.titles['it'])).toEqual([1, 2, 3, 4, 5].map((n) => `Prodotto 0000${n}`));
    expect(Buffer.byteLength(JSON.stringify(first.items))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
    expect(first.nextCursor).toBe(5);

    const second = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 5 });
    const third = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: second.nextCursor ?? -1 });
    expect(second.nextCursor).toBe(10);
    expect(third.nextCursor).toBeNull();
    const titles = [...first.items, ...second.items, ...third.items].map((product) => product.titles['it']);
    expect(titles).toEqual(Array.from({ length: 12 }, (_, index) => `Prodotto ${String(index + 1).padStart(5, '0')}`));
    expect(third.items[1].extendedDescriptions['it']).toHaveLength(100 * 1024);
  });

  it('says on the first page where every following page starts; a page asked with its end stops there', async () => {
    const tenantId = randomUUID();
    await insertProducts(harness.databaseUrl, tenantId, 'Pagina ', 12, 100 * 1024);
    const principal = userOf(tenantId);

    const first = await sut.send(PRODUCTS_LIST, { principal, tenantId });
    expect(first).toMatchObject({ nextCursor: 5, pageStarts: [5, 10] });
    const bounded = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 5, until: 7 });
    expect(bounded.items.map((product) => product.titles['it'])).toEqual(['Pagina 00006', 'Pagina 00007']);
    expect(bounded.nextCursor).toBe(7);
    const last = await sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 10 });
    expect(last.items).toHaveLength(2);
    expect(last.nextCursor).toBeNull();
    expect(last.pageStarts).toBeUndefined();
    expect(await rpcError(sut.send(PRODUCTS_LIST, { principal, tenantId, cursor: 5, until: 5 }))).toMatchObject({
      statusCode: 400,
      message: ['until must be a whole number after cursor'],
    });
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
    // a customer row of about 2.7 KB: about 190 of them fill a page
    await harness.query(
      `INSERT INTO catalogue.customers (tenant_id, name, email, address, contact, city)
       SELECT $1, 'Cliente ' || lpad(n::text, 5, '0'), 'c' || n || '@example.com', repeat('a', 300), repeat('b', 200), repeat('c', 2000)
         FROM generate_series(1, 500) AS n`,
      [tenantId],
    );
    const principal = userOf(tenantId);
    const pages = await readAllPages((cursor) => sut.send(CUSTOMERS_LIST, { principal, tenantId, cursor }));
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(LIST_PAGE_BYTES);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const names = pages.flat().map((customer) => customer.name);
    expect(names).toEqual(Array.from({ length: 500 }, (_, index) => `Cliente ${String(index + 1).padStart(5, '0')}`));
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
