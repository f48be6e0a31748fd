import { createTestDatabase, queryDatabase, TestDatabase } from '@quotebook/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dataSourceOptions, initializeMigratedDataSource } from './database';

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
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('core');
  });
  afterAll(() => database.drop());

  it('creates the schema and migrates once when several replicas start together', async () => {
    const options = { ...dataSourceOptions({ url: database.url, schema: 'notes_test', entities: [], migrations: [CreateNotes1700000000000] }), url: database.url, schema: 'notes_test' };
    const replicas = await Promise.all([1, 2, 3].map(() => initializeMigratedDataSource(options)));
    try {
      const applied = await queryDatabase(database.url, 'SELECT name FROM "notes_test"."migrations"');
      expect(applied).toEqual([{ name: 'CreateNotes1700000000000' }]);
      expect(await replicas[2].query('SELECT count(*)::int AS count FROM "notes_test"."notes"')).toEqual([{ count: 0 }]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.destroy()));
    }
  });
});
