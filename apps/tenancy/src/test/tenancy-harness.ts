import type { INestMicroservice } from '@nestjs/common';
import { createServiceApp, loadEnv } from '@quotebook/server-core';
import { ProcessHandle, stackLauncher, TEST_NATS_URL } from '@quotebook/testing';
import { connectClient as connectTestClient } from '@quotebook/testing/rpc';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
      JWT_SECRET: randomBytes(32).toString('hex'),
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: 'platform@quotebook.test',
      SMTP_URL: '',
    },
    { logFile: path.join(logDir, 'identity.log') },
  );
}

/** A date `days` away from today (YYYY-MM-DD), counted on the calendar of `today`. */
export function daysFrom(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A client that sends the test's principals as the gateway would: with their sessions registered. */
export const connectClient = () => connectTestClient({ registerSessions: true });

export { deleteEventStream, registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
