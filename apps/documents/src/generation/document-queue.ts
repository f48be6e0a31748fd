import { Logger, OnModuleDestroy } from '@nestjs/common';
import { DOCUMENT_QUEUE, documentQueuePrefix, type DocumentJobData, type DocumentJobResult } from '@quotebook/contracts';
import { createRedis } from '@quotebook/server-core';
import { type Job, Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';

/** A render tried again when it fails (Gotenberg down): 500 ms, then 1 s, then 2 s. */
export const DOCUMENT_JOB_OPTIONS = { attempts: 4, backoff: { type: 'exponential', delay: 500 } } as const;

/**
 * How often a wait also reads the job's state: the queue's events are the fast path, this catches a
 * completion whose event was missed (the events reader had not started, or was reconnecting).
 */
const STATE_CHECK_MS = 500;

/** How a render ended: its file is in the storage, its attempts failed, it did not end in time, or the queue is down. */
export type RenderOutcome = 'done' | 'failed' | 'timeout' | 'unavailable';

export interface DocumentQueueOptions {
  redisUrl: string;
  redisKeyPrefix: string;
  /** how long a render may take, retries included */
  timeoutMs: number;
}

/**
 * The producer side of the render jobs documents-worker works off. Jobs are added with an id made of
 * what the document is (two requests for one document share one job) and awaited through the queue's
 * events, never longer than the timeout. The queue's connection has no offline queue: while Redis is
 * down an add fails at once instead of waiting for it to come back.
 */
export class DocumentQueue implements OnModuleDestroy {
  private readonly logger = new Logger(DocumentQueue.name);
  private readonly queueConnection: Redis;
  private readonly eventsConnection: Redis;
  private readonly queue: Queue<DocumentJobData, DocumentJobResult>;
  private readonly events: QueueEvents;

  constructor(private readonly options: DocumentQueueOptions) {
    const prefix = documentQueuePrefix(options.redisKeyPrefix);
    this.queueConnection = createRedis(options.redisUrl);
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
  }

  /**
   * Adds the job (unless a job with this id is under way: then it waits for that one) and waits until
   * it completed or failed all its attempts, at most the timeout.
   */
  async render(jobId: string, data: DocumentJobData): Promise<RenderOutcome> {
    let job: Job<DocumentJobData, DocumentJobResult>;
    try {
      // a completed job is kept a minute, so a wait that starts after it finished still finds it done
      job = await this.queue.add(data.format, data, { ...DOCUMENT_JOB_OPTIONS, jobId, removeOnComplete: { age: 60 }, removeOnFail: true });
    } catch (error) {
      this.logger.warn(`render job ${jobId} not queued: ${(error as Error).message}`);
      return 'unavailable';
    }
    let timer: NodeJS.Timeout | undefined;
    let checker: NodeJS.Timeout | undefined;
    const timedOut = new Promise<RenderOutcome>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.timeoutMs);
    });
    const settledState = new Promise<RenderOutcome>((resolve) => {
      checker = setInterval(() => {
        job.getState().then(
          (state) => {
            if (state === 'completed') resolve('done');
            else if (state === 'failed') resolve('failed');
          },
          () => undefined,
        );
      }, STATE_CHECK_MS);
    });
    const finished = job.waitUntilFinished(this.events, this.options.timeoutMs).then(
      (): RenderOutcome => 'done',
      (error: Error): RenderOutcome => {
        this.logger.warn(`render job ${jobId}: ${error.message}`);
        return /timed out/.test(error.message) ? 'timeout' : 'failed';
      },
    );
    try {
      return await Promise.race([finished, settledState, timedOut]);
    } finally {
      clearTimeout(timer);
      clearInterval(checker);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.queueConnection.disconnect();
    this.eventsConnection.disconnect();
  }
}
