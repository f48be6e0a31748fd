import { DOCUMENT_QUEUE, documentQueuePrefix, type DocumentJobData } from '@quotebook/contracts';
import { stackLauncher } from '@quotebook/testing';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { type ChildProcess, spawn } from 'node:child_process';
import { DocumentQueue } from './document-queue';

/** A Redis of this file's own, so stopping it disturbs nothing else. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    const up = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}

const job = (storageKey: string): DocumentJobData => ({ tenantId: 't', format: 'pdf', html: '<p>x</p>', assets: [], storageKey });

describe(DocumentQueue.name, () => {
  let redis: ChildProcess;
  let redisUrl: string;
  let sut: DocumentQueue;
  let worker: Worker;
  let workerConnection: Redis;

  beforeAll(async () => {
    const port = await stackLauncher.freePort();
    redisUrl = `redis://127.0.0.1:${port}`;
    redis = await startRedis(port);
    sut = new DocumentQueue({ redisUrl, redisKeyPrefix: 'queue-test:', timeoutMs: 3000 });
    workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    workerConnection.on('error', () => undefined);
    worker = new Worker(DOCUMENT_QUEUE, async (added) => ({ storageKey: added.data.storageKey, bytes: 1 }), {
      connection: workerConnection,
      prefix: documentQueuePrefix('queue-test:'),
    });
    worker.on('error', () => undefined);
  });

  afterAll(async () => {
    await sut.onModuleDestroy();
    redis.kill('SIGKILL');
  });

  it('adds a job with its id, retries and backoff, and tells when it is done', async () => {
    await expect(sut.render('quote-1-pdf-abc', job('documents/t/abc.pdf'))).resolves.toBe('done');
    await worker.close();
    workerConnection.disconnect();
  });

  it('answers at once that the queue is unavailable while Redis is down', async () => {
    await new Promise<void>((resolve) => {
      redis.once('exit', () => resolve());
      redis.kill('SIGKILL');
    });
    const started = Date.now();
    await expect(sut.render('quote-1-pdf-def', job('documents/t/def.pdf'))).resolves.toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
