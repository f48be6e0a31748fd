import type { INestMicroservice } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Principal } from '@quotebook/contracts';
import { createServiceApp, loadEnv } from '@quotebook/server-core';
import { TEST_NATS_URL } from '@quotebook/testing';
import { connectClient as connectTestClient } from '@quotebook/testing/rpc';
import { IdentityModule } from '../app.module';
import { IdentityEnv } from '../env';

/** Random per run: a secret written in the repository must never sign a token anywhere. */
export const TEST_JWT_SECRET = randomBytes(32).toString('hex');
export const SUPERADMIN = { username: 'root', password: 'root-password-1', email: 'root@quotebook.test' };
export const PUBLIC_URL = 'http://quotebook.test:3000';

/** Identity in this process, on the test's database and subject prefix, as main.ts would start it. */
export async function startIdentity(databaseUrl: string): Promise<INestMicroservice> {
  const env = loadEnv(IdentityEnv, {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NATS_URL: TEST_NATS_URL,
    JWT_SECRET: TEST_JWT_SECRET,
    JWT_EXPIRES_IN: '8h',
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    SUPERADMIN_EMAIL: SUPERADMIN.email,
    SMTP_URL: '',
    PUBLIC_URL,
  });
  const app = await createServiceApp(IdentityModule.forRoot(env), { natsUrl: env.NATS_URL, queue: 'identity', logLevel: 'warn' });
  await app.listen();
  return app;
}

export const superadminPrincipal = (userId: string): Principal => ({ userId, role: 'superadmin', tenantId: null, sessionVersion: 1 });

/** A client that sends the test's principals as the gateway would: with their sessions registered. */
export const connectClient = () => connectTestClient({ registerSessions: true });

export { deleteEventStream, registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
