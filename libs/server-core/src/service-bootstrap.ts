import { DynamicModule, INestMicroservice, Logger } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { AppErrorRpcFilter } from './app-error';
import { loadEnv, ServiceEnv } from './env';
import { createProcessLogger, nestLoggerOf } from './logging';
import { watchDatabasePool } from './metrics';
import { startProcessMetrics } from './metrics-server';
import { assertNatsReachable, assertRedisReachable } from './preflight';
import { assertPostgresReachable } from './preflight-postgres';
import { natsServerOptions } from './rpc-client.module';
import { createRpcValidationPipe } from './rpc-validation.pipe';
import { SessionGuard } from './session-checks';
import { directHandlersOf } from './typed-handler';
import { sizeMessagesUpFront } from './nats-message-buffers';

/**
 * A NATS microservice with our error filter, session checks and validation pipe; used by main.ts and by
 * tests. The module must import SessionStateModule: every request carrying a principal is checked.
 * Only a test's stand-in for another service opts out with `sessionChecks: false`. `app.close()`
 * answers the requests in flight (within `drainTimeoutMs`) before any module's shutdown hook runs.
 * Its lines, Nest's own included, go through the process's pino logger named after `queue` (the
 * service), at `logLevel`, as JSON when `nodeEnv` is production.
 */
export async function createServiceApp(
  module: DynamicModule,
  options: { natsUrl: string; queue: string; logLevel?: string; nodeEnv?: string; sessionChecks?: false; drainTimeoutMs?: number },
): Promise<INestMicroservice> {
  const server = natsServerOptions(options.natsUrl, options.queue, options.drainTimeoutMs);
  // a request may be large too (an import's rows, a signature's image)
  sizeMessagesUpFront();
  const app = await NestFactory.createMicroservice(module, {
    ...server,
    logger: nestLoggerOf(createProcessLogger({ service: options.queue, logLevel: options.logLevel, nodeEnv: options.nodeEnv })),
  });
  const guard = options.sessionChecks !== false ? app.get(SessionGuard) : undefined;
  const pipe = createRpcValidationPipe();
  app.useGlobalFilters(new AppErrorRpcFilter());
  if (guard) app.useGlobalGuards(guard);
  app.useGlobalPipes(pipe);
  // the handlers declared with Handles meet the same guard and pipe, without Nest's per-message pipeline
  server.strategy.dispatchDirectly(directHandlersOf(app.get(ModulesContainer), { guardFor: guard && ((handler, controller) => guard.forHandler(handler, controller)), pipe }));
  return app;
}

/**
 * SIGTERM (a rolling update, `docker stop`) or SIGINT closes the app, then ends the process; a second
 * signal ends it at once. A microservice's close() closes its bus server first, which drains
 * (SafeReplyServerNats.close), and only then runs the modules' hooks: the database, Redis, the queues
 * and the event bus are still there for every handler that is finishing. Nest's enableShutdownHooks()
 * runs the onModuleDestroy and beforeApplicationShutdown hooks before it closes the server.
 */
function closeOnStopSignals(app: INestMicroservice, logger: Logger): void {
  const stop = (signal: NodeJS.Signals) => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    logger.log(`${signal}: taking no new requests, answering those in flight, then stopping`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Starts the service's subscriptions and waits until the NATS server has them: `listen()` resolves once
 * the SUB commands are queued on the connection, so a caller that sends on "ready" could otherwise meet
 * no responders.
 */
export async function listenOnBus(app: INestMicroservice): Promise<void> {
  await app.listen();
  await app.unwrap<NatsConnection>().flush();
}

/**
 * Start-up of a service process: validate env, check dependencies and take the metrics port (one line
 * and exit if any fails), listen.
 */
export async function runService<E extends ServiceEnv>(options: {
  name: string;
  envClass: new () => E;
  createModule: (env: E) => DynamicModule;
  /**
   * How long a stop waits for the requests in flight: as long as their callers wait, by default an
   * ordinary request's NATS_REQUEST_TIMEOUT_MS (after it nobody waits for the answer).
   */
  drainTimeoutMs?: (env: E) => number;
}): Promise<void> {
  let env: E;
  try {
    env = loadEnv(options.envClass);
    await assertPostgresReachable(env.DATABASE_URL);
    await assertNatsReachable(env.NATS_URL);
    await assertRedisReachable(env.REDIS_URL);
    await startProcessMetrics(options.name, env.METRICS_PORT);
  } catch (error) {
    console.error(`${options.name}: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createServiceApp(options.createModule(env), {
    natsUrl: env.NATS_URL,
    queue: options.name,
    logLevel: env.LOG_LEVEL,
    nodeEnv: env.NODE_ENV,
    drainTimeoutMs: options.drainTimeoutMs?.(env) ?? env.NATS_REQUEST_TIMEOUT_MS,
  });
  watchDatabasePool(app.get(DataSource));
  await listenOnBus(app);
  const logger = new Logger(options.name);
  closeOnStopSignals(app, logger);
  logger.log(`${options.name} service ready on ${env.NATS_URL} (subjects ${env.NATS_SUBJECT_PREFIX}.*)`);
}
