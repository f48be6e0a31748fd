import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCUMENT_QUEUE, documentJobFailureOf, documentQueuePrefix, type DocumentJobData } from '@quotebook/contracts';
import { DiskFileStorage } from '@quotebook/server-core';
import { docxText, pdfImageSizes, pdfInfo, pdfText, pngOf, stackLauncher, TEST_REDIS_URL, type ProcessHandle } from '@quotebook/testing';
import { type Job, Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { AgencyLeases } from './agency-leases';
import { DocxRenderer } from './docx-renderer';
import { DocumentsWorkerEnv } from './env';
import { GotenbergPdfRenderer, type PdfRenderer } from './pdf-renderer';
import { RenderFailure } from './render-failure';
import { JOB_LOCK_MS, startDocumentWorker, type DocumentWorker } from './worker';

const TENANT = '0b8f3f39-96f1-4a8e-9d0c-6f5c2a1d7e42';

/** A server standing for the outside world: it counts every request that reaches it. */
function startOutsideWorld() {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(pngOf(2, 2));
  });
  return new Promise<{ url: string; hits: string[]; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** Each page's words with where they stand, in points from the page's top (pdftotext -bbox). */
function pdfPages(pdf: Buffer): { width: number; height: number; words: { text: string; xMin: number; xMax: number; yMin: number; yMax: number }[] }[] {
  const directory = mkdtempSync(path.join(tmpdir(), 'qb-pages-'));
  try {
    const file = path.join(directory, 'document.pdf');
    writeFileSync(file, pdf);
    const boxes = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return boxes
      .split('<page ')
      .slice(1)
      .map((page) => ({
        width: Number(/width="([\d.]+)"/.exec(page)?.[1]),
        height: Number(/height="([\d.]+)"/.exec(page)?.[1]),
        words: [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((word) => ({
          text: word[5].replace(/&amp;/g, '&'),
          xMin: Number(word[1]),
          yMin: Number(word[2]),
          xMax: Number(word[3]),
          yMax: Number(word[4]),
        })),
      }));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A part of a Word file (`word/header1.xml`), as XML. */
function docxPart(docx: Buffer, part: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'qb-docx-'));
  try {
    const file = path.join(directory, 'document.docx');
    writeFileSync(file, docx);
    return execFileSync('unzip', ['-p', file, part], { encoding: 'utf8' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The text runs of a Word part, joined. */
const runsOf = (xml: string) => [...xml.matchAll(/<(?:w:)?t(?:\s[^>]*)?>([^<]*)<\/(?:w:)?t>/g)].map((run) => run[1]).join('');

/** 2 cm in points: the page's margins. */
const MARGIN_PT = (2 / 2.54) * 72;

/**
 * A document of two A4 pages with its page frame, as the documents service writes it: the running
 * header and the footer with the page number and count, as fragments in its head.
 */
function framedDocumentHtml(): string {
  const frameStyle = "font-family: Georgia, 'Times New Roman', Times, serif; font-size: 9pt; color: #444; margin: 0;";
  return `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Preventivo 2026/0007</title>
<template id="page-header"><p style="${frameStyle}">Sole Viaggi S.r.l. · Preventivo n. 2026/0007</p></template>
<template id="page-footer"><p style="${frameStyle} text-align: right;">Pagina <span class="pageNumber"></span> di <span class="totalPages"></span></p></template>
<style>@page { size: A4; margin: 2cm; } body { font: 12pt Georgia, serif; margin: 0; }</style></head>
<body>${Array.from({ length: 40 }, (_, index) => `<p>Riga del corpo ${index + 1}</p>`).join('')}</body></html>`;
}

function documentHtml(outside: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<style>@page { size: A4; margin: 2cm } body { font: 12pt Georgia, serif }</style>
<link rel="stylesheet" href="${outside}/style.css"></head>
<body><h1>Preventivo per Mario Rossi</h1><p>Escursione in kayak: € 365,00</p>
<img src="firma.png" alt="firma"><img src="${outside}/pixel.png" alt="">
<script>document.body.insertAdjacentHTML('beforeend', '<p>SCRIPT RAN</p>')</script></body></html>`;
}

/**
 * A document queue of its own under the test file's key prefix and `label`, with its events, and a
 * storage folder, for the tests of the enclosing describe; removed after them.
 */
function useJobQueue(label: string) {
  const prefix = `${process.env['REDIS_KEY_PREFIX']}${label}:`;
  const used = { prefix, storageDir: '', queue: undefined as unknown as Queue<DocumentJobData>, events: undefined as unknown as QueueEvents };
  beforeAll(async () => {
    used.storageDir = mkdtempSync(path.join(tmpdir(), `qb-${label}-`));
    used.queue = new Queue(DOCUMENT_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: documentQueuePrefix(prefix) });
    used.events = new QueueEvents(DOCUMENT_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: documentQueuePrefix(prefix) });
    await used.events.waitUntilReady();
  });
  afterAll(async () => {
    await used.queue?.obliterate({ force: true });
    await used.queue?.close();
    await used.events?.close();
    rmSync(used.storageDir, { recursive: true, force: true });
  });
  return used;
}

describe('documents-worker against gotenberg-dev', () => {
  let gotenberg: ProcessHandle;
  let gotenbergUrl: string;
  let outside: Awaited<ReturnType<typeof startOutsideWorld>>;
  const signature = pngOf(60, 30);

  beforeAll(async () => {
    const port = await stackLauncher.freePort();
    gotenbergUrl = `http://127.0.0.1:${port}`;
    gotenberg = await stackLauncher.startProcess('gotenberg-dev', { PORT: String(port) });
    outside = await startOutsideWorld();
  });

  afterAll(async () => {
    await gotenberg?.stop();
    await outside?.close();
  });

  describe('gotenberg-dev through the PDF renderer', () => {
    it('turns the posted HTML and its image into an A4 PDF, fetching nothing else and running no script', async () => {
      const sut = new GotenbergPdfRenderer(gotenbergUrl, 20_000);

      const pdf = await sut.render(documentHtml(outside.url), [{ name: 'firma.png', contentType: 'image/png', body: signature }]);

      const text = pdfText(pdf);
      expect(text).toContain('Preventivo per Mario Rossi');
      expect(text).toContain('Escursione in kayak: € 365,00');
      expect(text).not.toContain('SCRIPT RAN');
      expect(pdfImageSizes(pdf)).toContain('60x30');
      expect(pdfInfo(pdf)['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)$/);
      expect(outside.hits).toEqual([]);
    });

    it('keeps conversions apart: a file posted with one is not there for the next, nor for one running beside it', async () => {
      const sut = new GotenbergPdfRenderer(gotenbergUrl, 20_000);
      const withImage = (title: string) =>
        `<!doctype html><html><head><meta charset="utf-8"></head><body><h1>${title}</h1><img src="firma.png" alt="firma"></body></html>`;

      // one after another (the tab of the first is the second's): the second posts no image
      expect(pdfImageSizes(await sut.render(withImage('Agenzia Uno'), [{ name: 'firma.png', contentType: 'image/png', body: pngOf(40, 20) }]))).toEqual(['40x20']);
      const next = await sut.render(withImage('Agenzia Due'), []);
      expect(pdfText(next)).toContain('Agenzia Due');
      // (Chromium draws its 14x16 broken-image sign where an image is missing)
      expect(pdfImageSizes(next)).not.toContain('40x20');

      // side by side, each with an image of its own size under the same name
      const sizes = [
        [50, 25],
        [70, 35],
        [90, 45],
      ] as const;
      const pdfs = await Promise.all(
        sizes.map(([width, height]) =>
          sut.render(withImage(`Agenzia ${width}`), [{ name: 'firma.png', contentType: 'image/png', body: pngOf(width, height) }]),
        ),
      );
      pdfs.forEach((pdf, index) => {
        expect(pdfText(pdf)).toContain(`Agenzia ${sizes[index][0]}`);
        const own = `${sizes[index][0]}x${sizes[index][1]}`;
        expect(pdfImageSizes(pdf)).toEqual([own]);
      });
    });

    it('goes on converting across the replacement of its browser context', async () => {
      const port = await stackLauncher.freePort();
      const restarting = await stackLauncher.startProcess('gotenberg-dev', { PORT: String(port), GOTENBERG_DEV_RESTART_AFTER: '2' });
      try {
        const sut = new GotenbergPdfRenderer(`http://127.0.0.1:${port}`, 20_000);
        const convert = (index: number) =>
          sut.render(`<!doctype html><html><body><h1>Documento ${index}</h1><img src="firma.png" alt=""></body></html>`, [
            { name: 'firma.png', contentType: 'image/png', body: pngOf(20 + index, 10) },
          ]);
        // one after another, then two at a time: five contexts' worth of conversions
        const pdfs = [await convert(1), await convert(2), await convert(3), ...(await Promise.all([convert(4), convert(5)])), ...(await Promise.all([convert(6), convert(7)]))];
        pdfs.forEach((pdf, index) => {
          expect(pdfText(pdf)).toContain(`Documento ${index + 1}`);
          expect(pdfImageSizes(pdf)).toEqual([`${21 + index}x10`]);
        });
      } finally {
        await restarting.stop();
      }
    });

    it("prints the document's page frame on every page: the running header in the top margin, 'Pagina X di Y' in the bottom one", async () => {
      const sut = new GotenbergPdfRenderer(gotenbergUrl, 20_000);

      // a render after others still prints on A4
      await sut.render('<p>Prima</p>', []);
      const pdf = await sut.render(framedDocumentHtml(), []);

      expect(pdfInfo(pdf)['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)$/);
      const pages = pdfPages(pdf);
      expect(pages).toHaveLength(2);
      pages.forEach((page, index) => {
        const text = page.words.map((word) => word.text).join(' ');
        expect(text).toContain('Sole Viaggi S.r.l. · Preventivo n. 2026/0007');
        expect(text).toContain(`Pagina ${index + 1} di 2`);
        // the frame stays in the margins, clear of the body
        const header = page.words.filter((word) => ['Sole', 'Viaggi', '2026/0007'].includes(word.text));
        const footer = page.words.filter((word) => word.text === 'Pagina');
        const body = page.words.filter((word) => !header.includes(word) && !footer.includes(word) && !/^(S\.r\.l\.|·|Preventivo|n\.|\d+|di)$/.test(word.text));
        expect(header.every((word) => word.yMax <= MARGIN_PT)).toBe(true);
        expect(footer.every((word) => word.yMin >= page.height - MARGIN_PT)).toBe(true);
        // within the side margins: the header from the left one, the footer up to the right one
        expect(Math.abs(header[0].xMin - MARGIN_PT)).toBeLessThan(2);
        const footerEnd = Math.max(...page.words.filter((word) => word.yMin >= footer[0].yMin - 1).map((word) => word.xMax));
        expect(Math.abs(footerEnd - (page.width - MARGIN_PT))).toBeLessThan(2);
        expect(body.length).toBeGreaterThan(10);
        expect(body.every((word) => word.yMin >= MARGIN_PT - 1 && word.yMax <= page.height - MARGIN_PT + 1)).toBe(true);
      });
      // the frame is printed in the margins only, never in the body as well
      expect(pdfText(pdf).split('Preventivo n. 2026/0007').length - 1).toBe(2);
    });

    it('takes header.html and footer.html as Gotenberg does: either alone, the other margin left empty', async () => {
      const convert = async (frame: Record<string, string>) => {
        const form = new FormData();
        form.append('files', new Blob(['<!doctype html><html><head><title>Titolo della pagina</title></head><body><p>Corpo</p></body></html>'], { type: 'text/html' }), 'index.html');
        for (const [name, html] of Object.entries(frame)) form.append('files', new Blob([html], { type: 'text/html' }), name);
        const answer = await fetch(`${gotenbergUrl}/forms/chromium/convert/html`, { method: 'POST', body: form });
        expect(answer.status).toBe(200);
        return pdfText(Buffer.from(await answer.arrayBuffer()));
      };
      const page = (body: string) => `<html><head></head><body style="font-size: 10pt; margin: 0 1cm">${body}</body></html>`;

      const footerOnly = await convert({ 'footer.html': page('<p>Pagina <span class="pageNumber"></span> di <span class="totalPages"></span></p>') });
      expect(footerOnly).toContain('Pagina 1 di 1');
      // never Chromium's own header (the date and the title)
      expect(footerOnly).not.toContain('Titolo della pagina');
      const headerOnly = await convert({ 'header.html': page('<p>Intestazione <span class="title"></span></p>') });
      expect(headerOnly).toContain('Intestazione Titolo della pagina');
      expect(await convert({})).not.toContain('Titolo della pagina');
    });

    it('answers its health, and refuses a bad form with 400 and the reason, as Gotenberg does', async () => {
      const health = await fetch(`${gotenbergUrl}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual(expect.objectContaining({ status: 'up' }));

      const form = new FormData();
      form.append('files', new Blob(['<p>x</p>'], { type: 'text/html' }), 'index.html');
      form.append('paperWidth', 'wide');
      const refused = await fetch(`${gotenbergUrl}/forms/chromium/convert/html`, { method: 'POST', body: form });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/^Invalid form data: form field 'paperWidth' is invalid/);

      const withoutDocument = new FormData();
      withoutDocument.append('files', new Blob(['png']), 'firma.png');
      const missing = await fetch(`${gotenbergUrl}/forms/chromium/convert/html`, { method: 'POST', body: withoutDocument });
      expect(missing.status).toBe(400);
      expect(await missing.text()).toBe("Invalid form data: form file 'index.html' is required");
    });

    it('tells what Gotenberg says of the document (never worth retrying) from an unreachable or busy Gotenberg', async () => {
      let status = 400;
      const answering = http.createServer((_request, response) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end('answer');
      });
      const port = await stackLauncher.freePort();
      await new Promise<void>((resolve) => answering.listen(port, '127.0.0.1', () => resolve()));
      const sut = new GotenbergPdfRenderer(`http://127.0.0.1:${port}`, 5000);
      const outcome = (rendering: Promise<Buffer>) =>
        rendering.then(
          () => 'rendered',
          (error: Error) => (error instanceof RenderFailure ? error.failure : `retried: ${error.message}`),
        );
      try {
        const outcomes: Record<number, string> = {};
        for (status of [400, 413, 500, 503]) outcomes[status] = await outcome(sut.render('<p>x</p>', []));
        expect(outcomes).toEqual({
          400: 'refused',
          413: 'too-large',
          500: 'too-complex',
          503: `retried: Gotenberg at http://127.0.0.1:${port}/forms/chromium is unavailable: 503 Service Unavailable`,
        });
      } finally {
        await new Promise((resolve) => answering.close(resolve));
      }

      const unreachable = new GotenbergPdfRenderer(`http://127.0.0.1:${await stackLauncher.freePort()}`, 5000);
      const failure = unreachable.render('<p>x</p>', []);
      await expect(failure).rejects.toThrow(/is unavailable: .*ECONNREFUSED/);
      await expect(failure).rejects.not.toBeInstanceOf(RenderFailure);
    });

    it('answers 500, as Gotenberg does, when Chromium fails on the document itself, and goes on converting', async () => {
      const form = new FormData();
      form.append('files', new Blob(['<p>x</p>'], { type: 'text/html' }), 'index.html');
      // a page far larger than Chromium prints
      form.append('paperWidth', '100000');
      const answer = await fetch(`${gotenbergUrl}/forms/chromium/convert/html`, { method: 'POST', body: form });
      expect(answer.status).toBe(500);

      expect(pdfText(await new GotenbergPdfRenderer(gotenbergUrl, 20_000).render('<p>Ancora qui</p>', []))).toContain('Ancora qui');
    });
  });

  describe('the queue worker', () => {
    let storageDir: string;
    let running: DocumentWorker;
    let word: DocxRenderer;
    let queue: Queue<DocumentJobData>;
    let events: QueueEvents;
    const prefix = documentQueuePrefix(process.env['REDIS_KEY_PREFIX']!);

    beforeAll(async () => {
      storageDir = mkdtempSync(path.join(tmpdir(), 'qb-worker-'));
      const env = Object.assign(new DocumentsWorkerEnv(), {
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: process.env['REDIS_KEY_PREFIX']!,
        STORAGE_DIR: storageDir,
        GOTENBERG_URL: gotenbergUrl,
      });
      const files = new DiskFileStorage(storageDir);
      await files.put(`signatures/${TENANT}/firma.png`, signature);
      word = new DocxRenderer({ threads: env.WORKER_CONCURRENCY, timeoutMs: env.WORD_TIMEOUT_MS });
      running = await startDocumentWorker(env, { files, pdf: new GotenbergPdfRenderer(gotenbergUrl, 20_000), word });
      queue = new Queue(DOCUMENT_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
      events = new QueueEvents(DOCUMENT_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
      await events.waitUntilReady();
    });

    afterAll(async () => {
      await running?.close();
      await word?.close();
      await queue?.obliterate({ force: true });
      await queue?.close();
      await events?.close();
      rmSync(storageDir, { recursive: true, force: true });
    });

    const job = (format: 'pdf' | 'word'): DocumentJobData => ({
      tenantId: TENANT,
      format,
      html: documentHtml(outside.url),
      assets: [{ name: 'firma.png', storageKey: `signatures/${TENANT}/firma.png`, contentType: 'image/png' }],
      storageKey: `documents/${TENANT}/${'c'.repeat(64)}.${format === 'pdf' ? 'pdf' : 'docx'}`,
      answerBy: Date.now() + 30_000,
    });

    it('renders a PDF job into its storage key, and a second job for the same document leaves that one file', async () => {
      const first = await queue.add('render', job('pdf'), { jobId: 'first' });
      const result = await first.waitUntilFinished(events, 20_000);

      const files = new DiskFileStorage(storageDir);
      const pdf = (await files.get(job('pdf').storageKey))!;
      expect(result).toEqual({ storageKey: job('pdf').storageKey, bytes: pdf.length });
      expect(pdfText(pdf)).toContain('Preventivo per Mario Rossi');

      const again = await queue.add('render', job('pdf'), { jobId: 'again' });
      expect(await again.waitUntilFinished(events, 20_000)).toEqual(result);
      expect(readdirSync(path.join(storageDir, 'documents', TENANT))).toEqual([`${'c'.repeat(64)}.pdf`]);
    });

    it('renders a Word job without Gotenberg', async () => {
      const added = await queue.add('render', job('word'), { jobId: 'word' });
      const result = await added.waitUntilFinished(events, 20_000);

      expect(result.storageKey).toBe(job('word').storageKey);
      expect(readdirSync(path.join(storageDir, 'documents', TENANT)).sort()).toEqual([`${'c'.repeat(64)}.docx`, `${'c'.repeat(64)}.pdf`]);
      expect(outside.hits).toEqual([]);
    });

    it("gives the Word file the document's page frame: the running header, and the page number and count in the footer", async () => {
      const framed = { ...job('word'), html: framedDocumentHtml(), assets: [], storageKey: `documents/${TENANT}/${'f'.repeat(64)}.docx` };
      await (await queue.add('render', framed)).waitUntilFinished(events, 20_000);

      const docx = (await new DiskFileStorage(storageDir).get(framed.storageKey))!;
      expect(runsOf(docxPart(docx, 'word/header1.xml'))).toBe('Sole Viaggi S.r.l. · Preventivo n. 2026/0007');
      const footer = docxPart(docx, 'word/footer1.xml');
      // "Pagina 1 di 2": the page number, then the page count (html-to-docx writes the first, the worker adds the second)
      expect(runsOf(footer)).toBe('Pagina\u00a0\u00a0di\u00a0');
      expect(footer).toMatch(/instr="PAGE"[\s\S]*<\/fldSimple><r><t xml:space="preserve">\u00a0di\u00a0<\/t><\/r><fldSimple [^>]*instr="NUMPAGES"/);
      // the frame is the page's, not the body's
      expect(docxText(docx)).not.toContain('Preventivo n. 2026/0007');
      expect(docxText(docx)).toContain('Riga del corpo 40');
    });

    it('fails a job whose caller stopped waiting at once, for good, without rendering it', async () => {
      const late = { ...job('pdf'), storageKey: `documents/${TENANT}/${'e'.repeat(64)}.pdf`, answerBy: Date.now() - 1 };
      const added = await queue.add('render', late, { jobId: 'late', attempts: 4 });

      await expect(added.waitUntilFinished(events, 10_000)).rejects.toThrow(/^\[expired\] /);
      expect((await queue.getJob('late'))?.attemptsMade).toBe(1);
      expect(readdirSync(path.join(storageDir, 'documents', TENANT))).not.toContain(`${'e'.repeat(64)}.pdf`);
    });
  });

  /** A Word conversion of some seconds: html-to-docx takes about 0.13 ms a paragraph in a thread here. */
  const slowWordHtml = (paragraphs: number) => `<!doctype html><html><body>${'<p>voce</p>'.repeat(paragraphs)}</body></html>`;

  describe('Word conversions, off the worker event loop', () => {
    const tenant = '5d1c3a4e-7f2b-4c8d-9e0f-1a2b3c4d5e6f';
    const jobs = useJobQueue('word');

    /** A worker of its own with this Word limit; `watch` counts its stalled jobs and the longest pause of its event loop. */
    async function wordWorker(wordTimeoutMs: number, heapMb?: number, jobLockMs?: number) {
      const env = Object.assign(new DocumentsWorkerEnv(), {
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: jobs.prefix,
        STORAGE_DIR: jobs.storageDir,
        GOTENBERG_URL: gotenbergUrl,
        WORD_TIMEOUT_MS: wordTimeoutMs,
        jobLockMs,
      });
      const word = new DocxRenderer({ threads: 1, timeoutMs: wordTimeoutMs, heapMb });
      const running = await startDocumentWorker(env, { files: new DiskFileStorage(jobs.storageDir), pdf: new GotenbergPdfRenderer(gotenbergUrl, 20_000), word });
      const watch = { stalled: 0, longestPauseMs: 0 };
      running.worker.on('stalled', () => (watch.stalled += 1));
      let last = Date.now();
      const ticker = setInterval(() => {
        const now = Date.now();
        watch.longestPauseMs = Math.max(watch.longestPauseMs, now - last);
        last = now;
      }, 20);
      return {
        watch,
        async stop() {
          clearInterval(ticker);
          await running.close();
          await word.close();
        },
      };
    }

    /** The failure the job ended with, as the documents service reads it; null when it completed. */
    const failureOf = (added: Job<DocumentJobData>) =>
      added.waitUntilFinished(jobs.events, 30_000).then(
        () => null,
        (error: Error) => documentJobFailureOf(error.message),
      );

    const wordJob = (paragraphs: number, name: string): DocumentJobData => ({
      tenantId: tenant,
      format: 'word',
      html: slowWordHtml(paragraphs),
      assets: [],
      storageKey: `documents/${tenant}/${name}.docx`,
      answerBy: Date.now() + 60_000,
    });

    /**
     * The lock of this test's worker: shorter than JOB_LOCK_MS, so that the conversion (some seconds, as
     * fast as the machine) outlasts it twice over on a machine much faster than this one too.
     */
    const SHORT_LOCK_MS = 1500;

    it(`keeps its job's lock through a conversion longer than twice the lock (${SHORT_LOCK_MS} ms of ${JOB_LOCK_MS} in production), its event loop free meanwhile`, async () => {
      // a heap large enough for this long a document
      const worker = await wordWorker(60_000, 1536, SHORT_LOCK_MS);
      try {
        const started = Date.now();
        const added = await jobs.queue.add('render', wordJob(85_000, 'f'.repeat(64)), { jobId: 'long-word', attempts: 4 });

        await added.waitUntilFinished(jobs.events, 60_000);

        expect(Date.now() - started).toBeGreaterThan(2 * SHORT_LOCK_MS);
        expect(worker.watch).toEqual({ stalled: 0, longestPauseMs: expect.any(Number) });
        expect(worker.watch.longestPauseMs).toBeLessThan(1000);
        expect((await jobs.queue.getJob('long-word'))?.attemptsMade).toBe(1);
      } finally {
        await worker.stop();
      }
    }, 90_000);

    it('stops a conversion past its limit and fails the job once, as too complex', async () => {
      // 70,000 paragraphs take seconds on any machine these tests run on: a limit of a quarter second
      // is passed mid-conversion however fast the machine is
      const worker = await wordWorker(250);
      try {
        const started = Date.now();
        const added = await jobs.queue.add('render', wordJob(70_000, 'a'.repeat(64)), { jobId: 'too-long-word', attempts: 4, backoff: { type: 'fixed', delay: 100 } });

        expect(await failureOf(added)).toBe('too-complex');
        expect(Date.now() - started).toBeLessThan(5000);
        expect((await jobs.queue.getJob('too-long-word'))?.attemptsMade).toBe(1);
        expect(worker.watch.stalled).toBe(0);
      } finally {
        await worker.stop();
      }
    }, 60_000);

    it('fails the 14,000-deep nesting once, as too complex, without holding the event loop', async () => {
      const worker = await wordWorker(20_000);
      try {
        const deep = `<!doctype html><html><body><p>${'<i>'.repeat(14_000)}x${'</i>'.repeat(14_000)}</p></body></html>`;
        const added = await jobs.queue.add('render', { ...wordJob(0, 'b'.repeat(64)), html: deep }, { jobId: 'deep-word', attempts: 4 });

        expect(await failureOf(added)).toBe('too-complex');
        expect((await jobs.queue.getJob('deep-word'))?.attemptsMade).toBe(1);
        expect(worker.watch.longestPauseMs).toBeLessThan(1000);
      } finally {
        await worker.stop();
      }
    }, 60_000);
  });

  describe("fairness: one agency's jobs and another's", () => {
    const agencyA = '0a0a0a0a-1111-4111-8111-aaaaaaaaaaaa';
    const agencyB = '0b0b0b0b-2222-4222-8222-bbbbbbbbbbbb';
    const jobs = useJobQueue('fair');

    /** A PDF renderer that holds agency A's documents until told, and renders B's at once. */
    class HoldingPdf implements PdfRenderer {
      readonly started: string[] = [];
      private release!: () => void;
      private readonly held = new Promise<void>((resolve) => (this.release = resolve));
      async render(html: string) {
        this.started.push(html);
        if (html.includes(agencyA)) await this.held;
        return Buffer.from('%PDF-1.7 fake');
      }
      letGo() {
        this.release();
      }
    }

    const pdfJob = (tenantId: string, index: number): DocumentJobData => ({
      tenantId,
      format: 'pdf',
      html: `<p>${tenantId} ${index}</p>`,
      assets: [],
      storageKey: `documents/${tenantId}/${String(index).repeat(64).slice(0, 64)}.pdf`,
      answerBy: Date.now() + 30_000,
    });

    it("renders another agency's job at once while one agency's jobs hold the workers' slots, one agency job at a time across workers", async () => {
      const pdf = new HoldingPdf();
      const env = Object.assign(new DocumentsWorkerEnv(), { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: jobs.prefix, STORAGE_DIR: jobs.storageDir, WORKER_CONCURRENCY: 2 });
      const word = new DocxRenderer({ threads: 1, timeoutMs: 5000 });
      // two worker processes' worth: four slots in all, agency A may hold one of them
      const workers = [
        await startDocumentWorker(env, { files: new DiskFileStorage(jobs.storageDir), pdf, word }),
        await startDocumentWorker(env, { files: new DiskFileStorage(jobs.storageDir), pdf, word }),
      ];
      try {
        const aJobs = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => jobs.queue.add('render', pdfJob(agencyA, index), { jobId: `a-${index}` })));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const started = Date.now();
        const bJob = await jobs.queue.add('render', pdfJob(agencyB, 1), { jobId: 'b-1' });

        await bJob.waitUntilFinished(jobs.events, 10_000);

        expect(Date.now() - started).toBeLessThan(1500);
        expect(pdf.started.filter((html) => html.includes(agencyA))).toHaveLength(1);
        pdf.letGo();
        await Promise.all(aJobs.map((added) => added.waitUntilFinished(jobs.events, 20_000)));
        expect(pdf.started.filter((html) => html.includes(agencyA))).toHaveLength(6);
        // each rendered in its one attempt: waiting for the agency's turn is no attempt
        for (const added of aJobs) expect((await jobs.queue.getJob(added.id ?? ''))?.attemptsMade).toBe(1);
      } finally {
        pdf.letGo();
        await Promise.all(workers.map((worker) => worker.close()));
        await word.close();
      }
    }, 60_000);

    it('lets the place of a worker that died go when its lease ends', async () => {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const sut = new AgencyLeases(redis, { keyPrefix: jobs.prefix, perAgency: 1, leaseMs: 300 });
        expect(await sut.take(agencyA, 'dead-worker-job')).toBe(true);
        expect(await sut.take(agencyA, 'next')).toBe(false);
        // the job that holds the place may take it again (a retry of the same job)
        expect(await sut.take(agencyA, 'dead-worker-job')).toBe(true);
        expect(await sut.take(agencyB, 'other-agency')).toBe(true);

        await new Promise((resolve) => setTimeout(resolve, 350));

        expect(await sut.take(agencyA, 'next')).toBe(true);
        await sut.release(agencyA, 'next');
        expect(await sut.take(agencyA, 'after')).toBe(true);
      } finally {
        redis.disconnect();
      }
    });
  });
});
