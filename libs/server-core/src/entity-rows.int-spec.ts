import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Column, CreateDateColumn, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dataSourceOptions } from './database';
import { entityRows } from './entity-rows';

// server-core sits below libs/testing, so this file makes its own throwaway database
const SERVER_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

@Entity({ name: 'offers', schema: 'rows_test' })
class Offer {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId!: string;

  @Column('text', { name: 'offer_name' })
  name!: string;

  @Column('numeric', { precision: 10, scale: 2, nullable: true })
  price!: string | null;

  @Column('date', { name: 'valid_from' })
  validFrom!: string;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;

  @Column('jsonb', { default: {} })
  texts!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'offers', schema: 'rows_test' })
class TransformedOffer {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text', { name: 'offer_name', transformer: { from: (value: string) => value.toUpperCase(), to: (value: string) => value } })
  name!: string;
}

describe(entityRows.name, () => {
  const name = `rows_test_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
  const tenants = ['0b7e4c1e-3f5a-4e7b-8c9d-1a2b3c4d5e6f', '9d2a1c3e-5b4f-4a6e-8d7c-0e1f2a3b4c5d'];
  let sut: DataSource;

  beforeAll(async () => {
    await onServer(`CREATE DATABASE "${name}"`);
    sut = await new DataSource(dataSourceOptions({ url, schema: 'rows_test', entities: [Offer, TransformedOffer], migrations: [] })).initialize();
    await sut.query(`CREATE SCHEMA rows_test`);
    await sut.query(`CREATE TABLE rows_test.offers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), tenant_id uuid NOT NULL, offer_name text NOT NULL, price numeric(10,2),
      valid_from date NOT NULL, is_active boolean NOT NULL, texts jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL DEFAULT now())`);
    await sut.query(`INSERT INTO rows_test.offers (tenant_id, offer_name, price, valid_from, is_active, texts) VALUES
      ($1, 'Mare', '45.50', '2026-06-01', true, '{"it": "Mare"}'), ($1, 'Lago', NULL, '2026-05-01', false, '{}'),
      ($1, 'Monti', '12.00', '2026-06-01', true, '{"en": "Mountains"}'), ($2, 'Mare', '99.00', '2026-06-01', true, '{}')`, [tenants[0], tenants[1]]);
  });
  afterAll(async () => {
    await sut?.destroy();
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('answers what find answers for the same filter and order, field for field', async () => {
    const order = { validFrom: 'DESC', name: 'ASC' } as const;
    for (const where of [{ tenantId: tenants[0] }, { tenantId: tenants[0], isActive: true }, { tenantId: tenants[1] }]) {
      const rows = await entityRows(sut.manager, Offer, where, order);
      const found = await sut.manager.find(Offer, { where, order });
      expect(rows).toEqual(found.map((offer) => ({ ...offer })));
    }
    const [mare] = await entityRows(sut.manager, Offer, { tenantId: tenants[0], name: 'Mare' }, {});
    expect(mare).toEqual({ id: expect.any(String), tenantId: tenants[0], name: 'Mare', price: '45.50', validFrom: '2026-06-01', isActive: true, texts: { it: 'Mare' }, createdAt: expect.any(Date) });
  });

  it('answers the same list again from the statement it built the first time', async () => {
    const query = jest.spyOn(sut.manager, 'query');
    await entityRows(sut.manager, Offer, { tenantId: tenants[0] }, { name: 'ASC' });
    await entityRows(sut.manager, Offer, { tenantId: tenants[1] }, { name: 'ASC' });
    expect(query.mock.calls.map(([statement]) => statement)).toEqual([query.mock.calls[0][0], query.mock.calls[0][0]]);
    expect(query.mock.calls.map(([, values]) => values)).toEqual([[tenants[0]], [tenants[1]]]);
    query.mockRestore();
  });

  it('refuses an entity whose column the ORM would transform, and a field that is no column', async () => {
    expect(() => entityRows(sut.manager, TransformedOffer, {}, { name: 'ASC' })).toThrow('TransformedOffer.name (text) is not read as it is stored');
    expect(() => entityRows(sut.manager, Offer, { owner: 'x' } as never, {})).toThrow('Offer has no column owner');
  });
});
