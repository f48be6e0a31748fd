import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions, initializeMigratedDataSource, withRuntimeRole } from './database';

// server-core sits below libs/testing, so this file makes its own throwaway database
const SERVER_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(sql: string, url = SERVER_URL): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE "notes_test"."notes" (id serial PRIMARY KEY, body text NOT NULL)');
    // slow enough that two unlocked replicas would both try to create the table
    await runner.query('SELECT pg_sleep(0.3)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "notes_test"."notes"');
  }
}

describe(initializeMigratedDataSource.name, () => {
  const name = `core_test_${randomBytes(5).toString('hex')}`;
  const database = { url: Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString() };

  beforeAll(() => onServer(`CREATE DATABASE "${name}"`));
  afterAll(() => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  it('creates the schema and migrates once when several replicas start together', async () => {
    const options = { ...dataSourceOptions({ url: database.url, schema: 'notes_test', entities: [], migrations: [CreateNotes1700000000000] }), url: database.url, schema: 'notes_test' };
    const replicas = await Promise.all([1, 2, 3].map(() => initializeMigratedDataSource(options)));
    try {
      const applied = await onServer('SELECT name FROM "notes_test"."migrations"', database.url);
      expect(applied).toEqual([{ name: 'CreateNotes1700000000000' }]);
      expect(await replicas[2].query('SELECT count(*)::int AS count FROM "notes_test"."notes"')).toEqual([{ count: 0 }]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.destroy()));
    }
  });
});

describe(withRuntimeRole.name, () => {
  it('opens every connection as the role, with JIT compilation off', async () => {
    const [{ role }] = await onServer('SELECT current_user AS role');
    const data = await new DataSource(withRuntimeRole(dataSourceOptions({ url: SERVER_URL, schema: 'public', entities: [], migrations: [] }), String(role))).initialize();
    try {
      // several at once: each pooled connection, not only the first, starts so
      const answers = await Promise.all([1, 2, 3].map(() => data.query("SELECT current_setting('role') AS role, current_setting('jit') AS jit, pg_sleep(0.05)::text")));
      expect(answers.map(([answer]) => ({ role: answer.role, jit: answer.jit }))).toEqual([1, 2, 3].map(() => ({ role, jit: 'off' })));
    } finally {
      await data.destroy();
    }
  });

  it('refuses a role name that is not plain', () => {
    expect(() => withRuntimeRole(dataSourceOptions({ url: SERVER_URL, schema: 'public', entities: [], migrations: [] }), 'app -c jit=on')).toThrow('Not a plain role name');
  });
});
