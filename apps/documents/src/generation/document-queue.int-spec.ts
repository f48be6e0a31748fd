import { DOCUMENT_QUEUE, documentQueuePrefix, type DocumentJobData } from '@quotebook/contracts';
import { type RedisServer, startRedisServer } from '@quotebook/testing';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { DocumentQueue } from './document-queue';

const job = (storageKey: string): DocumentJobData => ({ tenantId: 't', format: 'pdf', html: '<p>x</p>', assets: [], storageKey });

describe(DocumentQueue.name, () => {
  let redis: RedisServer;
  let sut: DocumentQueue;
  let worker: Worker;
  let workerConnection: Redis;

  beforeAll(async () => {
    redis = await startRedisServer();
    sut = new DocumentQueue({ redisUrl: redis.url, redisKeyPrefix: 'queue-test:', timeoutMs: 3000 });
    workerConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    workerConnection.on('error', () => undefined);
    worker = new Worker(DOCUMENT_QUEUE, async (added) => ({ storageKey: added.data.storageKey, bytes: 1 }), {
      connection: workerConnection,
      prefix: documentQueuePrefix('queue-test:'),
    });
    worker.on('error', () => undefined);
  });

  afterAll(async () => {
    await sut.onModuleDestroy();
    await redis.stop();
  });

  it('adds a job with its id, retries and backoff, and tells when it is done', async () => {
    await expect(sut.render('quote-1-pdf-abc', job('documents/t/abc.pdf'))).resolves.toBe('done');
    await worker.close();
    workerConnection.disconnect();
  });

  it('answers at once that the queue is unavailable while Redis is down', async () => {
    await redis.stop();
    const started = Date.now();
    await expect(sut.render('quote-1-pdf-def', job('documents/t/def.pdf'))).resolves.toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
