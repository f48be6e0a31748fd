import type { INestMicroservice } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import { EVENTS_STREAM, isAppError, type AppError, type Principal } from '@quotebook/contracts';
import { createServiceApp, loadEnv, RpcClient, RpcClientModule } from '@quotebook/server-core';
import { TEST_NATS_URL } from '@quotebook/testing';
import { connect } from 'nats';
import { IdentityModule } from '../app.module';
import { IdentityEnv } from '../env';

export const TEST_JWT_SECRET = 'integration-test-secret-0123456789abcdef';
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

export const superadminPrincipal = (userId: string): Principal => ({ userId, role: 'superadmin', tenantId: null });

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
