import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { DOCUMENT_QUEUE, documentQueuePrefix, type DocumentJobData, type DocumentJobResult } from '@quotebook/contracts';
import { workingForJobRequest } from '@quotebook/server-core';
import { DelayedError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AgencyLeases } from './agency-leases';
import type { DocumentsWorkerEnv } from './env';
import { countJobFailure, type JobOutcome, timeJob } from './job-metrics';
import { assertAwaited, checkJob, renderDocumentJob, type RenderDependencies } from './render-job';

/**
 * How long a job's lock lasts without being renewed (the worker renews it at half this while it works).
 * A killed worker stops renewing: its job counts as stalled this long after and is started again by the
 * next stalled check of any worker.
 */
export const JOB_LOCK_MS = 6000;
export const STALLED_CHECK_MS = 2000;
const HEARTBEAT_MS = 5000;
/** How long a job waits before it is tried again when its agency already renders as many as it may. */
export const AGENCY_WAIT_MS = 150;
/** What a render may take beyond its converter's limit (reading its assets, writing its file). */
const LEASE_MARGIN_MS = 10_000;

/** The key that says this host's worker is alive and working its queue (read by the container health check). */
export function heartbeatKey(redisKeyPrefix: string, host = hostname()): string {
  return `${redisKeyPrefix}documents-worker:alive:${host}`;
}

export interface DocumentWorker {
  worker: Worker<DocumentJobData, DocumentJobResult>;
  /** Stops taking jobs, lets the ones under way finish (up to `graceMs`), and disconnects. */
  close(graceMs?: number): Promise<void>;
}

export type WorkerSettings = Pick<
  DocumentsWorkerEnv,
  'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'WORKER_CONCURRENCY' | 'DOCUMENT_AGENCY_CONCURRENCY' | 'GOTENBERG_TIMEOUT_MS' | 'WORD_TIMEOUT_MS'
> & {
  /** how long a job's lock lasts unrenewed (JOB_LOCK_MS unless given: a test proves renewal on a shorter one) */
  jobLockMs?: number;
};

/**
 * Works off the document queue: BullMQ needs `maxRetriesPerRequest: null` on a worker's connection. A
 * job whose agency already renders as many documents as it may goes back to wait a moment (moved to
 * the delayed jobs, which is no attempt), behind the jobs of the other agencies.
 */
export async function startDocumentWorker(env: WorkerSettings, dependencies: RenderDependencies): Promise<DocumentWorker> {
  const logger = new Logger('documents-worker');
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const leases = new AgencyLeases(connection, {
    keyPrefix: env.REDIS_KEY_PREFIX,
    perAgency: env.DOCUMENT_AGENCY_CONCURRENCY,
    leaseMs: Math.max(env.GOTENBERG_TIMEOUT_MS, env.WORD_TIMEOUT_MS) + LEASE_MARGIN_MS,
  });
  const worker = new Worker<DocumentJobData, DocumentJobResult>(
    DOCUMENT_QUEUE,
    // a job's lines carry the id of the request that asked for the document
    workingForJobRequest(async (job, token) => {
      checkJob(job.data);
      assertAwaited(job.data);
      const jobId = job.id ?? '';
      if (!(await leases.take(job.data.tenantId, jobId))) {
        logger.debug(`job ${jobId}: its agency renders as many documents as it may; it waits ${AGENCY_WAIT_MS} ms`);
        await job.moveToDelayed(Date.now() + AGENCY_WAIT_MS, token);
        throw new DelayedError();
      }
      const ended = timeJob(job.data);
      let outcome: JobOutcome = 'failed';
      try {
        const started = Date.now();
        const result = await renderDocumentJob(job.data, dependencies);
        outcome = result.rendered ? 'rendered' : 'stored';
        const what = result.rendered ? `rendered in ${Date.now() - started} ms` : 'already in the storage';
        logger.log(`job ${jobId}: ${job.data.format} ${result.storageKey} (${result.bytes} bytes) ${what}`);
        return { storageKey: result.storageKey, bytes: result.bytes };
      } finally {
        ended(outcome);
        await leases.release(job.data.tenantId, jobId).catch(() => undefined);
      }
    }),
    {
      connection,
      prefix: documentQueuePrefix(env.REDIS_KEY_PREFIX),
      concurrency: env.WORKER_CONCURRENCY,
      lockDuration: env.jobLockMs ?? JOB_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      maxStalledCount: 1,
    },
  );
  worker.on(
    'failed',
    workingForJobRequest((job, error) => {
      countJobFailure(job?.data, error);
      const attempts = job ? `attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1}` : '';
      const forGood = error.name === 'UnrecoverableError' ? ', for good' : '';
      logger.warn(`job ${job?.id ?? '?'} failed (${attempts}${forGood}): ${error.message}`);
    }),
  );
  worker.on('stalled', (jobId) => logger.warn(`job ${jobId} stalled (its worker stopped): it is started again`));
  let lastError = '';
  worker.on('error', (error) => {
    if (error.message !== lastError) logger.error(`queue connection: ${error.message}`);
    lastError = error.message;
  });
  await worker.waitUntilReady();

  const key = heartbeatKey(env.REDIS_KEY_PREFIX);
  const beat = () => {
    if (!worker.isRunning() || connection.status !== 'ready') return;
    const state = JSON.stringify({ pid: process.pid, concurrency: env.WORKER_CONCURRENCY, at: new Date().toISOString() });
    connection.set(key, state, 'PX', HEARTBEAT_MS * 3).catch(() => undefined);
  };
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    worker,
    async close(graceMs = 10_000) {
      clearInterval(heartbeat);
      const forced = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([worker.close(), forced]);
      await connection.del(key).catch(() => undefined);
      connection.disconnect();
    },
  };
}

/** The container health check: this host's worker has beaten within the last few seconds. */
export async function checkHeartbeat(env: DocumentsWorkerEnv): Promise<boolean> {
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.exists(heartbeatKey(env.REDIS_KEY_PREFIX))) === 1;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
