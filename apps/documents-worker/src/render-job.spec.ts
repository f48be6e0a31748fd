import { type DocumentJobData, documentJobFailureOf } from '@quotebook/contracts';
import { docxDocumentXml, docxText, pngOf } from '@quotebook/testing';
import { UnrecoverableError } from 'bullmq';
import { DocxRenderer, inlineImages, type WordRenderer } from './docx-renderer';
import { gotenbergFailure, type PdfRenderer, type RenderAsset, type RenderLimits } from './pdf-renderer';
import { RenderFailure } from './render-failure';
import { renderDocumentJob } from './render-job';

const TENANT = '6f1c1f7e-8d3a-4a55-9a57-0d6c9c0c1a11';
const HASH = 'a'.repeat(64);

class MemoryFiles {
  readonly files = new Map<string, Buffer>();
  readonly writes: string[] = [];
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async put(key: string, data: Buffer) {
    this.writes.push(key);
    this.files.set(key, data);
  }
}

class RecordingRenderer implements PdfRenderer, WordRenderer {
  readonly calls: { html: string; assets: RenderAsset[]; limits?: RenderLimits }[] = [];
  failure: Error | null = null;
  constructor(private readonly output = '%PDF-1.7 rendered') {}
  async render(html: string, assets: RenderAsset[], limits?: RenderLimits) {
    this.calls.push({ html, assets, limits });
    if (this.failure) throw this.failure;
    return Buffer.from(this.output);
  }
}

/** The failure an UnrecoverableError names, or what else was thrown. */
async function failureOf(rendering: Promise<unknown>): Promise<string> {
  const error = await rendering.then(
    () => null,
    (thrown: Error) => thrown,
  );
  if (!error) return 'rendered';
  return error instanceof UnrecoverableError ? `for good: ${documentJobFailureOf(error.message)}` : `retried: ${error.message}`;
}

function job(overrides: Partial<DocumentJobData> = {}): DocumentJobData {
  return {
    tenantId: TENANT,
    format: 'pdf',
    html: '<html><body><h1>Preventivo</h1><img src="logo.png"></body></html>',
    assets: [{ name: 'logo.png', storageKey: `signatures/${TENANT}/logo.png`, contentType: 'image/png' }],
    storageKey: `documents/${TENANT}/${HASH}.pdf`,
    answerBy: Date.now() + 30_000,
    ...overrides,
  };
}

describe(renderDocumentJob.name, () => {
  let files: MemoryFiles;
  let pdf: RecordingRenderer;
  let word: RecordingRenderer;
  const logo = pngOf(4, 4);
  const render = (data: DocumentJobData) => renderDocumentJob(data, { files, pdf, word });

  beforeEach(() => {
    files = new MemoryFiles();
    pdf = new RecordingRenderer();
    word = new RecordingRenderer('PK word');
    files.files.set(`signatures/${TENANT}/logo.png`, logo);
  });

  it('renders the PDF with its assets read from the storage and writes it to the job key, within the time its caller waits', async () => {
    const data = job();
    const sut = await render(data);

    expect(sut).toEqual({ storageKey: `documents/${TENANT}/${HASH}.pdf`, bytes: 17, rendered: true });
    expect(pdf.calls).toEqual([{ html: data.html, assets: [{ name: 'logo.png', contentType: 'image/png', body: logo }], limits: { timeoutMs: expect.any(Number) } }]);
    expect(pdf.calls[0].limits?.timeoutMs).toBeGreaterThan(29_000);
    expect(pdf.calls[0].limits?.timeoutMs).toBeLessThanOrEqual(30_000);
    expect(files.files.get(`documents/${TENANT}/${HASH}.pdf`)?.toString()).toBe('%PDF-1.7 rendered');
  });

  it('completes at once, without a render or a write, when the document is already in the storage', async () => {
    files.files.set(`documents/${TENANT}/${HASH}.pdf`, Buffer.from('%PDF-earlier'));

    const sut = await render(job({ answerBy: Date.now() - 1 }));

    expect(sut).toEqual({ storageKey: `documents/${TENANT}/${HASH}.pdf`, bytes: 12, rendered: false });
    expect(pdf.calls).toEqual([]);
    expect(files.writes).toEqual([]);
  });

  it('lets a Gotenberg outage fail the attempt so the queue tries again', async () => {
    pdf.failure = new Error('Gotenberg at http://127.0.0.1:1/forms/chromium is unavailable: connect ECONNREFUSED');

    expect(await failureOf(render(job()))).toBe('retried: Gotenberg at http://127.0.0.1:1/forms/chromium is unavailable: connect ECONNREFUSED');
    expect(files.writes).toEqual([]);
  });

  it.each([
    ['the Word converter failing on the document', 'word', new RenderFailure('too-complex', 'the Word converter failed: Maximum call stack size exceeded'), 'for good: too-complex'],
    ['Chromium failing on it (Gotenberg 500)', 'pdf', new RenderFailure('too-complex', 'Gotenberg could not convert the document: 500 Internal Server Error'), 'for good: too-complex'],
    ['a document larger than Gotenberg takes (413)', 'pdf', new RenderFailure('too-large', 'Gotenberg could not convert the document: 413 Request Entity Too Large'), 'for good: too-large'],
    ['a form Gotenberg refuses (400)', 'pdf', new RenderFailure('refused', 'Gotenberg could not convert the document: 400 Bad Request'), 'for good: refused'],
    ['a Gotenberg that is busy or timed out (503)', 'pdf', new Error('Gotenberg at http://g/forms/chromium is unavailable: 503 Service Unavailable'), 'retried: Gotenberg at http://g/forms/chromium is unavailable: 503 Service Unavailable'],
  ] as const)('fails %s: %s', async (_case, format, failure, expected) => {
    const renderer = format === 'pdf' ? pdf : word;
    renderer.failure = failure;
    const data = format === 'pdf' ? job() : job({ format: 'word', storageKey: `documents/${TENANT}/${HASH}.docx` });

    expect(await failureOf(render(data))).toBe(expected);
    expect(renderer.calls).toHaveLength(1);
    expect(files.writes).toEqual([]);
  });

  it('renders nothing for a caller that stopped waiting', async () => {
    expect(await failureOf(render(job({ answerBy: Date.now() - 1 })))).toBe('for good: expired');
    expect(pdf.calls).toEqual([]);
  });

  it("does not retry an attempt that its caller's wait cut short", async () => {
    pdf.render = async (_html, _assets, limits) => {
      await new Promise((resolve) => setTimeout(resolve, (limits?.timeoutMs ?? 0) + 5));
      throw new Error('Gotenberg at http://g/forms/chromium is unavailable: The operation was aborted due to timeout');
    };
    expect(await failureOf(render(job({ answerBy: Date.now() + 30 })))).toBe('for good: expired');
  });

  it.each([
    ['an output outside the agency documents', { storageKey: `documents/another/${HASH}.pdf` }],
    ['an output with a path in it', { storageKey: `documents/${TENANT}/../${HASH}.pdf` }],
    ['an output of the other format', { storageKey: `documents/${TENANT}/${HASH}.docx` }],
    ['an asset named like the document', { assets: [{ name: 'index.html', storageKey: 'signatures/x/y.png', contentType: 'image/png' }] }],
    ["an asset named like the page frame's header", { assets: [{ name: 'header.html', storageKey: 'signatures/x/y.png', contentType: 'image/png' }] }],
    ["an asset named like the page frame's footer", { assets: [{ name: 'footer.html', storageKey: 'signatures/x/y.png', contentType: 'image/png' }] }],
    ['an asset name with a path', { assets: [{ name: '../logo.png', storageKey: 'signatures/x/y.png', contentType: 'image/png' }] }],
    ['an asset key reaching out', { assets: [{ name: 'logo.png', storageKey: '../../etc/passwd', contentType: 'image/png' }] }],
    ['an asset missing from the storage', { assets: [{ name: 'logo.png', storageKey: `signatures/${TENANT}/gone.png`, contentType: 'image/png' }] }],
    ['an agency that is no id', { tenantId: '../elsewhere', storageKey: `documents/../elsewhere/${HASH}.pdf` }],
    ['no time its caller waits until', { answerBy: undefined as unknown as number }],
  ])('refuses for good %s', async (_case, overrides) => {
    expect(await failureOf(render(job(overrides)))).toBe('for good: refused');
    expect(pdf.calls).toEqual([]);
    expect(files.writes).toEqual([]);
  });

  it('makes the Word file from the same HTML, its images embedded from the storage', async () => {
    const data = job({
      format: 'word',
      storageKey: `documents/${TENANT}/${HASH}.docx`,
      html: '<html><body><h1>Preventivo</h1><p>Spett.le <strong>Mario Rossi</strong></p><img src="logo.png"></body></html>',
    });
    const threads = new DocxRenderer({ threads: 1, timeoutMs: 20_000 });
    try {
      const sut = await renderDocumentJob(data, { files, pdf, word: threads });

      const docx = files.files.get(`documents/${TENANT}/${HASH}.docx`)!;
      expect(sut.bytes).toBe(docx.length);
      expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(docxText(docx)).toBe('Preventivo\nSpett.le Mario Rossi');
      expect(docxDocumentXml(docx)).toContain('<pic:pic');
      expect(pdf.calls).toEqual([]);
    } finally {
      await threads.close();
    }
  });
});

describe(gotenbergFailure.name, () => {
  it.each([
    [413, 'too-large'],
    [500, 'too-complex'],
    [409, 'too-complex'],
    [400, 'refused'],
    [404, 'refused'],
    [408, null],
    [429, null],
    [502, null],
    [503, null],
    [504, null],
    [Number.NaN, null],
  ])('%s → %s', (status, expected) => {
    expect(gotenbergFailure(status)).toBe(expected);
  });
});

describe(inlineImages.name, () => {
  const asset: RenderAsset = { name: 'logo.png', contentType: 'image/png', body: Buffer.from('png') };

  it('gives an image naming a document file its content as a data URI, keeps data URIs and drops every other image', () => {
    const sut = inlineImages(
      '<p><img alt="logo" src="logo.png"><img src=\'data:image/gif;base64,R0lG\'><img src="http://tracker.example/pixel.gif"><img src="other.png"><img></p>',
      [asset],
    );

    expect(sut).toBe('<p><img alt="logo" src="data:image/png;base64,cG5n"><img src=\'data:image/gif;base64,R0lG\'></p>');
  });
});
