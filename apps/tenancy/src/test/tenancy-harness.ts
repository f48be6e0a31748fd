import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RpcException } from '@nestjs/microservices';
import { EVENTS_STREAM, isAppError, type AppError } from '@quotebook/contracts';
import { createServiceApp, loadEnv, RpcClient, RpcClientModule } from '@quotebook/server-core';
import { ProcessHandle, stackLauncher, TEST_NATS_URL } from '@quotebook/testing';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { connect } from 'nats';
import { TenancyModule } from '../app.module';
import { TenancyEnv } from '../env';

export const SUPERADMIN = { username: 'platform', password: 'platform-password-1' };

/** Tenancy in this process, on the test's database and subject prefix, as main.ts would start it. */
export async function startTenancy(databaseUrl: string): Promise<INestMicroservice> {
  const env = loadEnv(TenancyEnv, { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: TEST_NATS_URL });
  const app = await createServiceApp(TenancyModule.forRoot(env), { natsUrl: env.NATS_URL, queue: 'tenancy', logLevel: 'warn' });
  await app.listen();
  return app;
}

/**
 * The real identity service, built and started as its own process on the same database and subject
 * prefix (apps do not import apps). The build is an Nx cache hit unless identity changed.
 */
export async function startIdentityProcess(databaseUrl: string): Promise<ProcessHandle> {
  execFileSync(path.join(stackLauncher.ROOT, 'node_modules/.bin/nx'), ['run', 'identity:build', '--output-style=static'], {
    cwd: stackLauncher.ROOT,
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
    stdio: 'pipe',
  });
  const prefix = process.env['NATS_SUBJECT_PREFIX'] ?? 'qb';
  const logDir = path.join(stackLauncher.ROOT, 'tmp', `tenancy-int-${prefix}`);
  mkdirSync(logDir, { recursive: true });
  return stackLauncher.startProcess(
    'identity',
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'log',
      DATABASE_URL: databaseUrl,
      NATS_URL: TEST_NATS_URL,
      NATS_SUBJECT_PREFIX: prefix,
      JWT_SECRET: 'tenancy-integration-secret-0123456789abcdef',
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: 'platform@quotebook.test',
      SMTP_URL: '',
    },
    { logFile: path.join(logDir, 'identity.log') },
  );
}

/** What the gateway would use: a typed NATS client. */
export async function connectClient(): Promise<{ rpc: RpcClient; close(): Promise<void> }> {
  const context = await NestFactory.createApplicationContext(
    RpcClientModule.forRoot({ natsUrl: TEST_NATS_URL, timeoutMs: 8000 }),
    { logger: false },
  );
  return { rpc: context.get(RpcClient), close: () => context.close() };
}

/** The AppError a call failed with (fails the test when the call succeeded). */
export async function rpcError(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    const carried = error instanceof RpcException ? error.getError() : error;
    if (isAppError(carried)) return carried;
    throw error;
  }
  throw new Error('the call succeeded but was expected to fail');
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

/** A date `days` away from today (YYYY-MM-DD), counted on the calendar of `today`. */
export function daysFrom(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
