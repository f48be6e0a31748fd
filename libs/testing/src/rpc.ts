// Kept out of the package index: it loads the DTO classes (legacy decorators), which the browser
// journeys' TypeScript loader cannot compile.
import { NestFactory } from '@nestjs/core';
import { RpcException } from '@nestjs/microservices';
import { EVENTS_STREAM, isAppError, type AppError } from '@quotebook/contracts';
import { RpcClient, RpcClientModule } from '@quotebook/server-core';
import { connect } from 'nats';
import { TEST_NATS_URL } from './database';

/** What the gateway would use: a typed NATS client on this test file's subject prefix. */
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
