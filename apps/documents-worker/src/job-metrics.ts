import { type DocumentJobData, documentJobFailureOf } from '@quotebook/contracts';
import { metricsRegistry } from '@quotebook/server-core';
import { Counter, Histogram } from 'prom-client';
import { EXTENSIONS } from './render-job';

/*
 * The worker's side of rendering: how long each job takes and how it ends, and why attempts fail. The
 * documents service counts the waits, the stored documents and the queue's depth.
 */

const jobDuration = new Histogram({
  name: 'document_job_duration_seconds',
  help: 'Time a render job took in this worker, by kind (pdf, docx) and outcome (rendered, stored: the file was there already, failed)',
  labelNames: ['kind', 'outcome'],
  // from a Word file in a few hundred milliseconds to a PDF at the converter's limit
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [metricsRegistry],
});

const jobFailures = new Counter({
  name: 'document_job_failures_total',
  help: 'Failed attempts of render jobs, by kind (pdf, docx) and reason (too-complex, too-large, expired, refused, or outage: retried)',
  labelNames: ['kind', 'reason'],
  registers: [metricsRegistry],
});

/** A job's kind is its file's extension; a malformed job's format is none of them. */
function kindOf(data: Partial<DocumentJobData> | undefined): string {
  const format = data?.format;
  return format === 'pdf' || format === 'word' ? EXTENSIONS[format] : 'unknown';
}

/** How a job's render ended: its file made, its file found in the storage already, or an error. */
export type JobOutcome = 'rendered' | 'stored' | 'failed';

/** Starts timing a job's render; the returned function records how it ended. */
export function timeJob(data: DocumentJobData): (outcome: JobOutcome) => void {
  const stop = jobDuration.startTimer({ kind: kindOf(data) });
  return (outcome) => stop({ outcome });
}

/** A failed attempt, by the reason its message names; anything else is an outage the queue retries. */
export function countJobFailure(data: Partial<DocumentJobData> | undefined, error: Error): void {
  jobFailures.inc({ kind: kindOf(data), reason: documentJobFailureOf(error.message) ?? 'outage' });
}
