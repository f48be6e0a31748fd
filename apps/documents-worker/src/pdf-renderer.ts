import { PRINT_PAGE } from '@quotebook/domain';
import { convert, gotenberg, html, pipe, please, set, to } from 'gotenberg-js-client';

/** A file the document's HTML refers to by its plain name (`<img src="logo.png">`), with its content. */
export interface RenderAsset {
  name: string;
  contentType: string;
  body: Buffer;
}

/** Turns a document's HTML and the files it refers to by name into a PDF. */
export interface PdfRenderer {
  render(html: string, assets: RenderAsset[]): Promise<Buffer>;
}

/** Gotenberg refused the document itself (4xx): trying again would give the same answer. */
export class PdfRejectedError extends Error {}

const CM_PER_INCH = 2.54;
const inches = (cm: number) => Number((cm / CM_PER_INCH).toFixed(4));

/**
 * Gotenberg's form for the printed page: A4 with 2 cm margins, the same as the HTML's `@page` rule, so
 * the page is the same whichever of the two Chromium follows; backgrounds (table shading) printed.
 */
export const GOTENBERG_PAGE_FIELDS = {
  paper: { width: inches(PRINT_PAGE.widthCm), height: inches(PRINT_PAGE.heightCm) },
  margins: {
    top: inches(PRINT_PAGE.marginCm),
    right: inches(PRINT_PAGE.marginCm),
    bottom: inches(PRINT_PAGE.marginCm),
    left: inches(PRINT_PAGE.marginCm),
  },
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Gotenberg 8's Chromium route through gotenberg-js-client (written for Gotenberg 6's paths, so its base
 * is `<GOTENBERG_URL>/forms/chromium` and it posts to `.../convert/html`). The HTML goes as `index.html`
 * and every asset as a file beside it: Chromium is given no URL to fetch.
 */
export class GotenbergPdfRenderer implements PdfRenderer {
  private readonly endpoint: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.endpoint = `${baseUrl.replace(/\/+$/, '')}/forms/chromium`;
  }

  async render(document: string, assets: RenderAsset[]): Promise<Buffer> {
    const files: Record<string, string | Buffer> = { 'index.html': document };
    for (const asset of assets) files[asset.name] = asset.body;
    // the native client passes its config to http.request: the signal bounds the whole exchange
    const toPdf = pipe(
      gotenberg(this.endpoint, { signal: AbortSignal.timeout(this.timeoutMs) }),
      convert,
      html,
      to(GOTENBERG_PAGE_FIELDS),
      set((fields) => Object.assign(fields, { printBackground: true, preferCssPageSize: false })),
      please,
    );
    let pdf: Buffer;
    try {
      pdf = await readAll(await toPdf(files));
    } catch (error) {
      const message = (error as Error).message;
      if (/^4\d\d /.test(message)) throw new PdfRejectedError(`Gotenberg refused the document: ${message}`, { cause: error });
      throw new Error(`Gotenberg at ${this.endpoint} is unavailable: ${message || (error as Error).name}`, { cause: error });
    }
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`Gotenberg at ${this.endpoint} answered something that is not a PDF`);
    return pdf;
  }
}
