import type { INestMicroservice } from '@nestjs/common';
import type { Principal } from '@quotebook/contracts';
import { createServiceApp, loadEnv } from '@quotebook/server-core';
import { ProcessHandle, queryDatabase, stackLauncher, TEST_NATS_URL } from '@quotebook/testing';
import { connectClient as connectTestClient } from '@quotebook/testing/rpc';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CatalogueModule } from '../app.module';
import { CatalogueEnv } from '../env';

/** Catalogue in this process, on the test's database and subject prefix, as main.ts would start it. */
export async function startCatalogue(databaseUrl: string): Promise<INestMicroservice> {
  const env = loadEnv(CatalogueEnv, { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: TEST_NATS_URL });
  const app = await createServiceApp(CatalogueModule.forRoot(env), { natsUrl: env.NATS_URL, queue: 'catalogue', logLevel: 'warn' });
  await app.listen();
  return app;
}

/**
 * The real tenancy service, built and started as its own process on the same database and subject
 * prefix (apps do not import apps): catalogue asks it for a tenant's languages. The build is an Nx
 * cache hit unless tenancy changed.
 */
export async function startTenancyProcess(databaseUrl: string): Promise<ProcessHandle> {
  execFileSync(path.join(stackLauncher.ROOT, 'node_modules/.bin/nx'), ['run', 'tenancy:build', '--output-style=static'], {
    cwd: stackLauncher.ROOT,
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
    stdio: 'pipe',
  });
  const prefix = process.env['NATS_SUBJECT_PREFIX'] ?? 'qb';
  const logDir = path.join(stackLauncher.ROOT, 'tmp', `catalogue-int-${prefix}`);
  mkdirSync(logDir, { recursive: true });
  return stackLauncher.startProcess(
    'tenancy',
    // 'log' at least: the launcher waits for the ready line
    { NODE_ENV: 'test', LOG_LEVEL: 'log', DATABASE_URL: databaseUrl, NATS_URL: TEST_NATS_URL, NATS_SUBJECT_PREFIX: prefix },
    { logFile: path.join(logDir, 'tenancy.log') },
  );
}

/**
 * A tenant as tenancy stores it. Written straight into tenancy's table: creating it through tenancy
 * would also need identity (for the tenant's admin), which has nothing to do with the catalogue.
 */
export async function insertTenant(databaseUrl: string, keyword: string, languages: string[]): Promise<string> {
  const [row] = await queryDatabase<{ id: string }>(
    databaseUrl,
    `INSERT INTO tenancy.tenants (name, keyword, languages, expiry_date) VALUES ($1, $2, $3, current_date + 365) RETURNING id`,
    [`Agenzia ${keyword}`, keyword, languages],
  );
  return row.id;
}

export const superadmin: Principal = { userId: randomUUID(), role: 'superadmin', tenantId: null, sessionVersion: 1 };
export const adminOf = (tenantId: string): Principal => ({ userId: randomUUID(), role: 'tenant_admin', tenantId, sessionVersion: 1 });
export const userOf = (tenantId: string): Principal => ({ userId: randomUUID(), role: 'tenant_user', tenantId, sessionVersion: 1 });

/** A client that sends the test's principals as the gateway would: with their sessions registered. */
export const connectClient = () => connectTestClient({ registerSessions: true });

export { deleteEventStream, registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
