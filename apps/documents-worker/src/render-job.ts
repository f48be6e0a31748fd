import { type DocumentJobData, type DocumentJobFailure, documentJobFailureMessage, type DocumentJobResult } from '@quotebook/contracts';
import { UnrecoverableError } from 'bullmq';
import type { WordRenderer } from './docx-renderer';
import type { PdfRenderer, RenderAsset } from './pdf-renderer';
import { RenderFailure } from './render-failure';

/** What a render job needs of the shared file storage. */
export interface DocumentFiles {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
}

export interface RenderDependencies {
  files: DocumentFiles;
  pdf: PdfRenderer;
  word: WordRenderer;
}

export const EXTENSIONS = { pdf: 'pdf', word: 'docx' } as const;
/** A name the HTML can use for a file: plain, with an extension. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
/** The names of the document and of its page frame's header and footer, in the converter's form: never an asset's. */
const RESERVED_NAMES = new Set(['index.html', 'header.html', 'footer.html']);

/** A job that can never succeed fails at once, for good, saying why, instead of being tried again. */
function failForGood(failure: DocumentJobFailure, reason: string): never {
  throw new UnrecoverableError(documentJobFailureMessage(failure, reason));
}

/** A malformed job (never the user's doing). */
function refuse(reason: string): never {
  failForGood('refused', `document job refused: ${reason}`);
}

/** The job's output goes to its agency's documents and nowhere else; its assets are plain names. */
export function checkJob(data: DocumentJobData): void {
  if (data.format !== 'pdf' && data.format !== 'word') refuse(`unknown format ${String(data.format)}`);
  if (typeof data.html !== 'string' || data.html.length === 0) refuse('no HTML');
  if (typeof data.tenantId !== 'string' || !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(data.tenantId)) refuse(`the agency ${String(data.tenantId)}`);
  const folder = `documents/${data.tenantId}/`;
  const file = typeof data.storageKey === 'string' && data.storageKey.startsWith(folder) ? data.storageKey.slice(folder.length) : '';
  if (!/^[A-Za-z0-9_-]+\.[a-z]+$/.test(file) || !file.endsWith(`.${EXTENSIONS[data.format]}`)) {
    refuse(`the output ${String(data.storageKey)} is not a ${data.format} file of ${folder}`);
  }
  if (typeof data.answerBy !== 'number' || !Number.isFinite(data.answerBy)) refuse('it does not say until when its caller waits (answerBy)');
  const names = new Set<string>();
  for (const asset of data.assets ?? []) {
    if (!ASSET_NAME.test(asset.name) || RESERVED_NAMES.has(asset.name) || names.has(asset.name)) refuse(`the asset name ${asset.name}`);
    if (asset.storageKey.split('/').some((part) => part === '' || part === '.' || part === '..')) refuse(`the asset key ${asset.storageKey}`);
    names.add(asset.name);
  }
}

async function readAssets(data: DocumentJobData, files: DocumentFiles): Promise<RenderAsset[]> {
  return Promise.all(
    (data.assets ?? []).map(async (asset) => {
      const body = await files.get(asset.storageKey);
      if (!body) refuse(`the asset ${asset.name} (${asset.storageKey}) is not in the storage`);
      return { name: asset.name, contentType: asset.contentType, body };
    }),
  );
}

/** Nobody waits for the job any more: it is not rendered (again). */
export function assertAwaited(data: DocumentJobData, now = Date.now()): void {
  if (now >= data.answerBy) failForGood('expired', `its caller stopped waiting ${now - data.answerBy} ms ago: not rendered`);
}

/**
 * Renders one document into its storage key. The key is the document's content hash, so a file already
 * there is this very document: the job completes without a second render (a retried or recovered job
 * leaves exactly one file). A job whose caller stopped waiting is not rendered, and a render never runs
 * past that moment. The storage writes through a temporary file and a rename, so a reader never sees
 * half a document. What only an outage explains (Gotenberg unreachable or busy, a storage error) fails
 * the attempt, for the queue to try again; what another attempt would not change fails the job for good.
 */
export async function renderDocumentJob(data: DocumentJobData, { files, pdf, word }: RenderDependencies): Promise<DocumentJobResult & { rendered: boolean }> {
  checkJob(data);
  const existing = await files.get(data.storageKey);
  if (existing) return { storageKey: data.storageKey, bytes: existing.length, rendered: false };
  assertAwaited(data);
  const assets = await readAssets(data, files);
  const limits = { timeoutMs: data.answerBy - Date.now() };
  let document: Buffer;
  try {
    document = data.format === 'pdf' ? await pdf.render(data.html, assets, limits) : await word.render(data.html, assets, limits);
  } catch (error) {
    if (error instanceof RenderFailure) failForGood(error.failure, error.message);
    // an attempt the caller's wait cut short (Gotenberg timed out then) is not tried again
    assertAwaited(data);
    throw error;
  }
  await files.put(data.storageKey, document);
  return { storageKey: data.storageKey, bytes: document.length, rendered: true };
}
