import { Logger } from '@nestjs/common';
import type { DocumentAsset } from '@quotebook/contracts';
import { FileStorage } from '@quotebook/server-core';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseObjectPath, storageKeyOf } from '../signatures/signature-objects';
import type { PrintedImage } from './document-html';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
type ImageExtension = keyof typeof CONTENT_TYPES;

/** An agency's logo as the gateway stores it: `/uploads/logos/<tenant>/<uuid>.<png|jpg|gif>`. */
const LOGO_URL = /^\/uploads\/logos\/([0-9a-f-]{36})\/([0-9a-f-]{36}\.(png|jpg|gif))$/;

/** An image a document shows, read once: its bytes and what names it in the document. */
export interface DocumentImage {
  kind: 'logo' | 'signature';
  bytes: Buffer;
  extension: ImageExtension;
  /** its content's hash: it names the image in the document, so the document's hash covers the image */
  sha256: string;
  /** where the worker reads it; null for the logo until it is copied into the storage */
  storageKey: string | null;
}

/**
 * Reads the images of a document: the agency's logo from the gateway's upload folder (read only) and
 * signature images from the shared storage. A file that is gone leaves its image out of the document.
 */
export class DocumentImages {
  private readonly logger = new Logger(DocumentImages.name);
  private readonly uploadRoot: string;

  constructor(
    private readonly storage: FileStorage,
    uploadDir: string,
  ) {
    this.uploadRoot = resolve(uploadDir);
  }

  async logo(tenantId: string, logoUrl: string | null): Promise<DocumentImage | null> {
    const match = logoUrl ? LOGO_URL.exec(logoUrl) : null;
    if (!match || match[1] !== tenantId) return null;
    const bytes = await readFile(join(this.uploadRoot, 'logos', tenantId, match[2])).catch((error: NodeJS.ErrnoException) => {
      this.logger.warn(`logo ${logoUrl} not read (${error.code ?? error.message}): the document has none`);
      return null;
    });
    return bytes ? image('logo', bytes, match[3] as ImageExtension, null) : null;
  }

  async signature(tenantId: string, objectPath: string | null): Promise<DocumentImage | null> {
    const object = objectPath ? parseObjectPath(objectPath) : null;
    if (!object || object.tenantId !== tenantId) return null;
    const storageKey = storageKeyOf(object);
    const bytes = await this.storage.get(storageKey);
    if (!bytes) this.logger.warn(`signature ${objectPath} is not in the storage: the document has none`);
    return bytes ? image('signature', bytes, object.extension, storageKey) : null;
  }

  /** The image inlined, for the preview: the page fetches nothing. */
  static inline(image: DocumentImage): PrintedImage {
    return { src: `data:${CONTENT_TYPES[image.extension]};base64,${image.bytes.toString('base64')}` };
  }

  /**
   * The image as a file of the render job, by a plain name; the logo is copied into the storage first
   * (under its hash, so once) since the worker reads only the storage.
   */
  async asAsset(tenantId: string, image: DocumentImage): Promise<{ printed: PrintedImage; asset: DocumentAsset }> {
    let storageKey = image.storageKey;
    if (storageKey === null) {
      storageKey = `assets/${tenantId}/${image.sha256}.${image.extension}`;
      if (!(await this.storage.exists(storageKey))) await this.storage.put(storageKey, image.bytes);
    }
    const name = `${image.kind}-${image.sha256.slice(0, 16)}.${image.extension}`;
    return { printed: { src: name }, asset: { name, storageKey, contentType: CONTENT_TYPES[image.extension] } };
  }
}

function image(kind: DocumentImage['kind'], bytes: Buffer, extension: ImageExtension, storageKey: string | null): DocumentImage {
  return { kind, bytes, extension, storageKey, sha256: createHash('sha256').update(bytes).digest('hex') };
}
