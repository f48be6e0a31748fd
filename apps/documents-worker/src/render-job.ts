import type { DocumentJobData, DocumentJobResult } from '@quotebook/contracts';
import { UnrecoverableError } from 'bullmq';
import { renderDocx } from './docx-renderer';
import { PdfRejectedError, type PdfRenderer, type RenderAsset } from './pdf-renderer';

/** What a render job needs of the shared file storage. */
export interface DocumentFiles {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
}

export interface RenderDependencies {
  files: DocumentFiles;
  pdf: PdfRenderer;
}

const EXTENSIONS = { pdf: 'pdf', word: 'docx' } as const;
/** A name the HTML can use for a file: plain, with an extension, never the document itself. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

/** A job that could never succeed is failed at once instead of being tried again. */
function refuse(reason: string): never {
  throw new UnrecoverableError(`document job refused: ${reason}`);
}

/** The job's output goes to its agency's documents and nowhere else; its assets are plain names. */
export function checkJob(data: DocumentJobData): void {
  if (data.format !== 'pdf' && data.format !== 'word') refuse(`unknown format ${String(data.format)}`);
  if (typeof data.html !== 'string' || data.html.length === 0) refuse('no HTML');
  const folder = `documents/${data.tenantId}/`;
  const file = typeof data.storageKey === 'string' && data.storageKey.startsWith(folder) ? data.storageKey.slice(folder.length) : '';
  if (!/^[A-Za-z0-9_-]+\.[a-z]+$/.test(file) || !file.endsWith(`.${EXTENSIONS[data.format]}`)) {
    refuse(`the output ${String(data.storageKey)} is not a ${data.format} file of ${folder}`);
  }
  const names = new Set<string>();
  for (const asset of data.assets ?? []) {
    if (!ASSET_NAME.test(asset.name) || asset.name === 'index.html' || names.has(asset.name)) refuse(`the asset name ${asset.name}`);
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

/**
 * Renders one document into its storage key. The key is the document's content hash, so a file already
 * there is this very document: the job completes without a second render (a retried or recovered job
 * leaves exactly one file). The storage writes through a temporary file and a rename, so a reader never
 * sees half a document.
 */
export async function renderDocumentJob(data: DocumentJobData, { files, pdf }: RenderDependencies): Promise<DocumentJobResult & { rendered: boolean }> {
  checkJob(data);
  const existing = await files.get(data.storageKey);
  if (existing) return { storageKey: data.storageKey, bytes: existing.length, rendered: false };
  const assets = await readAssets(data, files);
  let document: Buffer;
  try {
    document = data.format === 'pdf' ? await pdf.render(data.html, assets) : await renderDocx(data.html, assets);
  } catch (error) {
    if (error instanceof PdfRejectedError) throw new UnrecoverableError(error.message);
    throw error;
  }
  await files.put(data.storageKey, document);
  return { storageKey: data.storageKey, bytes: document.length, rendered: true };
}
