import { DynamicModule, INestMicroservice, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { AppErrorRpcFilter } from './app-error';
import { loadEnv, ServiceEnv } from './env';
import { assertNatsReachable, assertPostgresReachable, assertRedisReachable } from './preflight';
import { natsServerOptions } from './rpc-client.module';
import { createRpcValidationPipe } from './rpc-validation.pipe';
import { SessionGuard } from './session-checks';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

export function logLevelsFrom(level: string): LogLevel[] {
  const index = LEVELS.indexOf(level as LogLevel);
  return LEVELS.slice(0, index < 0 ? 4 : index + 1);
}

/**
 * A NATS microservice with our error filter, session checks and validation pipe; used by main.ts and by
 * tests. The module must import SessionStateModule: every request carrying a principal is checked.
 * Only a test's stand-in for another service opts out with `sessionChecks: false`.
 */
export async function createServiceApp(
  module: DynamicModule,
  options: { natsUrl: string; queue: string; logLevel?: string; sessionChecks?: false },
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    ...natsServerOptions(options.natsUrl, options.queue),
    logger: logLevelsFrom(options.logLevel ?? 'log'),
  });
  app.useGlobalFilters(new AppErrorRpcFilter());
  if (options.sessionChecks !== false) app.useGlobalGuards(app.get(SessionGuard));
  app.useGlobalPipes(createRpcValidationPipe());
  app.enableShutdownHooks();
  return app;
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

/** Start-up of a service process: validate env, check dependencies (one line and exit if down), listen. */
export async function runService<E extends ServiceEnv>(options: {
  name: string;
  envClass: new () => E;
  createModule: (env: E) => DynamicModule;
}): Promise<void> {
  let env: E;
  try {
    env = loadEnv(options.envClass);
    await assertPostgresReachable(env.DATABASE_URL);
    await assertNatsReachable(env.NATS_URL);
    await assertRedisReachable(env.REDIS_URL);
  } catch (error) {
    console.error(`${options.name}: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createServiceApp(options.createModule(env), {
    natsUrl: env.NATS_URL,
    queue: options.name,
    logLevel: env.LOG_LEVEL,
  });
  await listenOnBus(app);
  new Logger(options.name).log(`${options.name} service ready on ${env.NATS_URL} (subjects ${env.NATS_SUBJECT_PREFIX}.*)`);
}
