import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { assertNatsReachable, assertRedisReachable, loadEnv } from '@quotebook/server-core';
import { createGatewayApp } from './bootstrap';
import { GatewayEnv } from './env';

async function main(): Promise<void> {
  let env: GatewayEnv;
  try {
    env = loadEnv(GatewayEnv);
    await assertNatsReachable(env.NATS_URL);
    await assertRedisReachable(env.REDIS_URL);
  } catch (error) {
    console.error(`gateway: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createGatewayApp(env);
  await app.listen(env.PORT);
  new Logger('Gateway').log(`gateway listening on http://localhost:${env.PORT} (API under /api, docs at /api/docs)`);
}

void main();
