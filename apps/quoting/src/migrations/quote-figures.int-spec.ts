import { createTestDatabase, queryDatabase, type TestDatabase } from '@quotebook/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CreateQuoting1767744000000 } from './1767744000000-create-quoting';
import { QuoteFigures1769558400000 } from './1769558400000-quote-figures';

const AGENCY = '11111111-1111-4111-8111-111111111111';
const OTHER_AGENCY = '22222222-2222-4222-8222-222222222222';

/** Quotes as agencies left them before: their creation instant, and the total stored then. */
const QUOTES = {
  // 00:30 of 1 January in Rome: the new year's first
  newYear: { tenant: AGENCY, createdAt: '2025-12-31T23:30:00Z', total: '150.00' },
  // 23:30 of 31 December in Rome: the old year's
  oldYear: { tenant: AGENCY, createdAt: '2025-12-31T22:30:00Z', total: '0.00' },
  march: { tenant: AGENCY, createdAt: '2026-03-01T10:00:00Z', total: '210.00' },
  elsewhere: { tenant: OTHER_AGENCY, createdAt: '2026-02-01T10:00:00Z', total: '0.00' },
} as const;

describe(QuoteFigures1769558400000.name, () => {
  let database: TestDatabase;
  let owner: { name: string; password: string };
  const ids: Record<keyof typeof QUOTES, string> = { newYear: '', oldYear: '', march: '', elsewhere: '' };

  const query = (sql: string, params: unknown[] = []) => queryDatabase(database.url, sql, params);

  beforeAll(async () => {
    database = await createTestDatabase('quote-figures');
    const before = new DataSource({ type: 'postgres', url: database.url, schema: 'quoting', migrations: [CreateQuoting1767744000000], migrationsTableName: 'migrations' });
    await before.initialize();
    try {
      await before.query('CREATE SCHEMA IF NOT EXISTS "quoting"');
      await before.runMigrations({ transaction: 'each' });
    } finally {
      await before.destroy();
    }
    // the tables belong to an ordinary role, as in production: their row-level security binds it
    owner = { name: `quoting_owner_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('hex') };
    await query(`CREATE ROLE "${owner.name}" LOGIN CREATEROLE PASSWORD '${owner.password}'`);
    await query(`ALTER SCHEMA "quoting" OWNER TO "${owner.name}"`);
    for (const table of ['quotes', 'quote_items', 'service_consumptions', 'migrations']) await query(`ALTER TABLE "quoting"."${table}" OWNER TO "${owner.name}"`);

    for (const [name, quote] of Object.entries(QUOTES) as [keyof typeof QUOTES, (typeof QUOTES)[keyof typeof QUOTES]][]) {
      const [row] = await query(
        `INSERT INTO quoting.quotes (tenant_id, customer_id, customer_name, service_date, expiry_date, total_amount, created_at)
         VALUES ($1, gen_random_uuid(), 'Cliente', '2026-07-15', '2026-08-15', $2, $3) RETURNING id`,
        [quote.tenant, quote.total, quote.createdAt],
      );
      ids[name] = row['id'] as string;
    }
    const item = (quoteId: string, price: string, includesVat: boolean, rate: string, confirmed: { order: boolean; participants: number }, quantity: number) =>
      query(
        `INSERT INTO quoting.quote_items (tenant_id, quote_id, product_id, product_code, description, quantity, total_price, computed_price,
                                          price_includes_vat, vat_rate, order_confirmed, confirmed_participants)
         VALUES ($1, $2, gen_random_uuid(), 'ABC123', 'Voce', $7, $3, $3, $4, $5, $6, $8)`,
        [AGENCY, quoteId, price, includesVat, rate, confirmed.order, quantity, confirmed.participants],
      );
    // the total typed by hand (150.00) is not the item's 100.00
    await item(ids.newYear, '100.00', false, '22.00', { order: false, participants: 0 }, 3);
    // 100.00 + 22 % and 110.00 with 10 % included, the stored 210.00 their sum; 5.00 consumed
    await item(ids.march, '100.00', false, '22.00', { order: true, participants: 7 }, 4);
    await item(ids.march, '110.00', true, '10.00', { order: false, participants: 0 }, 2);
    await query(
      `INSERT INTO quoting.service_consumptions (tenant_id, quote_id, description, quantity, unit_value, total_value, consumed_at) VALUES ($1, $2, 'Caffè', 1, 5, 5, now())`,
      [AGENCY, ids.march],
    );
  });

  afterAll(async () => {
    await database.drop();
    await queryDatabase(database.url.replace(/\/[^/]*$/, '/postgres'), `DROP ROLE IF EXISTS "${owner.name}"`);
  });

  /** The service's migrations as its start runs them, connected as the tables' owner: only the new one is left to run. */
  async function migrateAsOwner(): Promise<void> {
    const url = Object.assign(new URL(database.url), { username: owner.name, password: owner.password });
    const migrations = [CreateQuoting1767744000000, QuoteFigures1769558400000];
    const asOwner = new DataSource({ type: 'postgres', url: url.toString(), schema: 'quoting', migrations, migrationsTableName: 'migrations' });
    await asOwner.initialize();
    try {
      expect((await asOwner.runMigrations({ transaction: 'each' })).map((migration) => migration.name)).toEqual([QuoteFigures1769558400000.name]);
    } finally {
      await asOwner.destroy();
    }
  }

  it('numbers the quotes per agency and creation year (business time zone), in creation order, and sets the counters at the last', async () => {
    await migrateAsOwner();
    const numbers = await query(`SELECT id, number_year, number_seq FROM quoting.quotes`);
    const numberOf = (name: keyof typeof QUOTES) => numbers.find((row) => row['id'] === ids[name]);
    expect(numberOf('oldYear')).toMatchObject({ number_year: 2025, number_seq: 1 });
    expect(numberOf('newYear')).toMatchObject({ number_year: 2026, number_seq: 1 });
    expect(numberOf('march')).toMatchObject({ number_year: 2026, number_seq: 2 });
    expect(numberOf('elsewhere')).toMatchObject({ number_year: 2026, number_seq: 1 });
    expect(await query(`SELECT tenant_id, year, last_seq FROM quoting.quote_numbers ORDER BY tenant_id, year`)).toEqual([
      { tenant_id: AGENCY, year: 2025, last_seq: 1 },
      { tenant_id: AGENCY, year: 2026, last_seq: 2 },
      { tenant_id: OTHER_AGENCY, year: 2026, last_seq: 1 },
    ]);
  });

  it('works out each total gross with the shared engine, keeping a total typed by hand', async () => {
    const figures = await query(`SELECT id, total_amount, net_amount, vat_amount, confirmed_amount, manual_total FROM quoting.quotes`);
    const figuresOf = (name: keyof typeof QUOTES) => figures.find((row) => row['id'] === ids[name]);
    expect(figuresOf('march')).toMatchObject({ total_amount: '237.00', net_amount: '205.00', vat_amount: '32.00', confirmed_amount: '127.00', manual_total: null });
    expect(figuresOf('newYear')).toMatchObject({ total_amount: '150.00', net_amount: '122.95', vat_amount: '27.05', manual_total: '150.00' });
    expect(figuresOf('oldYear')).toMatchObject({ total_amount: '0.00', net_amount: '0.00', manual_total: null });
    const items = await query(`SELECT available, charged_participants, list_price FROM quoting.quote_items ORDER BY quantity`);
    // charged: the participants priced (the confirmed ones of a confirmed item)
    expect(items).toEqual([
      { available: true, charged_participants: 2, list_price: null },
      { available: true, charged_participants: 3, list_price: null },
      { available: true, charged_participants: 7, list_price: null },
    ]);
  });

  it('keeps row-level security forced on every table, the counters included', async () => {
    const forced = await query(`SELECT relname, relforcerowsecurity FROM pg_class WHERE relnamespace = 'quoting'::regnamespace AND relkind = 'r' AND relname <> 'migrations' ORDER BY relname`);
    expect(forced).toEqual(['quote_items', 'quote_numbers', 'quotes', 'service_consumptions'].map((relname) => ({ relname, relforcerowsecurity: true })));
  });
});
