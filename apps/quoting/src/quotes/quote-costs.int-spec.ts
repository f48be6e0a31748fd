import {
  type CreateQuoteDto,
  QUOTE_ITEMS_ADD,
  QUOTE_ITEMS_REPLACE,
  QUOTE_ITEMS_UPDATE,
  QUOTES_CREATE,
  QUOTES_UPDATE,
} from '@quotebook/contracts';
import { queryDatabase } from '@quotebook/testing';
import { IN_SEASON, insertCustomer, insertPeriod, insertPriceList, insertProduct, OFF_SEASON, SEASON, useQuotingTest, userOf } from '../test/quoting-harness';

/** What the database keeps of a quote's cost, margin and optional lines, and of each of its lines. */
interface StoredCosts {
  total_amount: string;
  cost_total: string | null;
  margin_total: string | null;
  optional_total: string;
  items: { product_id: string; cost: string | null; cost_source: string; optional: boolean; free_places: number; total_price: string }[];
}

describe('quoting cost, margin, free places and optional lines, as stored (integration)', () => {
  const { harness, sut, tenantA } = useQuotingTest();
  const user = userOf(tenantA);
  let customerId: string;
  /** € 50 per person; cost € 30 per person + € 100 per booking; 1 free every 20 paying; no VAT */
  let tour: { id: string };
  /** € 200 flat, no cost */
  let boat: { id: string };

  beforeAll(async () => {
    customerId = await insertCustomer(harness.databaseUrl, tenantA);
    tour = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Tour' });
    const period = await insertPeriod(harness.databaseUrl, tenantA, tour.id, { ...SEASON, costPerPerson: '50.00' });
    await queryDatabase(
      harness.databaseUrl,
      `UPDATE catalogue.product_availability
          SET supplier_cost_per_person = 30, supplier_cost_per_booking = 100, free_places_every = 20, free_places_count = 1 WHERE id = $1`,
      [period],
    );
    boat = await insertProduct(harness.databaseUrl, tenantA, { titleIt: 'Barca' });
    await insertPeriod(harness.databaseUrl, tenantA, boat.id, { ...SEASON, flatRate: '200.00' });
  });

  const stored = async (quoteId: string): Promise<StoredCosts> => {
    const [quote] = await queryDatabase<Omit<StoredCosts, 'items'>>(
      harness.databaseUrl,
      `SELECT total_amount::text, cost_total::text, margin_total::text, optional_total::text FROM quoting.quotes WHERE id = $1`,
      [quoteId],
    );
    const items = await queryDatabase<StoredCosts['items'][number]>(
      harness.databaseUrl,
      `SELECT product_id, cost::text, cost_source, optional, free_places, total_price::text FROM quoting.quote_items WHERE quote_id = $1 ORDER BY created_at`,
      [quoteId],
    );
    return { ...quote, items };
  };
  const create = (data: Partial<CreateQuoteDto>) =>
    sut.send(QUOTES_CREATE, { principal: user, tenantId: tenantA, data: { customerId, serviceDate: IN_SEASON, ...data } as CreateQuoteDto });

  it('stores each line’s cost and free places and the quote’s cost, margin and optional total on creation', async () => {
    const quote = await create({ items: [{ productId: tour.id, quantity: 21 }, { productId: boat.id, optional: true }] });
    await expect(stored(quote.id)).resolves.toEqual({
      total_amount: '1000.00',
      cost_total: '730.00',
      margin_total: '270.00',
      optional_total: '200.00',
      items: [
        { product_id: tour.id, cost: '730.00', cost_source: 'auto', optional: false, free_places: 1, total_price: '1000.00' },
        { product_id: boat.id, cost: null, cost_source: 'auto', optional: true, free_places: 0, total_price: '200.00' },
      ],
    });
  });

  it('keeps the stored figures in step with every write of the items and the service date', async () => {
    const quote = await create({ items: [{ productId: tour.id, quantity: 2 }] });
    const tourItem = quote.items[0].id;

    await sut.send(QUOTE_ITEMS_ADD, { principal: user, tenantId: tenantA, id: quote.id, data: { productId: boat.id } });
    await expect(stored(quote.id)).resolves.toMatchObject({ total_amount: '300.00', cost_total: '160.00', margin_total: '140.00', optional_total: '0.00' });

    await sut.send(QUOTE_ITEMS_UPDATE, { principal: user, tenantId: tenantA, id: quote.id, itemId: tourItem, data: { cost: '40', quantity: 21 } });
    await expect(stored(quote.id)).resolves.toMatchObject({ total_amount: '1200.00', cost_total: '40.00', margin_total: '1160.00' });

    // the whole list sent again without costs or the optional flag keeps them as they were
    await sut.send(QUOTE_ITEMS_REPLACE, {
      principal: user,
      tenantId: tenantA,
      id: quote.id,
      data: { items: [{ productId: tour.id, quantity: 21 }, { productId: boat.id, optional: true }] },
    });
    await expect(stored(quote.id)).resolves.toMatchObject({
      total_amount: '1000.00',
      cost_total: '40.00',
      optional_total: '200.00',
      items: [expect.objectContaining({ cost: '40.00', cost_source: 'manual' }), expect.objectContaining({ optional: true })],
    });

    await sut.send(QUOTES_UPDATE, { principal: user, tenantId: tenantA, id: quote.id, data: { serviceDate: OFF_SEASON } });
    await expect(stored(quote.id)).resolves.toMatchObject({ total_amount: '0.00', cost_total: '40.00', optional_total: '0.00' });

    await sut.send(QUOTE_ITEMS_UPDATE, { principal: user, tenantId: tenantA, id: quote.id, itemId: tourItem, data: { cost: null } });
    await expect(stored(quote.id)).resolves.toMatchObject({ cost_total: null, margin_total: null });
  });

  it('prices at cost marked up for a customer whose price list sets a markup', async () => {
    const list = await insertPriceList(harness.databaseUrl, tenantA, { startDate: '2030-01-01', endDate: '2030-12-31' });
    await queryDatabase(harness.databaseUrl, `UPDATE catalogue.price_lists SET markup_percentage = 25 WHERE id = $1`, [list]);
    const marked = await insertCustomer(harness.databaseUrl, tenantA, { priceListId: list });
    const quote = await sut.send(QUOTES_CREATE, {
      principal: user,
      tenantId: tenantA,
      data: { customerId: marked, serviceDate: IN_SEASON, items: [{ productId: tour.id, quantity: 4 }, { productId: boat.id }] } as CreateQuoteDto,
    });
    // tour: cost 30 × 4 + 100 = 220.00 → 275.00; boat has no cost: its own price, no markup
    expect(quote.items.map((item) => [item.totalPrice, item.priceListApplied])).toEqual([
      ['275.00', true],
      ['200.00', false],
    ]);
    await expect(stored(quote.id)).resolves.toMatchObject({ total_amount: '475.00', cost_total: '220.00', margin_total: '255.00' });
  });

  it('refuses a price list with both a markup and a reduction in the database itself', async () => {
    await expect(
      queryDatabase(
        harness.databaseUrl,
        `INSERT INTO catalogue.price_lists (tenant_id, name, start_date, end_date, reduction_percentage, markup_percentage) VALUES ($1, 'Doppio', '2030-01-01', '2030-12-31', 10, 20)`,
        [tenantA],
      ),
    ).rejects.toThrow(/price_lists_markup_or_reduction/);
  });
});
