import { DynamicModule, INestMicroservice, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppErrorRpcFilter } from './app-error';
import { loadEnv, ServiceEnv } from './env';
import { assertNatsReachable, assertPostgresReachable } from './preflight';
import { natsServerOptions } from './rpc-client';
import { createRpcValidationPipe } from './rpc-validation.pipe';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

export function logLevelsFrom(level: string): LogLevel[] {
  const index = LEVELS.indexOf(level as LogLevel);
  return LEVELS.slice(0, index < 0 ? 4 : index + 1);
}

/** A NATS microservice with our error filter and validation pipe; used by main.ts and by tests. */
export async function createServiceApp(
  module: DynamicModule,
  options: { natsUrl: string; queue: string; logLevel?: string },
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    ...natsServerOptions(options.natsUrl, options.queue),
    logger: logLevelsFrom(options.logLevel ?? 'log'),
  });
  app.useGlobalFilters(new AppErrorRpcFilter());
  app.useGlobalPipes(createRpcValidationPipe());
  app.enableShutdownHooks();
  return app;
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
  } catch (error) {
    console.error(`${options.name}: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createServiceApp(options.createModule(env), {
    natsUrl: env.NATS_URL,
    queue: options.name,
    logLevel: env.LOG_LEVEL,
  });
  await app.listen();
  new Logger(options.name).log(`${options.name} service ready on ${env.NATS_URL} (subjects ${env.NATS_SUBJECT_PREFIX}.*)`);
}
