import {
  AVAILABILITY_CREATE,
  type AvailabilityDto,
  PRICE_LISTS_CREATE,
  type PriceListDto,
  TAGS_CREATE,
  type TagDto,
  VAT_RATES_CREATE,
  type VatRateDto,
} from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import { listLimit } from './list-limits';
import { adminOf, rpcError, useCatalogueHarness } from './test/catalogue-harness';

describe('catalogue lists that cross the bus whole have a size limit (integration)', () => {
  const harness = useCatalogueHarness();
  /** The catalogue as the gateway reaches it over NATS. */
  const sut = harness.rpc;

  const count = async (table: string, tenantId: string) =>
    (await harness.query<{ count: number }>(`SELECT count(*)::int AS count FROM catalogue.${table} WHERE tenant_id = $1`, [tenantId]))[0]
      .count;

  it('refuses one VAT rate more than the limit, also when the last ones are asked for in parallel', async () => {
    const tenantId = randomUUID();
    const principal = adminOf(tenantId);
    await harness.query(
      `INSERT INTO catalogue.vat_rates (tenant_id, description, rate) SELECT $1, 'Aliquota ' || n, 10 FROM generate_series(1, $2::int - 3) AS n`,
      [tenantId, listLimit('vatRates')],
    );
    const data = { description: 'Ultima', rate: 22 } as VatRateDto;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => sut.send(VAT_RATES_CREATE, { principal, tenantId, data: { ...data, description: `Ultima ${index}` } })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(await count('vat_rates', tenantId)).toBe(listLimit('vatRates'));
    const error = await rpcError(sut.send(VAT_RATES_CREATE, { principal, tenantId, data }));
    expect(error).toMatchObject({ statusCode: 400, message: [`An agency can have at most ${listLimit('vatRates')} VAT rates`] });
  });

  it('refuses one tag and one price list more than the limit and stores nothing', async () => {
    const tenantId = randomUUID();
    const principal = adminOf(tenantId);
    await harness.query(
      `INSERT INTO catalogue.tags (tenant_id, name, target_type) SELECT $1, 'Tag ' || n, 'product' FROM generate_series(1, $2::int) AS n`,
      [tenantId, listLimit('tags')],
    );
    await harness.query(
      `INSERT INTO catalogue.price_lists (tenant_id, name, start_date, end_date)
       SELECT $1, 'Listino ' || n, '2030-01-01', '2030-12-31' FROM generate_series(1, $2::int) AS n`,
      [tenantId, listLimit('priceLists')],
    );
    const tag = await rpcError(sut.send(TAGS_CREATE, { principal, tenantId, data: { name: 'Una di troppo', targetType: 'customer' } as TagDto }));
    expect(tag).toMatchObject({ statusCode: 400, message: [`An agency can have at most ${listLimit('tags')} tags`] });
    const priceList = await rpcError(
      sut.send(PRICE_LISTS_CREATE, { principal, tenantId, data: { name: 'Troppi', startDate: '2031-01-01', endDate: '2031-12-31' } as PriceListDto }),
    );
    expect(priceList).toMatchObject({ statusCode: 400, message: [`An agency can have at most ${listLimit('priceLists')} price lists`] });
    expect([await count('tags', tenantId), await count('price_lists', tenantId)]).toEqual([listLimit('tags'), listLimit('priceLists')]);
  });

  it("refuses one availability period more than a product's limit; another product is not affected", async () => {
    const tenantId = randomUUID();
    const principal = adminOf(tenantId);
    // written straight into the table: creating a product through the service asks tenancy for the languages
    const [full, other] = await harness.query<{ id: string }>(
      `INSERT INTO catalogue.products (tenant_id, code, titles)
       SELECT $1, upper(substr(md5(random()::text || n), 1, 6)), '{"it": "Tour"}' FROM generate_series(1, 2) AS n RETURNING id`,
      [tenantId],
    );
    await harness.query(
      `INSERT INTO catalogue.product_availability (tenant_id, product_id, start_date, end_date)
       SELECT $1, $2, date '2030-01-01' + 2 * n, date '2030-01-01' + 2 * n FROM generate_series(1, $3::int) AS n`,
      [tenantId, full.id, listLimit('periods')],
    );
    const period = { startDate: '2020-01-01', endDate: '2020-01-31', hasCostPerPerson: true, costPerPerson: 10 } as unknown as AvailabilityDto;
    const error = await rpcError(sut.send(AVAILABILITY_CREATE, { principal, tenantId, id: full.id, data: period }));
    expect(error).toMatchObject({ statusCode: 400, message: [`A product can have at most ${listLimit('periods')} availability periods`] });
    await expect(sut.send(AVAILABILITY_CREATE, { principal, tenantId, id: other.id, data: period })).resolves.toMatchObject({
      productId: other.id,
    });
  });
});
