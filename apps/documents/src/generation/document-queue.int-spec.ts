import { DOCUMENT_QUEUE, documentJobFailureMessage, documentQueuePrefix, type DocumentJobData } from '@quotebook/contracts';
import { type RedisServer, startRedisServer } from '@quotebook/testing';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { DocumentQueue } from './document-queue';

const TIMEOUT_MS = 5000;
const PREFIX = 'queue-test:';

const job = (name: string, tenantId = 't1'): Omit<DocumentJobData, 'answerBy'> => ({
  tenantId,
  format: 'pdf',
  html: '<p>x</p>',
  assets: [],
  storageKey: `documents/${tenantId}/${name}.pdf`,
});

describe(DocumentQueue.name, () => {
  let redis: RedisServer;
  let sut: DocumentQueue;
  let connection: Redis;
  let worker: Worker | undefined;
  /** What the worker of a test does with a job (by default: done at once). */
  let work: (job: Job<DocumentJobData>) => Promise<unknown>;
  const seen: Job<DocumentJobData>[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    sut = new DocumentQueue({ redisUrl: redis.url, redisKeyPrefix: PREFIX, timeoutMs: TIMEOUT_MS, agencyPendingMax: 2 });
    await sut.onModuleInit();
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    worker = new Worker<DocumentJobData>(
      DOCUMENT_QUEUE,
      async (added) => {
        seen.push(added);
        await work(added);
        return { storageKey: added.data.storageKey, bytes: 1 };
      },
      { connection, prefix: documentQueuePrefix(PREFIX), concurrency: 8 },
    );
    worker.on('error', () => undefined);
    await worker.waitUntilReady();
  });

  beforeEach(() => {
    seen.length = 0;
    work = async () => undefined;
  });

  afterAll(async () => {
    await worker?.close(true);
    connection?.disconnect();
    await sut?.onModuleDestroy();
    await redis?.stop();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('waits at its start for its connection, so that a render asked right after the start is queued', async () => {
    const started = new DocumentQueue({ redisUrl: redis.url, redisKeyPrefix: PREFIX, timeoutMs: TIMEOUT_MS, agencyPendingMax: 2 });
    try {
      // asked before the connection opened, the render was answered 'unavailable' (no offline queue)
      await started.onModuleInit();
      await expect(started.render('just-started', job('just-started'))).resolves.toBe('done');
    } finally {
      await started.onModuleDestroy();
    }
  });

  it('adds a job that says until when its caller waits, with its retries and backoff, and tells when it is done', async () => {
    const before = Date.now();
    await expect(sut.render('quote-1-pdf-abc', job('abc'))).resolves.toBe('done');
    expect(seen).toHaveLength(1);
    expect(seen[0].data.answerBy).toBeGreaterThanOrEqual(before + TIMEOUT_MS);
    expect(seen[0].data.answerBy).toBeLessThanOrEqual(Date.now() + TIMEOUT_MS);
    expect(seen[0].opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: 500 } });
  });

  it('lets two requests for one document share its job while it is under way, and adds a new one after it ended', async () => {
    work = () => pause(300);
    await expect(Promise.all([sut.render('same', job('same')), sut.render('same', job('same'))])).resolves.toEqual(['done', 'done']);
    expect(seen).toHaveLength(1);

    await expect(sut.render('same', job('same'))).resolves.toBe('done');
    expect(seen).toHaveLength(2);
  });

  it.each(['too-complex', 'too-large'] as const)('tells a job failed for good as %s, after its one attempt', async (failure) => {
    work = async () => {
      throw new UnrecoverableError(documentJobFailureMessage(failure, 'the converter gave up'));
    };
    const started = Date.now();
    await expect(sut.render(`failing-${failure}`, job(`failing-${failure}`))).resolves.toBe(failure);
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('tells any other failure as failed once the attempts are spent', async () => {
    work = async () => {
      throw new Error('Gotenberg is down');
    };
    await expect(sut.render('outage', job('outage'))).resolves.toBe('failed');
    expect(seen).toHaveLength(4);
  });

  it('adds a new job for a request whose shared job expired (its first caller had stopped waiting)', async () => {
    let first = true;
    work = async () => {
      if (!first) return;
      first = false;
      await pause(200);
      throw new UnrecoverableError(documentJobFailureMessage('expired', 'nobody waits for it'));
    };
    await expect(sut.render('late', job('late'))).resolves.toBe('done');
    expect(seen).toHaveLength(2);
  });

  it('answers busy past the documents an agency may have under way, leaving other agencies alone and the place free after', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    work = (added) => (added.data.tenantId === 'busy' ? released : Promise.resolve());
    const underWay = [sut.render('busy-1', job('busy-1', 'busy')), sut.render('busy-2', job('busy-2', 'busy'))];
    await pause(200);

    await expect(sut.render('busy-3', job('busy-3', 'busy'))).resolves.toBe('busy');
    await expect(sut.render('other-1', job('other-1', 'other'))).resolves.toBe('done');

    release();
    await expect(Promise.all(underWay)).resolves.toEqual(['done', 'done']);
    await expect(sut.render('busy-3', job('busy-3', 'busy'))).resolves.toBe('done');
  });

  it('answers at once that the queue is unavailable while Redis is down', async () => {
    await worker?.close(true);
    worker = undefined;
    await redis.stop();
    const started = Date.now();
    await expect(sut.render('quote-1-pdf-def', job('def'))).resolves.toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
