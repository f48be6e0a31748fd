import { randomBytes } from 'node:crypto';
import { eventually, type NatsServer, startIsolatedStack, startNatsServer } from '@quotebook/testing';
import { createAgency, created, customerBody, type Agency } from '../api-test/catalogue-fixtures';
import { api, superadminToken } from '../api-test/http';
import { deadProcesses, expectErrorBody, pause, runLoad, timedApi, type TimedResponse } from './resilience-kit';

jest.setTimeout(120_000);

/** How long the gateway waits for a service's answer (the stack's default). */
const BUS_TIMEOUT_MS = 4000;
/** What an answer may take beyond the bus timeout on two shared cores: a request is stuck past it. */
const MARGIN_MS = 2000;
/** The stack is back within this after NATS is. */
const RECOVERY_MS = 5000;
/** How long a call made while the bus is away waits for it before it is refused (RpcClient's BUS_AWAY_WAIT_MS). */
const BUS_AWAY_WAIT_MS = 1000;

/**
 * This file runs its stack on a NATS server of its own (JetStream kept in a folder of its own), because
 * it stops and starts it: the machine's NATS and the other stacks on it are not disturbed.
 */
describe('NATS restarted under load', () => {
  let nats: NatsServer;
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let agency: Agency;

  beforeAll(async () => {
    nats = await startNatsServer();
    started = await startIsolatedStack('fnats', { NATS_URL: nats.url, NATS_REQUEST_TIMEOUT_MS: String(BUS_TIMEOUT_MS) });
    base = started.stack.baseUrl;
    agency = await createAgency(await superadminToken(base), {}, base);
  });

  afterAll(async () => {
    await started?.stop();
    await nats?.destroy();
  });

  it('no request is stuck while NATS is away (each answered within the bus timeout), and reads, writes and events work again within 5 s', async () => {
    const token = agency.adminToken;
    const run = randomBytes(3).toString('hex');
    const load = runLoad<TimedResponse & { kind: 'read' | 'write' }>(4, async (client, sequence) =>
      client % 2 === 0
        ? { kind: 'read', ...(await timedApi('GET', `${agency.base}/customers`, { token, base, limitMs: 30_000 })) }
        : {
            kind: 'write',
            ...(await timedApi('POST', `${agency.base}/customers`, { token, base, limitMs: 30_000, body: customerBody({ name: `Cliente ${run} ${client}-${sequence}` }) })),
          },
    );
    await pause(1500);

    await nats.stop();
    const stoppedAt = Date.now();
    // away longer than the bus timeout: a call that was on its way when NATS went (its answer lost) has
    // ended before NATS is back, and each client has also asked while the bus was known to be away
    await pause(BUS_TIMEOUT_MS + 2000);
    await nats.start();
    const backAt = Date.now();
    await pause(RECOVERY_MS + 2000);
    const outcomes = await load.stop();

    // every request got an HTTP answer, and none waited past the bus timeout
    expect(outcomes.filter((outcome) => outcome.status === 0)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.elapsedMs > BUS_TIMEOUT_MS + MARGIN_MS).map(({ kind, status, elapsedMs }) => ({ kind, status, elapsedMs }))).toEqual([]);
    // a request that came while NATS was away is answered within the bus-away wait, not held to the bus timeout
    const whileAway = outcomes.filter((outcome) => outcome.startedAt >= stoppedAt + 500 && outcome.startedAt < backAt - BUS_AWAY_WAIT_MS);
    expect(whileAway.length).toBeGreaterThan(0);
    expect(whileAway.filter((outcome) => outcome.elapsedMs > BUS_AWAY_WAIT_MS + MARGIN_MS).map(({ kind, status, elapsedMs }) => ({ kind, status, elapsedMs }))).toEqual([]);
    expect(whileAway.filter((outcome) => outcome.status !== 503).map(({ kind, status }) => ({ kind, status }))).toEqual([]);
    // while NATS was away: refused as unavailable or timed out, in the project's error body
    const refused = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) {
      expect(outcome.startedAt + outcome.elapsedMs).toBeGreaterThanOrEqual(stoppedAt);
      expectErrorBody(outcome, outcome.status, outcome.status === 503 ? 'SERVICE_UNAVAILABLE' : 'SERVICE_TIMEOUT');
    }
    // and within 5 s of NATS being back, every read and write succeeds again
    const afterRecovery = outcomes.filter((outcome) => outcome.startedAt >= backAt + RECOVERY_MS);
    expect(new Set(afterRecovery.map((outcome) => outcome.kind))).toEqual(new Set(['read', 'write']));
    expect(afterRecovery.filter((outcome) => outcome.status !== (outcome.kind === 'read' ? 200 : 201)).map(({ kind, status, body }) => ({ kind, status, body }))).toEqual([]);
    expect(deadProcesses(started.stack.processes)).toEqual([]);

    // the durable consumers read again: a customer renamed now is renamed on its quote (customer.changed)
    const customer = await created(token, `${agency.base}/customers`, customerBody(), base);
    const quote = await created(token, `${agency.base}/quotes`, { customerId: customer.id, serviceDate: '2030-07-15' }, base);
    const renamed = `Grand Hotel ${run}`;
    expect((await api('PUT', `${agency.base}/customers/${customer.id}`, { token, base, body: customerBody({ name: renamed }) })).status).toBe(200);
    await eventually(async () => expect((await api('GET', `${agency.base}/quotes/${quote.id}`, { token, base })).body.customerName).toBe(renamed), RECOVERY_MS, 200);
  });
});
