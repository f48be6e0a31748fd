import { APP_ERROR_REASONS, type AppErrorReason, SUBJECT_PREFIX } from '@quotebook/contracts';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { driverPoolOf } from './driver-pool';

/*
 * Prometheus metrics. Every process keeps its metrics in one registry, labelled with its service, and
 * serves them as text on its own METRICS_PORT (metrics-server.ts). Labels are always from a bounded
 * set (route templates, subscribed patterns, error reasons, states): never an id, a URL or a message.
 */

/** The registry every metric of this process is kept in, and the one its metrics server answers. */
export const metricsRegistry = new Registry();

/**
 * Each process's metrics port when METRICS_PORT is not set: processes started on one host (`npm start`)
 * never clash. In a container every process may use the same port (compose and Kubernetes set 9464).
 */
export const DEFAULT_METRICS_PORTS: Readonly<Record<string, number>> = {
  gateway: 9464,
  identity: 9465,
  tenancy: 9466,
  catalogue: 9467,
  quoting: 9468,
  documents: 9469,
  'documents-worker': 9470,
};

/** The path the metrics are served at, on the metrics port (and by the gateway with METRICS_TOKEN). */
export const METRICS_PATH = '/metrics';

/** From a millisecond call to a 30 s document wait: what an answer over HTTP or the bus may take. */
export const ANSWER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let defaultMetricsCollected = false;

/**
 * How often the event loop's delay is sampled. prom-client's default, 10 ms, wakes every process a
 * hundred times a second when it has nothing to do (a stack of nine processes, nine hundred wake-ups
 * that take the CPU from the busy ones on a small host); ten samples a second still see any stall
 * that matters between two scrapes.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * Labels every metric with the process's service and collects Node's own (CPU, memory, event loop,
 * garbage collection, handles). Once per process: the metrics server and the gateway's route both serve
 * what is collected here.
 */
export function collectProcessMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (defaultMetricsCollected) return;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  defaultMetricsCollected = true;
}

/** The metrics as Prometheus text, with the content type to answer them with. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

// ---- the services' handlers on the bus ----

const natsHandlerDuration = new Histogram({
  name: 'nats_handler_duration_seconds',
  help: 'Time from dispatching a NATS request to its handler until its reply, by pattern and outcome (ok or the error reason)',
  labelNames: ['pattern', 'outcome'],
  buckets: ANSWER_BUCKETS,
  registers: [metricsRegistry],
});

const KNOWN_REASONS = new Set<string>(APP_ERROR_REASONS);

/** A subject as the contracts name it: without the deployment's prefix, so every deployment's series match. */
export function patternOfSubject(subject: string): string {
  return subject.startsWith(`${SUBJECT_PREFIX}.`) ? subject.slice(SUBJECT_PREFIX.length + 1) : subject;
}

/** How a reply ended: `ok`, the AppError's reason, or `error` for anything else (never its message). */
export function outcomeOfReply(error: unknown): string {
  if (error === undefined || error === null) return 'ok';
  const reason = (error as { reason?: unknown }).reason;
  return typeof reason === 'string' && KNOWN_REASONS.has(reason) ? (reason as AppErrorReason) : 'error';
}

/** Something timed once: the first `end` records it, later ones are ignored. */
export interface HandlingTimer {
  end(error?: unknown): void;
}

/**
 * Starts timing one request a service handles. `subject` is the subscribed subject the request came on,
 * or null when no handler is subscribed to it (counted as `unhandled`, so no stray subject adds a series).
 */
export function timeNatsHandler(subject: string | null): HandlingTimer {
  const stop = natsHandlerDuration.startTimer({ pattern: subject === null ? 'unhandled' : patternOfSubject(subject) });
  let ended = false;
  return {
    end(error?: unknown) {
      if (ended) return;
      ended = true;
      stop({ outcome: outcomeOfReply(error) });
    },
  };
}

// ---- the database pool ----

/** What node-postgres tells of its pool (its documented counters). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The node-postgres pool's documented counters, once the data source is connected (driverPoolOf). */
export function databasePoolOf(dataSource: DataSource): PoolCounts | undefined {
  const pool = driverPoolOf(dataSource) as Partial<PoolCounts> | undefined;
  if (typeof pool?.totalCount !== 'number' || typeof pool.idleCount !== 'number' || typeof pool.waitingCount !== 'number') return undefined;
  return pool as PoolCounts;
}

/** The pool the gauges read when scraped: one data source per service process. */
let watchedPool: (() => PoolCounts | undefined) | undefined;

function poolGauge(name: string, help: string, read: (pool: PoolCounts) => number): Gauge {
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      const pool = watchedPool?.();
      if (pool) this.set(read(pool));
    },
  });
}

/**
 * Reports the data source's pool from now on (the last one given, when a process has more). The gauges
 * exist from the first call, so that a process without a database (the gateway, the worker) shows none.
 */
export function watchDatabasePool(dataSource: DataSource): void {
  if (watchedPool === undefined) {
    poolGauge('db_pool_connections_in_use', 'Database connections of the pool lent out to queries and transactions', (pool) => pool.totalCount - pool.idleCount);
    poolGauge('db_pool_connections_idle', 'Database connections of the pool open and free', (pool) => pool.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries and transactions waiting for a connection of the pool', (pool) => pool.waitingCount);
  }
  watchedPool = () => databasePoolOf(dataSource);
}

// ---- durable events ----

const eventLag = new Histogram({
  name: 'event_lag_seconds',
  help: 'Time from publishing a durable event until a listener starts handling it (redeliveries included), by event and consumer',
  labelNames: ['event', 'consumer'],
  // from a live listener's few milliseconds to a service that was down for an hour
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 60, 300, 900, 3600],
  registers: [metricsRegistry],
});

/** Records how long an event waited for its listener; `publishedAt` in epoch milliseconds. */
export function observeEventLag(subject: string, consumer: string, publishedAt: number, now = Date.now()): void {
  eventLag.observe({ event: patternOfSubject(subject), consumer }, Math.max(0, now - publishedAt) / 1000);
}

