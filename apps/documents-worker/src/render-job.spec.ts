import type { DocumentJobData } from '@quotebook/contracts';
import { docxDocumentXml, docxText, pngOf } from '@quotebook/testing';
import { UnrecoverableError } from 'bullmq';
import { inlineImages } from './docx-renderer';
import { PdfRejectedError, type PdfRenderer, type RenderAsset } from './pdf-renderer';
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

class RecordingPdf implements PdfRenderer {
  readonly calls: { html: string; assets: RenderAsset[] }[] = [];
  failure: Error | null = null;
  async render(html: string, assets: RenderAsset[]) {
    this.calls.push({ html, assets });
    if (this.failure) throw this.failure;
    return Buffer.from('%PDF-1.7 rendered');
  }
}

function job(overrides: Partial<DocumentJobData> = {}): DocumentJobData {
  return {
    tenantId: TENANT,
    format: 'pdf',
    html: '<html><body><h1>Preventivo</h1><img src="logo.png"></body></html>',
    assets: [{ name: 'logo.png', storageKey: `signatures/${TENANT}/logo.png`, contentType: 'image/png' }],
    storageKey: `documents/${TENANT}/${HASH}.pdf`,
    ...overrides,
  };
}

describe(renderDocumentJob.name, () => {
  let files: MemoryFiles;
  let pdf: RecordingPdf;
  const logo = pngOf(4, 4);

  beforeEach(() => {
    files = new MemoryFiles();
    pdf = new RecordingPdf();
    files.files.set(`signatures/${TENANT}/logo.png`, logo);
  });

  it('renders the PDF with its assets read from the storage and writes it to the job key', async () => {
    const sut = await renderDocumentJob(job(), { files, pdf });

    expect(sut).toEqual({ storageKey: `documents/${TENANT}/${HASH}.pdf`, bytes: 17, rendered: true });
    expect(pdf.calls).toEqual([{ html: job().html, assets: [{ name: 'logo.png', contentType: 'image/png', body: logo }] }]);
    expect(files.files.get(`documents/${TENANT}/${HASH}.pdf`)?.toString()).toBe('%PDF-1.7 rendered');
  });

  it('completes at once, without a render or a write, when the document is already in the storage', async () => {
    files.files.set(`documents/${TENANT}/${HASH}.pdf`, Buffer.from('%PDF-earlier'));

    const sut = await renderDocumentJob(job(), { files, pdf });

    expect(sut).toEqual({ storageKey: `documents/${TENANT}/${HASH}.pdf`, bytes: 12, rendered: false });
    expect(pdf.calls).toEqual([]);
    expect(files.writes).toEqual([]);
  });

  it('lets a Gotenberg outage fail the attempt so the queue tries again', async () => {
    pdf.failure = new Error('Gotenberg at http://127.0.0.1:1/forms/chromium is unavailable: connect ECONNREFUSED');

    const sut = renderDocumentJob(job(), { files, pdf });

    await expect(sut).rejects.toThrow('unavailable');
    await expect(sut).rejects.not.toBeInstanceOf(UnrecoverableError);
    expect(files.writes).toEqual([]);
  });

  it('fails for good when Gotenberg refuses the document itself', async () => {
    pdf.failure = new PdfRejectedError('Gotenberg refused the document: 400 Bad Request');

    await expect(renderDocumentJob(job(), { files, pdf })).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it.each([
    ['an output outside the agency documents', { storageKey: `documents/another/${HASH}.pdf` }],
    ['an output with a path in it', { storageKey: `documents/${TENANT}/../${HASH}.pdf` }],
    ['an output of the other format', { storageKey: `documents/${TENANT}/${HASH}.docx` }],
    ['an asset named like the document', { assets: [{ name: 'index.html', storageKey: 'signatures/x/y.png', contentType: 'image/png' }] }],
    ['an asset name with a path', { assets: [{ name: '../logo.png', storageKey: 'signatures/x/y.png', contentType: 'image/png' }] }],
    ['an asset key reaching out', { assets: [{ name: 'logo.png', storageKey: '../../etc/passwd', contentType: 'image/png' }] }],
    ['an asset missing from the storage', { assets: [{ name: 'logo.png', storageKey: `signatures/${TENANT}/gone.png`, contentType: 'image/png' }] }],
  ])('refuses for good %s', async (_case, overrides) => {
    await expect(renderDocumentJob(job(overrides), { files, pdf })).rejects.toBeInstanceOf(UnrecoverableError);
    expect(pdf.calls).toEqual([]);
    expect(files.writes).toEqual([]);
  });

  it('makes the Word file from the same HTML, its images embedded from the storage', async () => {
    const data = job({
      format: 'word',
      storageKey: `documents/${TENANT}/${HASH}.docx`,
      html: '<html><body><h1>Preventivo</h1><p>Spett.le <strong>Mario Rossi</strong></p><img src="logo.png"></body></html>',
    });

    const sut = await renderDocumentJob(data, { files, pdf });

    const docx = files.files.get(`documents/${TENANT}/${HASH}.docx`)!;
    expect(sut.bytes).toBe(docx.length);
    expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(docxText(docx)).toBe('Preventivo\nSpett.le Mario Rossi');
    expect(docxDocumentXml(docx)).toContain('<pic:pic');
    expect(pdf.calls).toEqual([]);
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
