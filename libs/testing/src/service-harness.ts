// Kept out of the package index for the same reason as ./rpc: it loads the services' DTO classes.
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { loadEnv, type RpcClient, type ServiceEnv } from '@quotebook/server-core';
import { createServiceApp, listenOnBus } from '@quotebook/server-core/service';
import { createTestDatabase, queryDatabase, TEST_NATS_URL, TEST_REDIS_URL, type TestDatabase } from './database';
import { connectClient, deleteEventStream } from './rpc';

export { TEST_PASSWORD_HASHING } from './password-hashing';

/** A service as its main.ts runs it: its name (also its queue), its settings and its root module. */
export interface ServiceDefinition<E extends ServiceEnv = ServiceEnv> {
  name: string;
  envClass: new () => E;
  createModule(env: E): DynamicModule;
}

/** Something a test starts beside the service under test: another service's process or a stand-in. */
export type Companion = { stop(): Promise<void> } | { close(): Promise<void> };
export type CompanionStarter = (databaseUrl: string) => Promise<Companion>;

export interface ServiceHarnessOptions<C extends string> {
  /** Settings besides the test's database, NATS and Redis (secrets, public address, mail). */
  env?: Record<string, string>;
  /** Started after the service, on the same database and subject prefix; stopped before it. */
  companions?: Record<C, CompanionStarter>;
  /** How long starting may take (a companion built and started as a process takes longer). */
  startTimeoutMs?: number;
}

export interface ServiceHarness<C extends string = never> {
  /** The test file's own database, migrated by the service at start. */
  readonly databaseUrl: string;
  /**
   * The service as the gateway reaches it: a NATS client that registers each principal's session first.
   * It may be taken at once (`const sut = harness.rpc`) and used in the tests.
   */
  readonly rpc: Pick<RpcClient, 'send'>;
  /** The running service (a new one after `restart`). */
  readonly app: INestMicroservice;
  /** A provider of the running service, for tests that call it directly. */
  get<T>(token: { prototype: T }): T;
  /** One SQL statement on the test's database (to arrange rows or assert what was stored). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Stops the service, runs `meanwhile`, starts it again on the same database. */
  restart(meanwhile?: () => Promise<unknown>): Promise<void>;
  /** Stops a companion (to see how the service behaves without it) until `startCompanion`. */
  stopCompanion(name: C): Promise<void>;
  startCompanion(name: C): Promise<void>;
}

/**
 * Registers the hooks that run one service in this process, as main.ts would start it, against the
 * real PostgreSQL, NATS and Redis: before all tests of the enclosing `describe`, a fresh database of
 * the test file's own, the service, its companions and a client; after them, all of it is closed, the
 * file's event stream deleted and the database dropped. The test file's subject and Redis key prefixes
 * (set by the integration layer's environment) keep files running in parallel apart.
 */
export function useServiceHarness<E extends ServiceEnv, C extends string = never>(
  service: ServiceDefinition<E>,
  options: ServiceHarnessOptions<C> = {},
): ServiceHarness<C> {
  let database: TestDatabase | undefined;
  let app: INestMicroservice | undefined;
  let client: { rpc: RpcClient; close(): Promise<void> } | undefined;
  const running = new Map<C, Companion>();
  const starters = (options.companions ?? {}) as Record<C, CompanionStarter>;

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${service.name} harness has no ${what}: use it inside a test or a hook`);
    return value;
  };
  const start = async () => {
    const env = loadEnv(service.envClass, {
      ...process.env,
      DATABASE_URL: ready(database, 'database').url,
      NATS_URL: TEST_NATS_URL,
      REDIS_URL: TEST_REDIS_URL,
      ...options.env,
    });
    const started = await createServiceApp(service.createModule(env), { natsUrl: env.NATS_URL, queue: service.name, logLevel: 'warn' });
    await listenOnBus(started);
    app = started;
  };
  const stopCompanion = async (name: C) => {
    const companion = running.get(name);
    running.delete(name);
    if (companion) await ('stop' in companion ? companion.stop() : companion.close());
  };

  beforeAll(async () => {
    database = await createTestDatabase(service.name);
    await start();
    for (const name of Object.keys(starters) as C[]) running.set(name, await starters[name](database.url));
    client = await connectClient({ registerSessions: true });
  }, options.startTimeoutMs);

  afterAll(async () => {
    await client?.close();
    for (const name of [...running.keys()]) await stopCompanion(name);
    await app?.close();
    await deleteEventStream();
    await database?.drop();
  });

  return {
    get databaseUrl() {
      return ready(database, 'database').url;
    },
    rpc: { send: ((...args: Parameters<RpcClient['send']>) => ready(client, 'client').rpc.send(...args)) as RpcClient['send'] },
    get app() {
      return ready(app, 'service');
    },
    get: <T>(token: { prototype: T }) => ready(app, 'service').get<T>(token as Type<T>),
    query: (sql, params) => queryDatabase(ready(database, 'database').url, sql, params),
    async restart(meanwhile) {
      await ready(app, 'service').close();
      app = undefined;
      await meanwhile?.();
      await start();
    },
    stopCompanion,
    async startCompanion(name) {
      await stopCompanion(name);
      running.set(name, await starters[name](ready(database, 'database').url));
    },
  };
}

/**
 * Another service's part played in this process by a module of the test's own controllers: a real NATS
 * responder on the service's queue. Its messages carry no principal of ours, so it checks no sessions.
 */
export async function startStandIn(module: Type<unknown>, queue: string): Promise<INestMicroservice> {
  const app = await createServiceApp({ module }, { natsUrl: TEST_NATS_URL, queue, logLevel: 'error', sessionChecks: false });
  await listenOnBus(app);
  return app;
}
