import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { type ProcessHandle, startIsolatedStack } from '@quotebook/testing';
import { createAgency, created, customerBody, productBody, type Agency } from '../api-test/catalogue-fixtures';
import { superadminToken } from '../api-test/http';
import { exitOf, expectExplained5xx, freeze, pause, runLoad, startReplica, thaw, timedApi, type TimedResponse } from './resilience-kit';

jest.setTimeout(120_000);

/** The bus timeout the stack runs with: a read is asked again after a quarter of it. */
const BUS_TIMEOUT_MS = 4000;
const CLIENTS = 8;
/** Long enough for requests to pile up on a frozen replica, short of the moment a read is asked again. */
const FROZEN_MS = 400;
const BURST = 8;

/** Whether a new TCP connection to the URL's port is refused (nothing listens there any more). */
function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** What `promise` gives, or `late` when it takes longer than `ms`. */
async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

type Kind = 'read' | 'write';
type Outcome = TimedResponse & { kind: Kind; what: string };

/**
 * Two catalogue replicas under the load of eight clients (products list, customers list, one product's
 * availability; customers created and updated) while one replica dies, one stops, and the gateway
 * stops. Before each break the victim is frozen for a moment, so that requests are certainly in flight
 * to it when it breaks; on a machine this fast they would otherwise be there only some of the time.
 */
describe('failover: no request lost when a replica dies or stops, or the gateway stops', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let agency: Agency;
  let productIds: string[];
  let customerIds: string[];
  const extraReplicas: ProcessHandle[] = [];

  /** The calls of the load: three reads, then two writes. */
  const limitMs = BUS_TIMEOUT_MS * 3;
  const operations: ((client: number, sequence: number) => Promise<Outcome>)[] = [
    async () => ({ ...(await timedApi('GET', `${agency.base}/products`, { token: agency.adminToken, base, limitMs })), kind: 'read', what: 'products' }),
    async () => ({ ...(await timedApi('GET', `${agency.base}/customers`, { token: agency.adminToken, base, limitMs })), kind: 'read', what: 'customers' }),
    async (_client, sequence) => {
      const path = `${agency.base}/products/${productIds[sequence % productIds.length]}/availability`;
      return { ...(await timedApi('GET', path, { token: agency.adminToken, base, limitMs })), kind: 'read', what: 'product' };
    },
    async (client, sequence) => {
      const body = customerBody({ name: `Cliente ${client}-${sequence}` });
      return { ...(await timedApi('POST', `${agency.base}/customers`, { token: agency.adminToken, base, body, limitMs })), kind: 'write', what: 'create customer' };
    },
    async (client, sequence) => {
      const path = `${agency.base}/customers/${customerIds[client % customerIds.length]}`;
      const body = customerBody({ name: `Cliente ${client} (${sequence})` });
      return { ...(await timedApi('PUT', path, { token: agency.adminToken, base, body, limitMs })), kind: 'write', what: 'update customer' };
    },
  ];
  const reads = operations.slice(0, 3);
  const writes = operations.slice(3);
  /** A client's call, chosen by its sequence: each client goes through the mix from its own place. */
  const call = (client: number, sequence: number) => operations[(client + sequence) % operations.length](client, sequence);
  /**
   * Calls of one kind sent at once beside the load, while the victim is frozen: the queue group hands
   * each to a replica at random, so with this many the victim surely holds some.
   */
  const burstOf = (kind: typeof operations) => Promise.all(Array.from({ length: BURST }, (_, i) => kind[i % kind.length](CLIENTS + i, i)));

  const succeeded = (outcome: Outcome) => outcome.status === 200 || outcome.status === 201;
  const summary = (outcomes: Outcome[]) => outcomes.filter((outcome) => !succeeded(outcome)).map(({ kind, what, status, elapsedMs, failure }) => ({ kind, what, status, elapsedMs, failure }));
  const gatewayLog = () => readFileSync(path.join(started.logDir, 'gateway.log'), 'utf8');
  const askedAgain = () => gatewayLog().match(/no answer within \d+ ms, asked again/g)?.length ?? 0;

  beforeAll(async () => {
    started = await startIsolatedStack('fail', { NATS_REQUEST_TIMEOUT_MS: String(BUS_TIMEOUT_MS) });
    base = started.stack.baseUrl;
    agency = await createAgency(await superadminToken(base), {}, base);
    productIds = [];
    customerIds = [];
    for (let i = 0; i < 3; i += 1) {
      productIds.push((await created(agency.adminToken, `${agency.base}/products`, productBody(), base)).id);
      customerIds.push((await created(agency.adminToken, `${agency.base}/customers`, customerBody(), base)).id);
    }
    extraReplicas.push(await startReplica(started, 'catalogue', 'second'));
  });

  afterAll(async () => {
    await Promise.all(extraReplicas.map((replica) => replica.stop()));
    await started?.stop();
  });

  it('a catalogue replica killed (SIGKILL) mid-load: no read fails; a write it held fails with a clear 5xx by the timeout', async () => {
    const victim = started.stack.processes['catalogue'];
    const askedBefore = askedAgain();
    const load = runLoad<Outcome>(CLIENTS, call);
    await pause(1000);

    freeze(victim);
    const burst = burstOf(reads);
    await pause(FROZEN_MS);
    victim.child.kill('SIGKILL');
    await exitOf(victim);
    await pause(2500);
    const outcomes = [...(await load.stop()), ...(await burst)];

    const readsMade = outcomes.filter((outcome) => outcome.kind === 'read');
    const failedWrites = outcomes.filter((outcome) => outcome.kind === 'write' && !succeeded(outcome));
    console.info(
      `SIGKILL of a catalogue replica: ${readsMade.length} reads, ${summary(readsMade).length} failed; ${outcomes.length - readsMade.length} writes, ` +
        `${failedWrites.length} failed (in flight to the replica that died): ${JSON.stringify(summary(failedWrites))}`,
    );
    expect(summary(readsMade)).toEqual([]);
    // the dead replica held reads, which were asked again of the other one
    expect(askedAgain()).toBeGreaterThan(askedBefore);
    for (const write of failedWrites) {
      expectExplained5xx(write);
      // answered by the timeout, not hanging past it
      expect(write.elapsedMs).toBeLessThan(BUS_TIMEOUT_MS + 2000);
    }
  });

  it('a catalogue replica stopped (SIGTERM) mid-load: no request of any kind fails, and it exits by itself', async () => {
    // the replica killed above comes back, so that two take the load again
    extraReplicas.push(await startReplica(started, 'catalogue', 'third'));
    const victim = extraReplicas[0];
    const load = runLoad<Outcome>(CLIENTS, call);
    await pause(1000);

    freeze(victim);
    // reads it holds would be asked again of the other replica anyway: writes show what the drain does
    const burst = burstOf(writes);
    await pause(FROZEN_MS);
    victim.child.kill('SIGTERM');
    thaw(victim);
    expect(await exitOf(victim)).toEqual({ code: 0, signal: null });
    await pause(1500);
    const outcomes = [...(await load.stop()), ...(await burst)];

    const writesMade = outcomes.filter((outcome) => outcome.kind === 'write').length;
    console.info(`SIGTERM of a catalogue replica: ${outcomes.length - writesMade} reads and ${writesMade} writes, ${summary(outcomes).length} failed`);
    expect(summary(outcomes)).toEqual([]);
    expect(readFileSync(path.join(started.logDir, 'catalogue-second.log'), 'utf8')).toMatch(/SIGTERM: taking no new requests/);
  });

  it('the gateway stopped (SIGTERM) under load: every request it took gets its normal answer, and it exits while its clients keep sending', async () => {
    const gateway = started.stack.processes['gateway'];
    const replicas = [extraReplicas[1], started.stack.processes['catalogue']].filter((replica) => replica.child.exitCode === null && replica.child.signalCode === null);
    // the load's clients keep their connections alive and busy until the end
    const load = runLoad<Outcome>(CLIENTS, call);
    await pause(1000);

    // the replicas hold every request until the gateway has been told to stop
    for (const replica of replicas) freeze(replica);
    const inFlight = burstOf(operations);
    await pause(FROZEN_MS);
    gateway.child.kill('SIGTERM');
    // no new connection is taken, while the requests taken are still waiting for their answers
    let refused = false;
    for (let attempt = 0; attempt < 50 && !refused; attempt += 1) {
      refused = await connectionRefused(base);
      if (!refused) await pause(10);
    }
    for (const replica of replicas) thaw(replica);

    expect(refused).toBe(true);
    const answers = await inFlight;
    expect(summary(answers)).toEqual([]);
    // each connection is closed with its answer, so none keeps the stopping gateway waiting
    expect(answers.map((answer) => answer.headers.get('connection'))).toEqual(answers.map(() => 'close'));
    const exit = await within(exitOf(gateway), 5000, 'still running while its clients send');
    const outcomes = await load.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    // a request on a connection the gateway closed is refused, never answered with an error
    const answered = outcomes.filter((outcome) => outcome.status !== 0);
    console.info(`SIGTERM of the gateway: ${answered.length} load requests answered, ${outcomes.length - answered.length} refused once it stopped`);
    expect(summary(answered)).toEqual([]);
    expect(gatewayLog()).toMatch(/SIGTERM: taking no new connections, answering the \d+ request\(s\) in flight/);
  });
});
