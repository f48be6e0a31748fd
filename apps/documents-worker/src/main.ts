import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DOCUMENT_QUEUE, documentQueuePrefix } from '@quotebook/contracts';
import { assertRedisReachable, createProcessLogger, DiskFileStorage, loadEnv, nestLoggerOf, startProcessMetrics } from '@quotebook/server-core';
import { DocumentsWorkerEnv } from './env';
import { DocxRenderer } from './docx-renderer';
import { GotenbergPdfRenderer } from './pdf-renderer';
import { checkHeartbeat, startDocumentWorker } from './worker';

/** Gotenberg may come up after the worker: a job meanwhile is retried, so its absence is only said. */
async function gotenbergAnswers(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? null : `it answered ${response.status}`;
  } catch (error) {
    return (error as Error).message;
  }
}

async function main(): Promise<void> {
  let env: DocumentsWorkerEnv;
  try {
    env = loadEnv(DocumentsWorkerEnv);
    // the container health check: `node main.js --health`
    if (process.argv.includes('--health')) process.exit((await checkHeartbeat(env)) ? 0 : 1);
    await assertRedisReachable(env.REDIS_URL);
    await startProcessMetrics('documents-worker', env.METRICS_PORT);
  } catch (error) {
    console.error(`documents-worker: ${(error as Error).message}`);
    process.exit(1);
  }
  // no Nest application here: every Logger writes through the process's pino logger all the same
  Logger.overrideLogger(nestLoggerOf(createProcessLogger({ service: 'documents-worker', logLevel: env.LOG_LEVEL, nodeEnv: env.NODE_ENV })));
  const logger = new Logger('documents-worker');
  const files = new DiskFileStorage(env.STORAGE_DIR);
  const gotenbergProblem = await gotenbergAnswers(env.GOTENBERG_URL);
  if (gotenbergProblem) logger.warn(`Gotenberg is not reachable at ${env.GOTENBERG_URL} (${gotenbergProblem}): PDF jobs are retried until it is`);

  const word = new DocxRenderer({ threads: env.WORKER_CONCURRENCY, timeoutMs: env.WORD_TIMEOUT_MS });
  const running = await startDocumentWorker(env, { files, pdf: new GotenbergPdfRenderer(env.GOTENBERG_URL, env.GOTENBERG_TIMEOUT_MS), word });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void running
      .close()
      .then(() => word.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  logger.log(
    `documents-worker ready: queue ${documentQueuePrefix(env.REDIS_KEY_PREFIX)}:${DOCUMENT_QUEUE}, ${env.WORKER_CONCURRENCY} at a time ` +
      `(${env.DOCUMENT_AGENCY_CONCURRENCY} per agency), Gotenberg ${env.GOTENBERG_URL}, Word in threads within ${env.WORD_TIMEOUT_MS} ms, storage ${files.root}`,
  );
}

void main();
