import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { isApiError, reasonOf } from '../../shared/http-errors';

export const DOWNLOAD_ERROR_TITLE = 'Errore nel download';
export const EMPTY_FILE_TEXT = 'Il file generato è vuoto';
export const UNKNOWN_DOWNLOAD_ERROR = 'Errore sconosciuto nel download del documento';

/** A download whose file came back without a byte. */
export class EmptyDocumentError extends Error {
  constructor() {
    super(EMPTY_FILE_TEXT);
  }
}

/** The domain's words for a document the server would not make, by the answer's reason. */
function refusalText(reason: string | undefined): string | undefined {
  switch (reason) {
    case 'DOCUMENT_TOO_LARGE':
      return DOCUMENT_MESSAGES.documentTooLarge;
    case 'DOCUMENT_TOO_COMPLEX':
      return DOCUMENT_MESSAGES.documentTooComplex;
    case 'DOCUMENTS_BUSY':
      return DOCUMENT_MESSAGES.documentsBusy;
    default:
      return undefined;
  }
}

/**
 * Why the server would not make this document (too large, too complex, or too many of the agency's
 * under way), in the server's words, or undefined when the call failed for another reason. These say
 * what to do about the layout or when to try again, so they are shown as they are.
 */
export function documentRefusal(error: unknown): string | undefined {
  const known = refusalText(reasonOf(error));
  if (!known) return undefined;
  return (isApiError(error) && error.serverMessage) || known;
}

/**
 * What the download's error toast says: why the server would not make the document, else the
 * server's status (and its message when it gave one, e.g. that the PDF service is down), an empty
 * file, or that nobody knows.
 */
export function downloadErrorText(error: unknown): string {
  if (error instanceof EmptyDocumentError) return EMPTY_FILE_TEXT;
  const refusal = documentRefusal(error);
  if (refusal) return refusal;
  if (isApiError(error) && typeof error.status === 'number') {
    const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as { statusText?: unknown; error?: unknown; message?: unknown };
    // over HTTP/2 a response has no status text: the gateway's body names the status too
    const statusText = [body.statusText, body.error].find((text): text is string => typeof text === 'string' && text !== '') ?? '';
    const status = `Server error: ${error.status} ${statusText}`.trim();
    return typeof body.message === 'string' && body.message !== '' ? `${status}. ${body.message}` : status;
  }
  return UNKNOWN_DOWNLOAD_ERROR;
}

/** The file name of `attachment; filename="preventivo-A1B2C3.pdf"` (or `filename*=UTF-8''…`), without any folder. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+'[^']*')?"?([^";]+)"?/i.exec(disposition);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]);
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition)?.slice(1).find((part) => part !== undefined);
  const base = name?.trim().split(/[\\/]/).pop();
  return base ? base : null;
}

/** Saves a file the browser holds (an object URL) under `fileName`, then lets the URL go. */
export function saveFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the download started
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The preview's HTML with the policy the gateway sends it under: nothing fetched, no script, its
 * images inlined. A framed `srcdoc` gets no response headers, so the page carries the policy itself.
 */
export function framedHtml(html: string): string {
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;
  const head = /<head[^>]*>/i.exec(html);
  return head ? `${html.slice(0, head.index + head[0].length)}${policy}${html.slice(head.index + head[0].length)}` : `${policy}${html}`;
}

/**
 * Prints a document's HTML (its own print styles: A4, margins, fonts) from a hidden frame. The frame
 * runs no script; it shares the page's origin only so that the page may call its print().
 */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.addEventListener(
    'load',
    () => {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
      // print() returns once the print dialog closed
      setTimeout(() => frame.remove(), 1000);
    },
    { once: true },
  );
  frame.srcdoc = framedHtml(html);
  document.body.append(frame);
}
