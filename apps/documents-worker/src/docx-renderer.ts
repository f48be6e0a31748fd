import path from 'node:path';
import type HTMLtoDOCX from '@turbodocx/html-to-docx';
import { PRINT_PAGE } from '@quotebook/domain';
import { Piscina } from 'piscina';
import { pageFrameOf, wordFooter, wordPageCountJoin } from './page-frame';
import type { RenderAsset, RenderLimits } from './pdf-renderer';
import { RenderFailure } from './render-failure';

const TWIPS_PER_CM = 1440 / 2.54;
const twips = (cm: number) => Math.round(cm * TWIPS_PER_CM);

/** The printed page in Word's terms: A4, 2 cm margins, the serif font at 12 pt (Word counts half-points). */
const WORD_PAGE: HTMLtoDOCX.DocumentOptions = {
  orientation: 'portrait',
  pageSize: { width: twips(PRINT_PAGE.widthCm), height: twips(PRINT_PAGE.heightCm) },
  margins: {
    top: twips(PRINT_PAGE.marginCm),
    right: twips(PRINT_PAGE.marginCm),
    bottom: twips(PRINT_PAGE.marginCm),
    left: twips(PRINT_PAGE.marginCm),
  },
  font: PRINT_PAGE.fontFamily.split(',')[0].trim(),
  fontSize: PRINT_PAGE.fontSizePt * 2,
  lang: 'it-IT',
};

const IMG_TAG = /<img\b[^>]*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * The HTML with each image that names one of the document's files carrying that file as a `data:` URI
 * (the Word converter embeds those). An image that is neither is left out: nothing is fetched to make
 * a Word file.
 */
export function inlineImages(html: string, assets: RenderAsset[]): string {
  const inline = new Map(assets.map((asset) => [asset.name, `data:${asset.contentType};base64,${asset.body.toString('base64')}`]));
  return html.replace(IMG_TAG, (tag) => {
    const match = SRC_ATTRIBUTE.exec(tag);
    const source = match ? (match[1] ?? match[2] ?? match[3]) : '';
    const data = inline.get(source);
    if (data) return tag.replace(SRC_ATTRIBUTE, ` src="${data}"`);
    return source.startsWith('data:') ? tag : '';
  });
}

/** Turns a document's HTML and the files it refers to by name into a Word document. */
export interface WordRenderer {
  render(html: string, assets: RenderAsset[], limits?: RenderLimits): Promise<Buffer>;
}

interface DocxTask {
  html: string;
  /** the running header and the footer of every page, or null */
  header: string | null;
  footer: string | null;
  /** the words between Word's PAGE and NUMPAGES fields in the footer ("Pagina 1 di 2"), or null */
  pageCountJoin: string | null;
  options: HTMLtoDOCX.DocumentOptions;
}

/**
 * The Word task of a document: its page frame as Word's header and footer (the footer's page number
 * as Word's PAGE field, followed by the page count as its NUMPAGES field), its images inlined.
 */
export function docxTask(html: string, assets: RenderAsset[]): DocxTask {
  const { header, footer } = pageFrameOf(html);
  const framed = { header: header !== null, footer: footer !== null, pageNumber: footer !== null };
  return {
    html: inlineImages(html, assets),
    header,
    footer: footer === null ? null : wordFooter(footer),
    pageCountJoin: footer === null ? null : wordPageCountJoin(footer),
    options: { ...WORD_PAGE, ...framed },
  };
}

/** The thread's script, beside this module: in `src/` under the tests, copied beside main.js in the bundle. */
const DOCX_THREAD_FILE = path.join(__dirname, 'docx-conversion.thread.js');

/**
 * A thread's heap: 1,000 bulleted lists (about 4 MB of Word) take html-to-docx some 200 MB; past the
 * bound the thread ends and the document is too complex.
 */
const DOCX_THREAD_HEAP_MB = 512;
/** A thread's stack: Node's default size. */
const DOCX_THREAD_STACK_MB = 4;

/** An idle thread beyond the first is ended after this long. */
const IDLE_THREAD_MS = 60_000;

export interface DocxRendererOptions {
  /** threads at most: the worker's concurrency, so a job never waits for one */
  threads: number;
  /** a conversion's limit; past it its thread is ended and the document is too complex */
  timeoutMs: number;
  /** a thread's heap, in MB (512 unless said) */
  heapMb?: number;
}

/**
 * `@turbodocx/html-to-docx` in a pool of worker threads (piscina): a long conversion never holds the
 * event loop, and one past its limit is ended with its thread. The HTML is prepared here (its images
 * inlined); the document's bytes are moved back, not copied.
 */
export class DocxRenderer implements WordRenderer {
  private readonly pool: Piscina<DocxTask, Uint8Array>;

  constructor(private readonly options: DocxRendererOptions) {
    this.pool = new Piscina<DocxTask, Uint8Array>({
      filename: DOCX_THREAD_FILE,
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: IDLE_THREAD_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? DOCX_THREAD_HEAP_MB, stackSizeMb: DOCX_THREAD_STACK_MB },
    });
  }

  async render(html: string, assets: RenderAsset[], limits: RenderLimits = {}): Promise<Buffer> {
    // the caller's wait, when it is the shorter, ends the conversion as a plain error (the job then expires)
    const ownLimit = (limits.timeoutMs ?? Infinity) >= this.options.timeoutMs;
    const timeoutMs = Math.max(0, Math.min(this.options.timeoutMs, limits.timeoutMs ?? Infinity));
    let bytes: Uint8Array;
    try {
      bytes = await this.pool.run(docxTask(html, assets), { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const { name, code, message } = error as NodeJS.ErrnoException;
      if (name === 'AbortError' && message !== 'pool is closed') {
        if (!ownLimit) throw new Error(`the Word conversion was stopped when its caller stopped waiting`, { cause: error });
        throw new RenderFailure('too-complex', `the Word conversion took longer than ${this.options.timeoutMs} ms`, { cause: error });
      }
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new RenderFailure('too-complex', `the Word conversion needed more than ${this.options.heapMb ?? DOCX_THREAD_HEAP_MB} MB`, { cause: error });
      }
      // the pool closing (the worker shuts down): nothing to say about the document
      if (name === 'AbortError' || message === 'Terminating worker thread') throw error;
      throw new RenderFailure('too-complex', `the Word converter failed on the document: ${name}: ${message}`, { cause: error });
    }
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Ends the threads, and with them any conversion still running. */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
