import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type PostgresServer, queryDatabase, startIsolatedStack, startPostgresServer } from '@quotebook/testing';
import { createAgency, customerBody, type Agency } from '../api-test/catalogue-fixtures';
import { superadminToken } from '../api-test/http';
import { deadProcesses, expectExplained5xx, pause, runLoad, timedApi } from './resilience-kit';

jest.setTimeout(120_000);

/** Writes succeed again within this after PostgreSQL is back. */
const RECOVERY_MS = 3000;

/**
 * This file runs its stack on a PostgreSQL cluster of its own (initdb into a temporary folder), because
 * it restarts it: the machine's PostgreSQL and the other stacks' databases are not disturbed.
 */
describe('PostgreSQL restarted under a write load', () => {
  let postgres: PostgresServer;
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let agency: Agency;

  beforeAll(async () => {
    postgres = await startPostgresServer();
    started = await startIsolatedStack('fpg', {}, { postgresUrl: postgres.url });
    base = started.stack.baseUrl;
    agency = await createAgency(await superadminToken(base), {}, base);
  });

  afterAll(async () => {
    await started?.stop();
    await postgres?.destroy();
  });

  it('every 201 is a stored customer, every failure (reads too) a 503 that says the database is unavailable, no customer twice; all succeed again once it is back', async () => {
    const run = randomBytes(3).toString('hex');
    const token = agency.adminToken;
    // four clients write, one reads
    const load = runLoad(5, async (client, sequence) => {
      if (client === 4) return { name: null, ...(await timedApi('GET', `${agency.base}/customers`, { token, base, limitMs: 30_000 })) };
      const name = `Cliente ${run} ${client}-${sequence}`;
      return { name, ...(await timedApi('POST', `${agency.base}/customers`, { token, base, limitMs: 30_000, body: customerBody({ name }) })) };
    });
    await pause(1500);

    // a fast shutdown ends every session (what was committed is kept), then the cluster starts again
    await postgres.stop('fast');
    await pause(2000);
    await postgres.start();
    const backAt = Date.now();
    await pause(RECOVERY_MS + 2000);
    const outcomes = await load.stop();

    const createdOnes = outcomes.filter((outcome) => outcome.status === 201);
    const failed = outcomes.filter((outcome) => outcome.status !== (outcome.name === null ? 200 : 201));
    expect(new Set(failed.map((outcome) => (outcome.name === null ? 'read' : 'write')))).toEqual(new Set(['read', 'write']));
    for (const outcome of failed) {
      expectExplained5xx(outcome);
      expect({ status: outcome.status, reason: outcome.body.reason, message: outcome.body.message }).toEqual({
        status: 503,
        reason: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/database/i),
      });
    }
    const stored = await queryDatabase<{ id: string; name: string }>(started.database.url, 'SELECT id, name FROM catalogue.customers WHERE tenant_id = $1 AND name LIKE $2', [
      agency.tenantId,
      `Cliente ${run} %`,
    ]);
    const storedIds = new Map(stored.map((row) => [row.id, row.name]));
    expect(createdOnes.filter((outcome) => storedIds.get(outcome.body.id) !== outcome.name)).toEqual([]);
    expect(new Set(stored.map((row) => row.name)).size).toBe(stored.length);
    const afterRecovery = outcomes.filter((outcome) => outcome.startedAt >= backAt + RECOVERY_MS);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((outcome) => outcome.status !== (outcome.name === null ? 200 : 201)).map(({ status, body }) => ({ status, body }))).toEqual([]);
    expect(deadProcesses(started.stack.processes)).toEqual([]);
    // the failed writes are logged without what they carried (the customer's e-mail, phone, VAT number)
    const catalogueLog = readFileSync(path.join(started.logDir, 'catalogue.log'), 'utf8');
    const personal = [customerBody({}).email, customerBody({}).phone, customerBody({}).vatNumber].map(String);
    expect(personal.filter((value) => catalogueLog.includes(value))).toEqual([]);
  });
});
