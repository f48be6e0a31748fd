import { RpcException } from '@nestjs/microservices';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Column, type DataSource, Entity, type EntityManager, type MigrationInterface, PrimaryColumn, type QueryRunner } from 'typeorm';
import { dataSourceOptions, initializeMigratedDataSource } from './database';
import { readTenant, withTenant } from './tenant-transaction';

// server-core sits below libs/testing, so this file makes its own throwaway database
const SERVER_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'rls_test';
// roles are cluster-wide: every run of this file shares this one, the migration tolerates it existing
const RUNTIME_ROLE = 'quotebook_core_rls_test';

async function onServer(sql: string, url = SERVER_URL, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "${SCHEMA}"."notes" (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        body text NOT NULL
      )`);
    await runner.query(`ALTER TABLE "${SCHEMA}"."notes" ENABLE ROW LEVEL SECURITY`);
    await runner.query(`ALTER TABLE "${SCHEMA}"."notes" FORCE ROW LEVEL SECURITY`);
    await runner.query(`
      CREATE POLICY tenant_isolation ON "${SCHEMA}"."notes"
        USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
        WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`);
    await runner.query(`
      DO $$ BEGIN CREATE ROLE ${RUNTIME_ROLE} NOLOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    await runner.query(`GRANT USAGE ON SCHEMA "${SCHEMA}" TO ${RUNTIME_ROLE}`);
    await runner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON "${SCHEMA}"."notes" TO ${RUNTIME_ROLE}`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${SCHEMA}"."notes"`);
  }
}

@Entity({ schema: SCHEMA, name: 'notes' })
class Note {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId!: string;

  @Column('text')
  body!: string;
}

/** The pg error code a failed call ended with. */
async function pgCodeOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    return (error as { driverError?: { code?: string } }).driverError?.code;
  }
  throw new Error('the call succeeded but was expected to fail');
}

describe(withTenant.name, () => {
  const name = `core_rls_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
  const tenantA = randomUUID();
  const tenantB = randomUUID();
  let sut: DataSource;

  beforeAll(async () => {
    await onServer(`CREATE DATABASE "${name}"`);
    const options = dataSourceOptions({ url, schema: SCHEMA, entities: [Note], migrations: [CreateNotes1700000000000] });
    // one pooled connection: what one transaction set is what the next query would inherit; the
    // refused writes below are expected, so they are not logged
    sut = await initializeMigratedDataSource({ ...options, logging: false, extra: { max: 1 }, url, schema: SCHEMA }, RUNTIME_ROLE);
    // written as the owner (a superuser here), which row-level security does not restrict
    await onServer(
      `INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'a-1'), ($1, 'a-2'), ($2, 'b-1')`,
      url,
      [tenantA, tenantB],
    );
  });

  afterAll(async () => {
    await sut?.destroy();
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  const bodies = (rows: { body: string }[]) => rows.map((row) => row.body).sort();

  it('works as the runtime role, which owns no table and may not bypass row-level security', async () => {
    expect(await sut.query('SELECT current_user AS role')).toEqual([{ role: RUNTIME_ROLE }]);
    const [role] = await sut.query('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user');
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    expect(await sut.query(`SELECT tablename FROM pg_tables WHERE tableowner = current_user`)).toEqual([]);
  });

  it('sees no row at all without the tenant setting', async () => {
    expect(await onServer(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`, url)).toEqual([{ n: 3 }]);
    expect(await sut.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`)).toEqual([{ n: 0 }]);
  });

  it("sees only tenant A's rows under tenant A, even with no WHERE", async () => {
    const rows = await withTenant(sut, tenantA, (manager) => manager.query(`SELECT body FROM "${SCHEMA}"."notes"`));
    expect(bodies(rows)).toEqual(['a-1', 'a-2']);
    const other = await withTenant(sut, tenantB, (manager) => manager.query(`SELECT body FROM "${SCHEMA}"."notes"`));
    expect(bodies(other)).toEqual(['b-1']);
  });

  it("cannot change or delete tenant B's rows under tenant A", async () => {
    const result = await withTenant(sut, tenantA, async (manager) => ({
      updated: await manager.query(`UPDATE "${SCHEMA}"."notes" SET body = 'stolen' WHERE body = 'b-1'`),
      deleted: await manager.query(`DELETE FROM "${SCHEMA}"."notes" WHERE body = 'b-1'`),
    }));
    expect(result).toEqual({ updated: [[], 0], deleted: [[], 0] });
    expect(await onServer(`SELECT body FROM "${SCHEMA}"."notes" WHERE tenant_id = $1`, url, [tenantB])).toEqual([{ body: 'b-1' }]);
  });

  it("refuses to write a row of tenant B under tenant A (insert or move), and nothing is kept", async () => {
    const insert = withTenant(sut, tenantA, (manager) =>
      manager.query(`INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'planted')`, [tenantB]),
    );
    expect(await pgCodeOf(insert)).toBe('42501');
    const move = withTenant(sut, tenantA, (manager) =>
      manager.query(`UPDATE "${SCHEMA}"."notes" SET tenant_id = $1 WHERE body = 'a-1'`, [tenantB]),
    );
    expect(await pgCodeOf(move)).toBe('42501');
    expect(await onServer(`SELECT body FROM "${SCHEMA}"."notes" WHERE tenant_id = $1 ORDER BY body`, url, [tenantB])).toEqual([
      { body: 'b-1' },
    ]);
  });

  it('is one transaction: a failure after writes keeps none of them, a nested transaction included', async () => {
    const work = withTenant(sut, tenantA, async (manager) => {
      await manager.query(`INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'kept-not')`, [tenantA]);
      // TypeORM's own transactions inside (as save() opens one) join it instead of committing it
      await manager.transaction((inner) => inner.query(`INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'kept-not')`, [tenantA]));
      throw new Error('work failed');
    });
    await expect(work).rejects.toThrow('work failed');
    expect(await onServer(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes" WHERE body = 'kept-not'`, url)).toEqual([{ n: 0 }]);
    await withTenant(sut, tenantA, (manager) => manager.transaction((inner) => inner.query(`UPDATE "${SCHEMA}"."notes" SET body = 'a-1' WHERE body = 'a-1'`)));
    expect(await withTenant(sut, tenantA, (manager) => manager.query(`SELECT body FROM "${SCHEMA}"."notes" ORDER BY body`))).toEqual([
      { body: 'a-1' },
      { body: 'a-2' },
    ]);
  });

  it('does not carry the tenant past its transaction, also when the work failed', async () => {
    await withTenant(sut, tenantA, (manager) => manager.query('SELECT 1'));
    expect(await sut.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`)).toEqual([{ n: 0 }]);
    await expect(withTenant(sut, tenantA, () => Promise.reject(new Error('work failed')))).rejects.toThrow('work failed');
    expect(await sut.query(`SELECT current_setting('app.tenant_id', true) AS setting`)).toEqual([{ setting: '' }]);
  });

  it('refuses a tenant id that is not a UUID before touching the database', async () => {
    const error = await withTenant(sut, "' OR true --", () => Promise.resolve()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RpcException);
    expect((error as RpcException).getError()).toMatchObject({ statusCode: 400, message: ['tenantId must be a UUID'] });
  });

  /** Messages sent to the server while `action` runs (each is one round trip). */
  async function messagesOf(action: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(Client.prototype, 'query');
    try {
      await action();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('opens its transaction in the round trip of the first query: a read is two messages, one with its commit', async () => {
    const read = () => withTenant(sut, tenantA, (manager) => manager.query(`SELECT body FROM "${SCHEMA}"."notes" WHERE body = $1`, ['a-1']));
    expect(await messagesOf(read)).toBe(2);
    expect(await read()).toEqual([{ body: 'a-1' }]);
    // work that sends nothing opens nothing
    expect(await messagesOf(() => withTenant(sut, tenantA, () => Promise.resolve(1)))).toBe(0);
  });

  it('sends queries started together one after another: pg never holds two at once on the connection', async () => {
    let running = 0;
    let most = 0;
    const query = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      running += 1;
      most = Math.max(most, running);
      const settled = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      return settled.finally(() => (running -= 1));
    } as typeof query);
    try {
      const results = await withTenant(sut, tenantA, (manager) =>
        Promise.all([
          manager.query(`SELECT body FROM "${SCHEMA}"."notes" WHERE body = $1`, ['a-1']),
          manager.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`),
          manager.query(`SELECT body FROM "${SCHEMA}"."notes" WHERE body = $1`, ['b-1']),
        ]),
      );
      expect(results).toEqual([[{ body: 'a-1' }], [{ n: 2 }], []]);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("rolls back a transaction whose first query failed, and the connection serves the next work", async () => {
    const failing = withTenant(sut, tenantA, (manager) => manager.query(`INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'x')`, [tenantB]));
    expect(await pgCodeOf(failing)).toBe('42501');
    expect(bodies(await withTenant(sut, tenantA, (manager) => manager.query(`SELECT body FROM "${SCHEMA}"."notes"`)))).toEqual(['a-1', 'a-2']);
  });

  describe(readTenant.name, () => {
    it("sends each query in one round trip, seeing only the tenant's rows", async () => {
      const read = () =>
        readTenant(sut, tenantB, async (manager) => ({
          all: await manager.query(`SELECT body FROM "${SCHEMA}"."notes"`),
          one: await manager.query(`SELECT body FROM "${SCHEMA}"."notes" WHERE body = ANY($1) AND tenant_id = $2`, [['b-1', 'a-1'], tenantB]),
        }));
      expect(await messagesOf(read)).toBe(2);
      expect(await read()).toEqual({ all: [{ body: 'b-1' }], one: [{ body: 'b-1' }] });
    });

    it('sends the queries started together in one message, each answered with its own result', async () => {
      const read = () =>
        readTenant(sut, tenantA, (manager) =>
          Promise.all([
            manager.query(`SELECT body FROM "${SCHEMA}"."notes" WHERE body = $1`, ['a-1']),
            manager.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`),
            manager.query(`SELECT body FROM "${SCHEMA}"."notes" WHERE body = $1`, ['b-1']),
          ]),
        );
      expect(await messagesOf(read)).toBe(1);
      expect(await read()).toEqual([[{ body: 'a-1' }], [{ n: 2 }], []]);
      // a statement ending in a line comment does not swallow the next one
      const commented = readTenant(sut, tenantA, (manager) => Promise.all([manager.query('SELECT 1 AS one -- the first'), manager.query('SELECT 2 AS two')]));
      expect(await commented).toEqual([[{ one: 1 }], [{ two: 2 }]]);
      // one failing statement fails the message: every query of it is refused, none is answered half
      const failing = readTenant(sut, tenantA, (manager) =>
        Promise.allSettled([manager.query('SELECT 1 AS one'), manager.query('SELECT 1 / 0')]),
      );
      expect((await failing).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    });

    it('answers parameters exactly as the extended protocol does', async () => {
      const text = 'SELECT $1::text AS t, $2::int AS i, $3::numeric AS n, $4::boolean AS b, $5::jsonb AS j, $6::text[] AS a, $7::bytea AS y, $8::timestamptz AS d, $9::text AS z';
      const values = ["l'isola \\ città", 42, '12.50', false, { it: 'Gita', en: "O'Brien" }, ['a', 'b"c', null], Buffer.from([0, 255]), new Date('2026-03-01T10:00:00Z'), null];
      const direct = await sut.query(text, values);
      expect(await readTenant(sut, tenantA, (manager) => manager.query(text, values))).toEqual(direct);
    });

    it('lets reads started together see one snapshot: a row written between them shows in none', async () => {
      const count = `SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`;
      const reads = readTenant(sut, tenantA, (manager) =>
        Promise.all([manager.query(count), manager.query('SELECT pg_sleep(0.4) AS slept'), manager.query(count)]),
      );
      // written and committed on a connection of its own while the reads' message sleeps between its
      // first and last statement
      await new Promise((resolve) => setTimeout(resolve, 150));
      await onServer(`INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'meanwhile')`, url, [tenantA]);
      const [before, , after] = await reads;
      try {
        expect(after).toEqual(before);
        expect(await readTenant(sut, tenantA, (manager) => manager.query(count))).toEqual([{ n: before[0].n + 1 }]);
      } finally {
        await onServer(`DELETE FROM "${SCHEMA}"."notes" WHERE body = 'meanwhile'`, url);
      }
    });

    it("serves TypeORM's other reads (find, a query builder) under the tenant and in the read's messages too", async () => {
      const read = () =>
        readTenant(sut, tenantA, async (manager) => ({
          found: bodies(await manager.find(Note)),
          built: await manager.createQueryBuilder(Note, 'note').select('note.body', 'body').where('note.body LIKE :start', { start: '%-1' }).getRawMany(),
        }));
      expect(await read()).toEqual({ found: ['a-1', 'a-2'], built: [{ body: 'a-1' }] });
      expect(await messagesOf(read)).toBe(2);
    });

    it('gives each read a manager of the same shape: its query runner is found on the prototype, made only when asked for', async () => {
      const [first, second] = await Promise.all([readTenant(sut, tenantA, async (manager) => manager), readTenant(sut, tenantB, async (manager) => manager)]);
      expect(Object.getOwnPropertyNames(first)).not.toContain('queryRunner');
      expect(Object.getOwnPropertyNames(first)).toEqual(Object.getOwnPropertyNames(second));
      expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
    });

    it('holds no pooled connection between its messages: on a pool of one, another read runs in between', async () => {
      const count = `SELECT count(*)::int AS n FROM "${SCHEMA}"."notes"`;
      const nested = readTenant(sut, tenantA, async (manager) => [
        await manager.query(count),
        // a connection held by the outer read would leave this one waiting for the pool for ever
        await readTenant(sut, tenantB, (inner) => inner.query(count)),
        await manager.query(count),
      ]);
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise((resolve) => (timer = setTimeout(() => resolve('waited for the pool'), 5000)));
      try {
        expect(await Promise.race([nested, stuck])).toEqual([[{ n: 2 }], [{ n: 1 }], [{ n: 2 }]]);
      } finally {
        clearTimeout(timer);
      }
    });

    it('refuses what its work sends once the read has ended, by any way', async () => {
      let kept: EntityManager | undefined;
      await readTenant(sut, tenantA, async (manager) => {
        kept = manager;
      });
      const manager = kept as EntityManager;
      await expect(manager.query('SELECT 1')).rejects.toMatchObject({ name: 'QueryRunnerAlreadyReleasedError' });
      await expect(manager.find(Note)).rejects.toMatchObject({ name: 'QueryRunnerAlreadyReleasedError' });
    });

    it('is read-only, and does not carry the tenant past its queries', async () => {
      const write = readTenant(sut, tenantA, (manager) => manager.query(`INSERT INTO "${SCHEMA}"."notes" (tenant_id, body) VALUES ($1, 'no')`, [tenantA]));
      expect(await pgCodeOf(write)).toBe('25006');
      expect(await sut.query(`SELECT current_setting('app.tenant_id', true) AS setting, count(*)::int AS n FROM "${SCHEMA}"."notes"`)).toEqual([
        { setting: '', n: 0 },
      ]);
      const error = await readTenant(sut, 'not-a-uuid', () => Promise.resolve()).catch((caught: unknown) => caught);
      expect((error as RpcException).getError()).toMatchObject({ statusCode: 400 });
    });
  });
});
