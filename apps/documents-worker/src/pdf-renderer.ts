import type { DocumentJobFailure } from '@quotebook/contracts';
import { PRINT_PAGE } from '@quotebook/domain';
import { convert, gotenberg, html, pipe, please, set, to } from 'gotenberg-js-client';
import { frameDocument, pageFrameOf } from './page-frame';
import { RenderFailure } from './render-failure';

/** A file the document's HTML refers to by its plain name (`<img src="logo.png">`), with its content. */
export interface RenderAsset {
  name: string;
  contentType: string;
  body: Buffer;
}

/** What one render may take: `timeoutMs`, the time its caller still waits (a renderer's own limit may be shorter). */
export interface RenderLimits {
  timeoutMs?: number;
}

/** Turns a document's HTML and the files it refers to by name into a PDF. */
export interface PdfRenderer {
  render(html: string, assets: RenderAsset[], limits?: RenderLimits): Promise<Buffer>;
}

/**
 * What Gotenberg 8's answer says of the document, when it says something another attempt would not
 * change: 413 it is larger than Gotenberg takes; 500 (Chromium failed on it) or 409 (its page could not
 * be loaded as asked) the converter cannot make it; any other 4xx the form itself is wrong. 502, 503
 * (Chromium unavailable, or Gotenberg's own time limit) and 504 pass: null, the attempt is retried.
 */
export function gotenbergFailure(status: number): DocumentJobFailure | null {
  if (status === 413) return 'too-large';
  if (status === 500 || status === 409) return 'too-complex';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return null;
}

const CM_PER_INCH = 2.54;
const inches = (cm: number) => Number((cm / CM_PER_INCH).toFixed(4));

/**
 * Gotenberg's form for the printed page: A4 with 2 cm margins, the same as the HTML's `@page` rule, so
 * the page is the same whichever of the two Chromium follows; backgrounds (table shading) printed.
 * A new object for each render: gotenberg-js-client's `to()` takes the `paper` and `margins` out of
 * the object it is given (it sets them to undefined), so a shared one would leave every render after
 * the first on Gotenberg's default Letter page.
 */
export function gotenbergPageFields() {
  return {
    paper: { width: inches(PRINT_PAGE.widthCm), height: inches(PRINT_PAGE.heightCm) },
    margins: {
      top: inches(PRINT_PAGE.marginCm),
      right: inches(PRINT_PAGE.marginCm),
      bottom: inches(PRINT_PAGE.marginCm),
      left: inches(PRINT_PAGE.marginCm),
    },
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Gotenberg 8's Chromium route through gotenberg-js-client (written for Gotenberg 6's paths, so its base
 * is `<GOTENBERG_URL>/forms/chromium` and it posts to `.../convert/html`). The HTML goes as `index.html`
 * and every asset as a file beside it: Chromium is given no URL to fetch. The document's page frame goes
 * as Gotenberg's `header.html` and `footer.html`, which Chromium prints in the margins of every page,
 * filling in the page number and count.
 */
export class GotenbergPdfRenderer implements PdfRenderer {
  private readonly endpoint: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.endpoint = `${baseUrl.replace(/\/+$/, '')}/forms/chromium`;
  }

  async render(document: string, assets: RenderAsset[], limits: RenderLimits = {}): Promise<Buffer> {
    const files: Record<string, string | Buffer> = { 'index.html': document };
    const frame = pageFrameOf(document);
    if (frame.header !== null) files['header.html'] = frameDocument(frame.header, 'header');
    if (frame.footer !== null) files['footer.html'] = frameDocument(frame.footer, 'footer');
    for (const asset of assets) files[asset.name] = asset.body;
    const timeoutMs = Math.max(0, Math.min(this.timeoutMs, limits.timeoutMs ?? Infinity));
    // the native client passes its config to http.request: the signal bounds the whole exchange
    const toPdf = pipe(
      gotenberg(this.endpoint, { signal: AbortSignal.timeout(timeoutMs) }),
      convert,
      html,
      to(gotenbergPageFields()),
      set((fields) => Object.assign(fields, { printBackground: true, preferCssPageSize: false })),
      please,
    );
    let pdf: Buffer;
    try {
      pdf = await readAll(await toPdf(files));
    } catch (error) {
      // the client's error for an answer that is no success starts with its status: `500 Internal Server Error`
      const message = (error as Error).message;
      const failure = gotenbergFailure(Number(/^(\d{3}) /.exec(message)?.[1]));
      if (failure) throw new RenderFailure(failure, `Gotenberg could not convert the document: ${message}`, { cause: error });
      throw new Error(`Gotenberg at ${this.endpoint} is unavailable: ${message || (error as Error).name}`, { cause: error });
    }
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`Gotenberg at ${this.endpoint} answered something that is not a PDF`);
    return pdf;
  }
}
