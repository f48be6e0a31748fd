import { ANSWER_BUCKETS, metricsRegistry } from '@quotebook/server-core';
import type { JobType } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';

/*
 * The documents service's side of rendering: how long a request waits for its PDF or Word file and how
 * that ends, how often the storage already holds the document, and the render queue's depth. The
 * worker counts the renders themselves (documents-worker's job-metrics.ts).
 */

/** A document's kind in the metrics: its file's extension (html for the preview, pdf, docx). */
export type DocumentKind = 'html' | 'pdf' | 'docx';

const renderWait = new Histogram({
  name: 'document_render_duration_seconds',
  help: 'Time a request waited for its PDF or Word render (the queue included), by kind (pdf, docx) and outcome (done, or why not)',
  labelNames: ['kind', 'outcome'],
  buckets: ANSWER_BUCKETS,
  registers: [metricsRegistry],
});

const cacheLookups = new Counter({
  name: 'document_cache_lookups_total',
  help: 'Documents asked for that the storage already held (hit) or that had to be made (miss), by kind (html, pdf, docx)',
  labelNames: ['kind', 'result'],
  registers: [metricsRegistry],
});

/** Starts timing a render request; the returned function records how it ended. */
export function timeRender(kind: DocumentKind): (outcome: string) => void {
  const stop = renderWait.startTimer({ kind });
  return (outcome) => stop({ outcome });
}

export function countCacheLookup(kind: DocumentKind, hit: boolean): void {
  cacheLookups.inc({ kind, result: hit ? 'hit' : 'miss' });
}

/** What the depth gauge asks of the queue (BullMQ's Queue). */
export interface CountedQueue {
  getJobCounts(...types: JobType[]): Promise<Record<string, number>>;
}

/** The queue's depth is what waits (waiting, prioritized, delayed); active is being rendered; failed is kept a minute. */
const QUEUE_STATES: JobType[] = ['waiting', 'prioritized', 'delayed', 'active', 'failed'];

let watchedQueue: CountedQueue | undefined;

new Gauge({
  name: 'document_queue_jobs',
  help: 'Render jobs in the queue by state, read from Redis when scraped (waiting, prioritized and delayed are its depth)',
  labelNames: ['state'],
  registers: [metricsRegistry],
  async collect() {
    const queue = watchedQueue;
    try {
      if (!queue) throw new Error('no queue');
      const counts = await queue.getJobCounts(...QUEUE_STATES);
      for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
    } catch {
      // Redis is down (the queue's commands fail at once): no depth rather than a stale one
      this.reset();
    }
  },
});

/** The queue whose depth is reported from now on; the returned function stops it (when the queue closes). */
export function watchDocumentQueue(queue: CountedQueue): () => void {
  watchedQueue = queue;
  return () => {
    if (watchedQueue === queue) watchedQueue = undefined;
  };
}
