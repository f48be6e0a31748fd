import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { assertNatsReachable, assertRedisReachable, loadEnv, startProcessMetrics } from '@quotebook/server-core';
import { createGatewayApp } from './bootstrap';
import { GatewayEnv } from './env';
import { followRequests, type HttpRequestsInFlight } from './graceful-stop';
import { QuoteSendingWaits } from './quoting/quote-sending.controller';

/**
 * SIGTERM (a rolling update, `docker stop`) or SIGINT: no new connection is taken, every request
 * taken is answered (the bus client and Redis stay open until then), keep-alive connections close as
 * they fall idle, then the app closes and the process exits. The wait is bounded by the longest any
 * route waits for its answer (sending a quote). A second signal ends the process at once.
 */
function closeOnStopSignals(app: INestApplication, requests: HttpRequestsInFlight, logger: Logger): void {
  const graceMs = app.get(QuoteSendingWaits, { strict: false }).sendMs;
  const stop = async (signal: NodeJS.Signals) => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    logger.log(`${signal}: taking no new connections, answering the ${requests.count} request(s) in flight, then stopping`);
    try {
      if (!(await requests.finish(graceMs))) logger.warn(`requests still unanswered after ${graceMs} ms: their connections were closed`);
      await app.close();
      process.exit(0);
    } catch (error) {
      logger.error(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** The address the gateway listens on. */
const ALL_INTERFACES = '0.0.0.0';

async function main(): Promise<void> {
  let env: GatewayEnv;
  try {
    env = loadEnv(GatewayEnv);
    await assertNatsReachable(env.NATS_URL);
    await assertRedisReachable(env.REDIS_URL);
    await startProcessMetrics('gateway', env.METRICS_PORT);
  } catch (error) {
    console.error(`gateway: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createGatewayApp(env);
  const requests = followRequests(app.getHttpServer());
  // every interface, as a container or a pod is reached from outside it (Fastify's own default is localhost alone)
  await app.listen(env.PORT, ALL_INTERFACES);
  const logger = new Logger('Gateway');
  closeOnStopSignals(app, requests, logger);
  logger.log(`gateway listening on http://localhost:${env.PORT} (API under /api, docs at /api/docs)`);
}

void main();
