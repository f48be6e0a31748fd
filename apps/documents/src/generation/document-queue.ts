import { randomUUID } from 'node:crypto';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  DOCUMENT_QUEUE,
  documentJobFailureOf,
  documentQueuePrefix,
  type DocumentJobData,
  type DocumentJobFailure,
  type DocumentJobResult,
} from '@quotebook/contracts';
import { createRedis, currentRequestId, RedisPlaces } from '@quotebook/server-core';
import { Job, Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { watchDocumentQueue } from './document-metrics';

/**
 * A render tried again when it fails for a passing reason (Gotenberg down): 500 ms, then 1 s, then 2 s.
 * A render the converter fails on fails once (the worker throws an UnrecoverableError).
 */
export const DOCUMENT_JOB_OPTIONS = { attempts: 4, backoff: { type: 'exponential', delay: 500 } } as const;

/**
 * How often a wait also reads the job's state: the queue's events are the fast path, this catches an
 * end whose event was missed (the events reader had not started, or was reconnecting).
 */
const STATE_CHECK_MS = 500;
/** How long a start waits for the queue's connection before it goes on without it (Redis down: 'unavailable' until it is back). */
const CONNECTION_WAIT_MS = 3000;

/**
 * How a render ended: its file is in the storage; it failed for good for a reason the job named (the
 * document is too complex or too large to convert, or nobody waited for it any more); its attempts
 * failed otherwise; it did not end in time; the queue is down; or the agency already has as many
 * documents under way as it may.
 */
export type RenderOutcome = 'done' | DocumentJobFailure | 'failed' | 'timeout' | 'unavailable' | 'busy';

export interface DocumentQueueOptions {
  redisUrl: string;
  redisKeyPrefix: string;
  /** how long a render may take, retries and the wait for a free worker included */
  timeoutMs: number;
  /** documents one agency may have under way at once (waiting or rendering); more are answered 'busy' */
  agencyPendingMax: number;
}

/**
 * The producer side of the render jobs documents-worker works off. Two requests for one document share
 * one job while it is under way (BullMQ's deduplication by what the document is); a later request after
 * it ended adds a new one (a finished document is answered from the storage before it gets here). A
 * job carries when its caller stops waiting, and the worker renders nothing for a caller gone. The
 * queue's connection has no offline queue: while Redis is down an add fails at once instead of waiting
 * for it to come back.
 */
export class DocumentQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DocumentQueue.name);
  private readonly queueConnection: Redis;
  /** the agency's documents under way: a place each, held while its request waits */
  private readonly underWay: RedisPlaces;
  private readonly eventsConnection: Redis;
  private readonly queue: Queue<DocumentJobData, DocumentJobResult>;
  private readonly events: QueueEvents;
  private readonly unwatch: () => void;

  constructor(private readonly options: DocumentQueueOptions) {
    const prefix = documentQueuePrefix(options.redisKeyPrefix);
    this.queueConnection = createRedis(options.redisUrl);
    this.underWay = new RedisPlaces(this.queueConnection);
    // the events are read with blocking calls, which BullMQ wants retried forever
    this.eventsConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) });
    this.eventsConnection.on('error', () => undefined);
    this.queue = new Queue<DocumentJobData, DocumentJobResult>(DOCUMENT_QUEUE, { connection: this.queueConnection, prefix });
    this.events = new QueueEvents(DOCUMENT_QUEUE, { connection: this.eventsConnection, prefix });
    let lastError = '';
    const logError = (error: Error) => {
      if (error.message !== lastError) this.logger.warn(`document queue: ${error.message}`);
      lastError = error.message;
    };
    this.queue.on('error', logError);
    this.events.on('error', logError);
    this.unwatch = watchDocumentQueue(this.queue);
  }

  /**
   * Renders the document `key` names (what it is: two requests with one key want one file), waiting at
   * most the timeout. The agency's place is held while this request waits.
   */
  async render(key: string, data: Omit<DocumentJobData, 'answerBy'>): Promise<RenderOutcome> {
    const asked = Date.now();
    const answerBy = asked + this.options.timeoutMs;
    const place = `${this.options.redisKeyPrefix}documents:under-way:${data.tenantId}`;
    const member = randomUUID();
    try {
      if (!(await this.underWay.take(place, member, this.options.agencyPendingMax, this.options.timeoutMs))) return 'busy';
    } catch (error) {
      this.logger.warn(`render ${key} not queued: ${(error as Error).message}`);
      return 'unavailable';
    }
    try {
      let outcome = await this.renderOnce(key, { ...data, answerBy });
      // the job this request joined had been added by a caller that stopped waiting: it rendered
      // nothing, and its end let a new job be added, for this request's remaining time
      if (outcome === 'expired' && Date.now() < answerBy - STATE_CHECK_MS) outcome = await this.renderOnce(key, { ...data, answerBy });
      this.logger.log(`render ${key}: ${outcome} after ${Date.now() - asked} ms`);
      return outcome;
    } finally {
      this.underWay.release(place, member).catch(() => undefined);
    }
  }

  private async renderOnce(key: string, data: DocumentJobData): Promise<RenderOutcome> {
    let job: Job<DocumentJobData, DocumentJobResult>;
    try {
      // an ended job is kept a minute, so a wait that starts after it ended still finds how it ended
      // the worker works the job for the request that asked for it (the first, when several share it)
      job = await this.queue.add(data.format, { ...data, requestId: currentRequestId() }, {
        ...DOCUMENT_JOB_OPTIONS,
        jobId: `${key}-${randomUUID()}`,
        deduplication: { id: key },
        removeOnComplete: { age: 60 },
        removeOnFail: { age: 60 },
      });
    } catch (error) {
      this.logger.warn(`render job ${key} not queued: ${(error as Error).message}`);
      return 'unavailable';
    }
    // the job this request added, or the one under way for the same document that it joined
    const jobId = job.id ?? '';
    const waitMs = Math.max(0, data.answerBy - Date.now());
    let timer: NodeJS.Timeout | undefined;
    let checker: NodeJS.Timeout | undefined;
    const timedOut = new Promise<RenderOutcome>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), waitMs);
    });
    const settledState = new Promise<RenderOutcome>((resolve) => {
      checker = setInterval(() => {
        this.endOf(jobId).then(
          (outcome) => outcome && resolve(outcome),
          () => undefined,
        );
      }, STATE_CHECK_MS);
    });
    const finished = job.waitUntilFinished(this.events, waitMs).then(
      (): RenderOutcome => 'done',
      (error: Error): RenderOutcome => {
        if (/timed out/.test(error.message)) return 'timeout';
        this.logger.warn(`render job ${jobId}: ${error.message}`);
        return documentJobFailureOf(error.message) ?? 'failed';
      },
    );
    try {
      return await Promise.race([finished, settledState, timedOut]);
    } finally {
      clearTimeout(timer);
      clearInterval(checker);
    }
  }

  /** How the job ended, read from the queue; null while it is under way. */
  private async endOf(jobId: string): Promise<RenderOutcome | null> {
    const state = await this.queue.getJobState(jobId);
    if (state === 'completed') return 'done';
    if (state !== 'failed') return null;
    const job = await Job.fromId<DocumentJobData, DocumentJobResult>(this.queue, jobId);
    return documentJobFailureOf(job?.failedReason) ?? 'failed';
  }

  /**
   * Waits, at most CONNECTION_WAIT_MS, for the queue's connection to be open. It has no offline queue,
   * so a render asked before it opens is answered 'unavailable': without this wait, the first requests
   * after a start could be, on a loaded machine for a second or more.
   */
  async onModuleInit(): Promise<void> {
    if (this.queueConnection.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const opened = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.queueConnection.off('ready', opened);
        this.logger.warn(`document queue: no connection to Redis after ${CONNECTION_WAIT_MS} ms; renders are answered as unavailable until it opens`);
        resolve();
      }, CONNECTION_WAIT_MS);
      this.queueConnection.once('ready', opened);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unwatch();
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.queueConnection.disconnect();
    this.eventsConnection.disconnect();
  }
}
