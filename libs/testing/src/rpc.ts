// Kept out of the package index: it loads the DTO classes (legacy decorators), which the browser
// journeys' TypeScript loader cannot compile.
import { NestFactory } from '@nestjs/core';
import { EVENTS_STREAM, type AppError, type Principal, type RpcPattern, type TenantSessionState } from '@quotebook/contracts';
import {
  carriedAppError,
  encodeTenantState,
  encodeUserState,
  raiseSessionState,
  RpcClient,
  RpcClientModule,
  sessionKeys,
} from '@quotebook/server-core';
import Redis from 'ioredis';
import { connect } from 'nats';
import { TEST_NATS_URL, TEST_REDIS_URL } from './database';

/**
 * What the gateway would use: a typed NATS client on this test file's subject prefix. With
 * `registerSessions`, it plays the gateway's part too: the gateway forwards only principals whose
 * session is current, so the principal of each request is registered (registerSession) before it is
 * sent. A test sends a stale principal by registering a newer version of it first.
 */
export async function connectClient(options: { registerSessions?: boolean } = {}): Promise<{ rpc: RpcClient; close(): Promise<void> }> {
  const context = await NestFactory.createApplicationContext(
    RpcClientModule.forRoot({ natsUrl: TEST_NATS_URL, timeoutMs: 8000 }),
    { logger: false },
  );
  const rpc = context.get(RpcClient);
  if (options.registerSessions) {
    const send = rpc.send.bind(rpc);
    rpc.send = (async (pattern, request, timeoutMs) => {
      const principal = (request as { principal?: unknown } | null)?.principal;
      if (isPrincipal(principal)) await registerSession(principal);
      return send(pattern, request, timeoutMs);
    }) as RpcClient['send'];
  }
  return { rpc, close: () => context.close() };
}

function isPrincipal(value: unknown): value is Principal {
  const candidate = value as Partial<Principal> | null;
  return typeof candidate?.userId === 'string' && typeof candidate.sessionVersion === 'number';
}

/** The AppError a call failed with (fails the test when the call succeeded). */
export async function rpcError(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    const carried = carriedAppError(error);
    if (carried) return carried;
    throw error;
  }
  throw new Error('the call succeeded but was expected to fail');
}

/** How many requests were sent on a subject since the watch began. */
export interface RequestWatch {
  readonly count: number;
  stop(): Promise<void>;
}

/**
 * Watches the requests sent on a pattern's subject from now on: a listener beside its service, outside
 * its queue group, so it sees every request without answering any (e.g. to prove one call, not one per row).
 */
export async function watchRequests(pattern: RpcPattern<never, unknown>): Promise<RequestWatch> {
  const connection = await connect({ servers: [TEST_NATS_URL] });
  const subscription = connection.subscribe(pattern.subject);
  let count = 0;
  const counting = (async () => {
    for await (const _request of subscription) count += 1;
  })();
  await connection.flush();
  return {
    get count() {
      return count;
    },
    async stop() {
      await connection.drain();
      await counting;
    },
  };
}

/** Removes this test file's JetStream stream (its name carries the file's subject prefix). */
export async function deleteEventStream(): Promise<void> {
  const connection = await connect({ servers: [TEST_NATS_URL] });
  try {
    const manager = await connection.jetstreamManager();
    await manager.streams.delete(EVENTS_STREAM).catch(() => undefined);
  } finally {
    await connection.close();
  }
}

/**
 * Every request carrying a principal is checked against the session state in Redis. A test that sends
 * principals of its own making (random ids) records here, under this test file's key prefix, that the
 * principal's session is current and that its agency exists, is enabled and does not expire. A state
 * already stored with a newer version (a test that disabled the agency) is kept.
 */
export async function registerSession<P extends Principal>(principal: P): Promise<P> {
  await storeSessionStates((keys) => [
    [keys.user(principal.userId), encodeUserState({ version: principal.sessionVersion })],
    ...(principal.tenantId ? [[keys.tenant(principal.tenantId), encodeTenantState(LIVE_TENANT)] as const] : []),
  ]);
  return principal;
}

/** An agency's state as tenancy would store it (by default: exists, enabled, no expiry). */
export async function registerTenantState(tenantId: string, state: TenantSessionState = LIVE_TENANT): Promise<void> {
  await storeSessionStates((keys) => [[keys.tenant(tenantId), encodeTenantState(state)]]);
}

const LIVE_TENANT: TenantSessionState = { version: 1, enabled: true, expiryDate: null };

async function storeSessionStates(entries: (keys: ReturnType<typeof sessionKeys>) => ReadonlyArray<readonly [string, string]>): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for (const [key, value] of entries(sessionKeys(process.env['REDIS_KEY_PREFIX'] ?? 'qb:'))) await raiseSessionState(redis, key, value);
  } finally {
    await redis.quit();
  }
}
