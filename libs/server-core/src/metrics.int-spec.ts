import { Controller, type DynamicModule, Injectable, type INestApplicationContext, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, RpcException } from '@nestjs/microservices';
import { EVENTS_STREAM, eventSubject, makeAppError, rpcPattern } from '@quotebook/contracts';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { durableListener } from './durable-listener';
import { EventBus } from './event-bus';
import { EventsModule } from './events.module';
import { databasePoolOf, metricsRegistry, watchDatabasePool } from './metrics';
import { RpcClient } from './rpc-client';
import { RpcClientModule } from './rpc-client.module';
import { createServiceApp } from './service-bootstrap';

// server-core sits below libs/testing, so this file connects on its own
const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';
const POSTGRES_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The value of one series in the registry's text, or undefined when it is not there. */
async function seriesValue(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = await metricsRegistry.getSingleMetric(name.replace(/_(count|sum|bucket)$/, ''))?.get();
  const found = metric?.values.find(
    // a histogram's values name their series (_bucket, _count, _sum); a gauge's are the metric's own
    (value) =>
      ((value as { metricName?: string }).metricName ?? metric.name) === name &&
      Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  );
  return found?.value;
}

const PING = rpcPattern<Record<string, never>, { pong: true }>('metrics-test.ping');
const MISSING = rpcPattern<Record<string, never>, never>('metrics-test.missing');
const HUGE = rpcPattern<Record<string, never>, { text: string }>('metrics-test.huge');

@Controller()
class MetricsTestController {
  @MessagePattern(PING.subject)
  ping() {
    return { pong: true };
  }

  @MessagePattern(MISSING.subject)
  missing() {
    throw new RpcException(makeAppError('NOT_FOUND', 'Nothing here'));
  }

  @MessagePattern(HUGE.subject)
  huge() {
    return { text: 'x'.repeat(2 * 1024 * 1024) };
  }
}

@Module({ controllers: [MetricsTestController] })
class MetricsTestModule {}

describe('the metrics of a service on the bus (integration)', () => {
  let service: INestMicroservice;
  let client: INestApplicationContext;
  let rpc: RpcClient;

  beforeAll(async () => {
    const module: DynamicModule = { module: MetricsTestModule };
    service = await createServiceApp(module, { natsUrl: NATS_URL, queue: 'metrics-test', logLevel: 'fatal', sessionChecks: false });
    await service.listen();
    client = await NestFactory.createApplicationContext(RpcClientModule.forRoot({ natsUrl: NATS_URL, timeoutMs: 5000 }), { logger: false });
    rpc = client.get(RpcClient);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
  });

  it('times each handler by its pattern, without the prefix, and by the outcome its caller received', async () => {
    await rpc.send(PING, {});
    await rpc.send(PING, {});
    await expect(rpc.send(MISSING, {})).rejects.toBeDefined();
    await expect(rpc.send(HUGE, {})).rejects.toBeDefined();
    const count = (pattern: string, outcome: string) => seriesValue('nats_handler_duration_seconds_count', { pattern, outcome });
    expect(await count('metrics-test.ping', 'ok')).toBe(2);
    expect(await count('metrics-test.missing', 'NOT_FOUND')).toBe(1);
    // the handler answered, but the reply was over the bus limit: its caller got a 502
    expect(await count('metrics-test.huge', 'BAD_GATEWAY')).toBe(1);
    expect(await count('metrics-test.huge', 'ok')).toBeUndefined();
    expect(await metricsRegistry.metrics()).not.toContain(`${PING.subject}"`);
  });
});

describe('the database pool gauges (integration)', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'postgres', url: POSTGRES_URL, extra: { max: 1, connectionTimeoutMillis: 5000 } }).initialize();
  });

  afterAll(() => dataSource?.destroy());

  it("finds TypeORM's pool (PostgresDriver's `master`) and reports it in use and waited for", async () => {
    // fails on the TypeORM upgrade that moves the pool: databasePoolOf reads an undocumented field
    expect(databasePoolOf(dataSource)).toMatchObject({ totalCount: 1, idleCount: 1, waitingCount: 0 });
    watchDatabasePool(dataSource);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    const waiting = dataSource.query('SELECT 1');
    try {
      expect(databasePoolOf(dataSource)).toMatchObject({ totalCount: 1, idleCount: 0, waitingCount: 1 });
      expect(await seriesValue('db_pool_connections_in_use', {})).toBe(1);
      expect(await seriesValue('db_pool_connections_idle', {})).toBe(0);
      expect(await seriesValue('db_pool_waiting_requests', {})).toBe(1);
    } finally {
      await runner.release();
      await waiting;
    }
    expect(await seriesValue('db_pool_connections_in_use', {})).toBe(0);
    expect(await seriesValue('db_pool_waiting_requests', {})).toBe(0);
  });
});

const NOTED = eventSubject<{ note: string }>('metrics-test.noted');

@Injectable()
class NoteTaker {
  readonly notes: string[] = [];
  async take(note: string): Promise<void> {
    this.notes.push(note);
  }
}

@Module({
  imports: [EventsModule.forRoot({ natsUrl: NATS_URL, name: 'metrics-test' })],
  providers: [NoteTaker, durableListener({ event: NOTED, consumer: 'metrics-test-notes', handler: NoteTaker, handle: (taker, { note }) => taker.take(note) })],
})
class NotesModule {}

describe('the event lag of a durable listener (integration)', () => {
  let app: INestApplicationContext;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(NotesModule, { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    const connection = await connect({ servers: [NATS_URL] });
    await (await connection.jetstreamManager()).streams.delete(EVENTS_STREAM).catch(() => undefined);
    await connection.close();
  });

  it('records how long each event waited for the listener, by event (without the prefix) and consumer', async () => {
    const published = Date.now();
    await app.get(EventBus).publish(NOTED, { note: 'first' });
    const taker = app.get(NoteTaker);
    for (let tries = 0; taker.notes.length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(taker.notes).toEqual(['first']);
    const labels = { event: 'events.metrics-test.noted', consumer: 'metrics-test-notes' };
    expect(await seriesValue('event_lag_seconds_count', labels)).toBe(1);
    const lag = (await seriesValue('event_lag_seconds_sum', labels)) ?? -1;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThanOrEqual((Date.now() - published) / 1000 + 0.05);
  });
});
