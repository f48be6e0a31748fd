import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCUMENT_QUEUE, documentQueuePrefix, type DocumentJobData } from '@quotebook/contracts';
import { DiskFileStorage } from '@quotebook/server-core';
import { pdfImageSizes, pdfInfo, pdfText, pngOf, stackLauncher, TEST_REDIS_URL, type ProcessHandle } from '@quotebook/testing';
import { Queue, QueueEvents } from 'bullmq';
import { DocumentsWorkerEnv } from './env';
import { GotenbergPdfRenderer, PdfRejectedError } from './pdf-renderer';
import { startDocumentWorker, type DocumentWorker } from './worker';

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

function documentHtml(outside: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<style>@page { size: A4; margin: 2cm } body { font: 12pt Georgia, serif }</style>
<link rel="stylesheet" href="${outside}/style.css"></head>
<body><h1>Preventivo per Mario Rossi</h1><p>Escursione in kayak: € 365,00</p>
<img src="firma.png" alt="firma"><img src="${outside}/pixel.png" alt="">
<script>document.body.insertAdjacentHTML('beforeend', '<p>SCRIPT RAN</p>')</script></body></html>`;
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

    it('tells a document Gotenberg refuses (never worth retrying) from an unreachable Gotenberg', async () => {
      const refusing = http.createServer((_request, response) => {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end("Invalid form data: form file 'index.html' is required");
      });
      const port = await stackLauncher.freePort();
      await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', () => resolve()));
      try {
        await expect(new GotenbergPdfRenderer(`http://127.0.0.1:${port}`, 5000).render('<p>x</p>', [])).rejects.toBeInstanceOf(PdfRejectedError);
      } finally {
        await new Promise((resolve) => refusing.close(resolve));
      }

      const unreachable = new GotenbergPdfRenderer(`http://127.0.0.1:${await stackLauncher.freePort()}`, 5000);
      const failure = unreachable.render('<p>x</p>', []);
      await expect(failure).rejects.toThrow(/is unavailable: .*ECONNREFUSED/);
      await expect(failure).rejects.not.toBeInstanceOf(PdfRejectedError);
    });
  });

  describe('the queue worker', () => {
    let storageDir: string;
    let running: DocumentWorker;
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
      running = await startDocumentWorker(env, { files, pdf: new GotenbergPdfRenderer(gotenbergUrl, 20_000) });
      queue = new Queue(DOCUMENT_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
      events = new QueueEvents(DOCUMENT_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
      await events.waitUntilReady();
    });

    afterAll(async () => {
      await running?.close();
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
  });
});
