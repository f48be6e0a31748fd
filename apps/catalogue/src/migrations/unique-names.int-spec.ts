import { createTestDatabase, queryDatabase, type TestDatabase } from '@quotebook/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CreateCatalogue1767312000000 } from './1767312000000-create-catalogue';
import { ProductTextBytes1767398400000 } from './1767398400000-product-text-bytes';
import { UniqueTagAndVatRateNames1767571200000 } from './1767571200000-unique-tag-and-vat-rate-names';

const AGENCY = '11111111-1111-4111-8111-111111111111';
const OTHER_AGENCY = '22222222-2222-4222-8222-222222222222';

/** Rows as an agency left them before names had to be unique: created one minute apart, in this order. */
const TAGS: [tenant: string, type: string, name: string][] = [
  [AGENCY, 'product', 'Mare'],
  [AGENCY, 'product', ' mare'],
  [AGENCY, 'product', 'MARE'],
  [AGENCY, 'product', 'Mare (2)'],
  [AGENCY, 'customer', 'Mare'],
  [OTHER_AGENCY, 'product', 'Mare'],
];
const VAT_RATES: [tenant: string, description: string, rate: string][] = [
  [AGENCY, 'IVA ordinaria', '22.00'],
  [AGENCY, 'iva ordinaria ', '22.00'],
  [OTHER_AGENCY, 'IVA ordinaria', '22.00'],
];

describe(UniqueTagAndVatRateNames1767571200000.name, () => {
  let database: TestDatabase;
  let owner: { name: string; password: string };

  const query = (sql: string, params: unknown[] = []) => queryDatabase(database.url, sql, params);

  beforeAll(async () => {
    database = await createTestDatabase('names');
    const before = new DataSource({
      type: 'postgres',
      url: database.url,
      schema: 'catalogue',
      migrations: [CreateCatalogue1767312000000, ProductTextBytes1767398400000],
      migrationsTableName: 'migrations',
    });
    await before.initialize();
    try {
      await before.query('CREATE SCHEMA IF NOT EXISTS "catalogue"');
      await before.runMigrations({ transaction: 'each' });
    } finally {
      await before.destroy();
    }
    // the tables belong to an ordinary role, as in production: their row-level security binds it
    owner = { name: `catalogue_owner_${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('hex') };
    await query(`CREATE ROLE "${owner.name}" LOGIN PASSWORD '${owner.password}'`);
    await query(`ALTER SCHEMA "catalogue" OWNER TO "${owner.name}"`);
    for (const table of ['tags', 'vat_rates']) await query(`ALTER TABLE "catalogue"."${table}" OWNER TO "${owner.name}"`);
    for (const [index, [tenant, type, name]] of TAGS.entries()) {
      await query(
        `INSERT INTO catalogue.tags (tenant_id, target_type, name, created_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
        [tenant, type, name, 100 - index],
      );
    }
    for (const [index, [tenant, description, rate]] of VAT_RATES.entries()) {
      await query(
        `INSERT INTO catalogue.vat_rates (tenant_id, description, rate, created_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
        [tenant, description, rate, 100 - index],
      );
    }
  });

  afterAll(async () => {
    await database.drop();
    await queryDatabase(database.url.replace(/\/[^/]*$/, '/postgres'), `DROP ROLE IF EXISTS "${owner.name}"`);
  });

  async function runAsOwner(): Promise<void> {
    const url = new URL(database.url);
    url.username = owner.name;
    url.password = owner.password;
    const asOwner = new DataSource({ type: 'postgres', url: url.toString() });
    await asOwner.initialize();
    const runner = asOwner.createQueryRunner();
    try {
      await runner.startTransaction();
      await new UniqueTagAndVatRateNames1767571200000().up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
      await asOwner.destroy();
    }
  }

  it('keeps every record: the oldest keeps its name, later twins get the first free number', async () => {
    await runAsOwner();
    const tags = await query('SELECT tenant_id, target_type, name FROM catalogue.tags ORDER BY created_at');
    expect(tags.map((tag) => [tag['tenant_id'], tag['target_type'], tag['name']])).toEqual([
      [AGENCY, 'product', 'Mare'],
      [AGENCY, 'product', 'mare (3)'],
      [AGENCY, 'product', 'MARE (4)'],
      [AGENCY, 'product', 'Mare (2)'],
      [AGENCY, 'customer', 'Mare'],
      [OTHER_AGENCY, 'product', 'Mare'],
    ]);
    const rates = await query('SELECT tenant_id, description FROM catalogue.vat_rates ORDER BY created_at');
    expect(rates.map((rate) => [rate['tenant_id'], rate['description']])).toEqual([
      [AGENCY, 'IVA ordinaria'],
      [AGENCY, 'iva ordinaria (2)'],
      [OTHER_AGENCY, 'IVA ordinaria'],
    ]);
  });

  it('then refuses a new twin in the database itself, whatever its case and spaces, and keeps row-level security forced', async () => {
    await expect(
      query(`INSERT INTO catalogue.tags (tenant_id, target_type, name) VALUES ($1, 'product', ' MARE ')`, [AGENCY]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'tags_name_unique' });
    await expect(
      query(`INSERT INTO catalogue.vat_rates (tenant_id, description, rate) VALUES ($1, 'IVA ORDINARIA', 10)`, [AGENCY]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'vat_rates_description_unique' });
    const forced = await query(
      `SELECT relname, relforcerowsecurity FROM pg_class WHERE oid IN ('catalogue.tags'::regclass, 'catalogue.vat_rates'::regclass) ORDER BY relname`,
    );
    expect(forced).toEqual([
      { relname: 'tags', relforcerowsecurity: true },
      { relname: 'vat_rates', relforcerowsecurity: true },
    ]);
  });
});
