import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_QUEUE, documentQueuePrefix } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { pdfText, type RedisServer, startIsolatedStack, startRedisServer } from '@quotebook/testing';
import { Queue } from 'bullmq';
import { api, superadminToken } from './http';
import { documentJobEvents, documentScene, type DocumentScene, generateDocument, storedDocuments } from './document-fixtures';

jest.setTimeout(120_000);

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function eventually<T>(what: string, attempt: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await attempt();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await attempt();
  }
  if (!done(last)) throw new Error(`${what}: still ${JSON.stringify(last)?.slice(0, 300)} after ${timeoutMs} ms`);
  return last;
}

/**
 * This file runs its own stack on a Redis of its own, because it stops Gotenberg, kills the worker and
 * stops Redis: stopping them disturbs no other stack.
 */
describe('documents when Gotenberg, the worker or Redis fail', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let redis: RedisServer;
  let base: string;
  let root: string;

  const storageDir = () => started.env.STORAGE_DIR;
  const workerLog = () => readFileSync(path.join(started.logDir, 'documents-worker.log'), 'utf8');
  /** A quote of its own for each test: a document not rendered before. */
  const freshScene = async () => documentScene(root, base);
  const pdfOf = (scene: DocumentScene) => generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'pdf', base);

  beforeAll(async () => {
    redis = await startRedisServer();
    started = await startIsolatedStack('docf', { REDIS_URL: redis.url });
    base = started.stack.baseUrl;
    root = await superadminToken(base);
  });

  afterAll(async () => {
    await started?.stop();
    await redis?.stop();
  });

  it('while Gotenberg is down a PDF is retried, then answered 503 with the message; once it is back, the PDF comes', async () => {
    const scene = await freshScene();
    await started.stack.processes['gotenberg-dev'].stop();

    const sut = await pdfOf(scene);

    expect(sut.status).toBe(503);
    expect(sut.json?.message).toBe(DOCUMENT_MESSAGES.pdfServiceUnavailable);
    const attempts = workerLog().split('\n').filter((line) => line.includes('is unavailable') && / failed \(attempt \d+ of \d+\)/.test(line));
    expect(attempts.length).toBeGreaterThan(1);
    expect(storedDocuments(storageDir(), scene.agency.tenantId)).toEqual([]);

    await started.stack.restart('gotenberg-dev');
    const again = await pdfOf(scene);
    expect(again.status).toBe(200);
    expect(pdfText(again.body)).toContain(scene.premessa.text);
  });

  it('a worker killed in the middle of a job: the job is done once a worker is back, into exactly one document', async () => {
    const scene = await freshScene();
    const gotenberg = started.stack.processes['gotenberg-dev'].child;
    const queue = new Queue(DOCUMENT_QUEUE, { connection: { url: redis.url }, prefix: documentQueuePrefix(started.env.REDIS_KEY_PREFIX) });
    try {
      // Gotenberg paused: the worker's conversion hangs, its job stays active
      gotenberg.kill('SIGSTOP');
      const answer = pdfOf(scene);
      await eventually('an active render job', () => queue.getActiveCount(), (count) => count > 0);
      const worker = started.stack.processes['documents-worker'];
      await stopProcess(worker.child, 'SIGKILL');
      gotenberg.kill('SIGCONT');
      await started.stack.restart('documents-worker');

      const sut = await answer;

      expect(sut.status).toBe(200);
      expect(pdfText(sut.body)).toContain(scene.condizioni.text);
      expect(workerLog()).toMatch(/stalled/);
      expect(storedDocuments(storageDir(), scene.agency.tenantId).filter((file) => file.endsWith('.pdf') || file.startsWith('.'))).toHaveLength(1);
      expect((await documentJobEvents(redis.url, started.env.REDIS_KEY_PREFIX, scene.quoteId)).completed).toBe(1);
    } finally {
      gotenberg.kill('SIGCONT');
      await queue.close();
    }
  });

  it('while Redis is down a PDF is refused with 503 within about a second; once it is back, the PDF comes', async () => {
    const scene = await freshScene();
    await redis.stop();

    const sut = await pdfOf(scene);

    // one Redis holds the sessions and the queue: the first to notice is the gateway's session check
    expect({ status: sut.status, reason: sut.json?.reason }).toEqual({ status: 503, reason: 'SERVICE_UNAVAILABLE' });
    expect(sut.elapsedMs).toBeLessThan(1500);

    redis = await startRedisServer(redis.port);
    // the processes reconnect on their own; sessions are read again from their owners
    const again = await eventually('the PDF after Redis is back', () => pdfOf(scene), (response) => response.status === 200, 30_000);
    expect(pdfText(again.body)).toContain(scene.premessa.text);
    expect((await api('GET', '/api/health', { base })).status).toBe(200);
  });
});
