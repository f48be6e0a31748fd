import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_QUEUE, documentQueuePrefix } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { eventually, pdfText, type RedisServer, startIsolatedStack, startRedisServer, SUPERADMIN } from '@quotebook/testing';
import { Queue } from 'bullmq';
import { createAgency } from '../api-test/catalogue-fixtures';
import { documentJobEvents, documentScene, type DocumentScene, generateDocument, storedDocuments } from '../api-test/document-fixtures';
import { api, superadminToken, uniqueKeyword } from '../api-test/http';
import { deadProcesses, exitOf, expectErrorBody, freeze, pause, thaw, timedApi } from './resilience-kit';

jest.setTimeout(120_000);

const CONVERTED = /^gotenberg-dev: converted in /;

/**
 * This file runs its stack on a Redis of its own, because it stops Gotenberg, kills the worker and
 * stops Redis: none of it disturbs another stack.
 */
describe('documents and sign-in when Gotenberg, the worker or Redis fail', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let redis: RedisServer;
  let base: string;
  let root: string;

  const logOf = (name: string) => readFileSync(path.join(started.logDir, `${name}.log`), 'utf8');
  /** The conversions gotenberg-dev has finished, over all its runs (each run appends to its log). */
  const conversions = () => logOf('gotenberg-dev').split('\n').filter((line) => CONVERTED.test(line)).length;
  /** A quote of its own for each test: a document not rendered before. */
  const freshScene = async () => documentScene(root, base);
  const generate = (scene: DocumentScene, format: 'pdf' | 'word' | 'preview') => generateDocument(scene.agency, scene.quoteId, scene.layoutId, format, base);
  const storedPdfs = (scene: DocumentScene) =>
    storedDocuments(started.env.STORAGE_DIR, scene.agency.tenantId).filter((file) => file.endsWith('.pdf') || file.startsWith('.'));

  beforeAll(async () => {
    redis = await startRedisServer();
    started = await startIsolatedStack('fdoc', { REDIS_URL: redis.url });
    base = started.stack.baseUrl;
    root = await superadminToken(base);
  });

  afterAll(async () => {
    await started?.stop();
    await redis?.stop();
  });

  it('Gotenberg down: a PDF is retried, then answered 503 with the message, while the preview and the Word file still come; once it is back, the PDF comes', async () => {
    const scene = await freshScene();
    await started.stack.processes['gotenberg-dev'].stop();

    const sut = await generate(scene, 'pdf');

    expectErrorBody({ ...sut, body: sut.json }, 503, 'SERVICE_UNAVAILABLE');
    expect(sut.json?.message).toBe(DOCUMENT_MESSAGES.pdfServiceUnavailable);
    const attempts = logOf('documents-worker')
      .split('\n')
      .filter((line) => line.includes('is unavailable') && / failed \(attempt \d+ of \d+\)/.test(line));
    expect(attempts.length).toBeGreaterThan(1);
    expect(storedPdfs(scene)).toEqual([]);
    const preview = await generate(scene, 'preview');
    expect({ status: preview.status, type: preview.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/^text\/html/) });
    expect(preview.body.toString('utf8')).toContain(scene.premessa.text);
    // Word is made in the worker itself, without Gotenberg
    const word = await generate(scene, 'word');
    expect({ status: word.status, zip: word.body.subarray(0, 2).toString('latin1') }).toEqual({ status: 200, zip: 'PK' });

    await started.stack.restart('gotenberg-dev');
    const again = await generate(scene, 'pdf');
    expect(again.status).toBe(200);
    expect(pdfText(again.body)).toContain(scene.premessa.text);
    expect(deadProcesses(started.stack.processes)).toEqual([]);
  });

  it('the worker killed while it renders a PDF: once a worker is back the job is done, into exactly one document by one render, and the caller gets it', async () => {
    const scene = await freshScene();
    const gotenberg = started.stack.processes['gotenberg-dev'];
    const queue = new Queue(DOCUMENT_QUEUE, { connection: { url: redis.url }, prefix: documentQueuePrefix(started.env.REDIS_KEY_PREFIX) });
    try {
      // Gotenberg paused: the worker's conversion waits, its job stays active until the worker dies
      freeze(gotenberg);
      const answer = generate(scene, 'pdf');
      await eventually(async () => expect(await queue.getActiveCount()).toBeGreaterThan(0), 20_000, 50);
      // time for the worker to send its request, which Gotenberg will then convert for nobody
      await pause(500);
      const before = conversions();
      const worker = started.stack.processes['documents-worker'];
      worker.child.kill('SIGKILL');
      await exitOf(worker);
      thaw(gotenberg);
      await eventually(async () => expect(conversions()).toBeGreaterThan(before), 5000, 100).catch(() => undefined);
      const beforeRestart = conversions();
      await started.stack.restart('documents-worker');

      const sut = await answer;

      expect(sut.status).toBe(200);
      expect(pdfText(sut.body)).toContain(scene.condizioni.text);
      expect(logOf('documents-worker')).toMatch(/stalled/);
      expect(storedPdfs(scene)).toHaveLength(1);
      expect(conversions() - beforeRestart).toBe(1);
      expect((await documentJobEvents(redis.url, started.env.REDIS_KEY_PREFIX, scene.quoteId)).completed).toBe(1);
      // asked again, it comes from the storage: no render
      expect((await generate(scene, 'pdf')).status).toBe(200);
      expect(conversions() - beforeRestart).toBe(1);
    } finally {
      thaw(gotenberg);
      await queue.close();
    }
  });

  it('Redis down: sign-in and documents answer 503 at once; the agency lookup, the web app and the health report still answer; no process dies; all works again once it is back', async () => {
    const scene = await freshScene();
    const keyword = uniqueKeyword('redis');
    await createAgency(root, { keyword }, base);
    await redis.stop();
    // past the moment the processes trust a session they checked without asking Redis again
    await pause(1000);

    const signIn = await timedApi('POST', '/api/auth/login', { base, body: SUPERADMIN });
    expectErrorBody(signIn, 503, 'SERVICE_UNAVAILABLE');
    expect(signIn.elapsedMs).toBeLessThan(1500);
    for (const format of ['pdf', 'preview'] as const) {
      const document = await generate(scene, format);
      expectErrorBody({ ...document, body: document.json }, 503, 'SERVICE_UNAVAILABLE');
      expect(document.elapsedMs).toBeLessThan(1500);
    }
    expect((await timedApi('GET', `/api/tenants/by-keyword/${keyword}`, { base })).status).toBe(200);
    expect((await timedApi('GET', '/', { base })).status).toBe(200);
    const health = await timedApi('GET', '/api/health', { base });
    expect({ status: health.status, redis: health.body.components.redis.status, identity: health.body.components.identity.status }).toEqual({
      status: 503,
      redis: 'down',
      identity: 'up',
    });
    // the processes keep trying to reach Redis meanwhile; none gives up or dies
    await pause(3000);
    expect(deadProcesses(started.stack.processes)).toEqual([]);

    redis = await startRedisServer(redis.port);

    // the processes reconnect on their own; session states are read again from their owners
    const again = await eventually(async () => {
      const response = await generate(scene, 'pdf');
      expect(response.status).toBe(200);
      return response;
    }, 30_000, 250);
    expect(pdfText(again.body)).toContain(scene.premessa.text);
    expect((await api('POST', '/api/auth/login', { base, body: SUPERADMIN })).status).toBe(200);
    expect((await api('GET', '/api/health', { base })).status).toBe(200);
    expect(deadProcesses(started.stack.processes)).toEqual([]);
  });
});
