import { BadRequestException, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { imageSize } from 'image-size';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, MESSAGES } from '@quotebook/domain';

export const UPLOAD_ROOT = Symbol('UPLOAD_ROOT');
export const MAX_LOGO_BYTES = LOGO_MAX_BYTES;
export const MAX_LOGO_PIXELS = LOGO_MAX_PIXELS;
export const LOGO_TOO_LARGE = MESSAGES.logoTooLarge;
export const LOGO_WRONG_TYPE = MESSAGES.logoWrongType;
export const LOGO_TOO_BIG_DIMENSIONS = MESSAGES.logoTooWide;
/** Public URL prefix of the upload directory (see serveUploads). */
export const UPLOADS_URL_PREFIX = '/uploads/';
const LOGOS_FOLDER = 'logos';

type ImageKind = 'png' | 'jpg' | 'gif';

/** Recognises an image by its first bytes, whatever its name or declared type says. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

export class UnsupportedImageException extends HttpException {
  constructor() {
    super({ statusCode: 415, message: LOGO_WRONG_TYPE, error: 'Unsupported Media Type' }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
}

/**
 * Checks an uploaded logo and keeps it on disk under a generated name in its agency's own folder
 * (logos/<tenantId>/), served under /uploads. A replaced logo and a deleted agency's folder are removed.
 */
@Injectable()
export class LogoStorageService {
  private readonly logger = new Logger('LogoStorage');
  private readonly logosRoot: string;

  constructor(@Inject(UPLOAD_ROOT) private readonly uploadRoot: string) {
    this.logosRoot = resolve(uploadRoot, LOGOS_FOLDER);
  }

  /** Throws 413/415/400 naming what is wrong with the file; returns the public URL of the stored file. */
  async store(tenantId: string, file: { buffer: Buffer; size: number } | undefined): Promise<{ logoUrl: string; path: string }> {
    if (!file || file.size === 0) throw new BadRequestException('logo file is required (multipart field "logo")');
    if (file.size > MAX_LOGO_BYTES) {
      throw new HttpException({ statusCode: 413, message: LOGO_TOO_LARGE, error: 'Payload Too Large' }, 413);
    }
    const kind = detectImageKind(file.buffer);
    if (!kind) throw new UnsupportedImageException();
    let dimensions: { width: number; height: number };
    try {
      dimensions = imageSize(file.buffer);
    } catch {
      throw new BadRequestException('The logo image could not be read');
    }
    if (dimensions.width > MAX_LOGO_PIXELS || dimensions.height > MAX_LOGO_PIXELS) {
      throw new BadRequestException(LOGO_TOO_BIG_DIMENSIONS);
    }
    const directory = this.tenantFolder(tenantId);
    await mkdir(directory, { recursive: true });
    const name = `${randomUUID()}.${kind}`;
    const path = join(directory, name);
    await writeFile(path, file.buffer, { mode: 0o640 });
    return { logoUrl: `${UPLOADS_URL_PREFIX}${LOGOS_FOLDER}/${tenantId}/${name}`, path };
  }

  async discard(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  /**
   * Deletes the file a logo URL points to. Only files under the logos folder are touched; any other
   * URL is ignored. Never throws: the agency's data is already saved, a leftover file is only logged.
   */
  async removeByUrl(logoUrl: string | null | undefined): Promise<void> {
    const path = this.logoPathOf(logoUrl);
    if (!path) return;
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') this.logger.warn(`old logo ${logoUrl} not deleted (${error.code ?? error.message})`);
    });
  }

  /** Deletes an agency's logo folder and its current logo (which may predate the per-agency folders). */
  async removeTenantFiles(tenantId: string, currentLogoUrl: string | null | undefined): Promise<void> {
    await this.removeByUrl(currentLogoUrl);
    await rm(this.tenantFolder(tenantId), { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) =>
      this.logger.warn(`logo folder of tenant ${tenantId} not deleted (${error.code ?? error.message})`),
    );
  }

  private tenantFolder(tenantId: string): string {
    const folder = resolve(this.logosRoot, tenantId);
    if (!isInside(this.logosRoot, folder) || relative(this.logosRoot, folder).includes(sep)) {
      throw new BadRequestException('tenantId must be a UUID');
    }
    return folder;
  }

  /** The file under the logos folder a URL names, or null for any URL that points elsewhere. */
  private logoPathOf(logoUrl: string | null | undefined): string | null {
    if (typeof logoUrl !== 'string' || !logoUrl.startsWith(`${UPLOADS_URL_PREFIX}${LOGOS_FOLDER}/`)) return null;
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(logoUrl.slice(UPLOADS_URL_PREFIX.length));
    } catch {
      return null;
    }
    if (relativePath.includes('\0')) return null;
    const path = resolve(this.uploadRoot, relativePath);
    return isInside(this.logosRoot, path) ? path : null;
  }
}

/** True when `path` is strictly below `folder`. */
function isInside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '' && !rest.startsWith('..') && !rest.startsWith(sep) && !/^[a-zA-Z]:/.test(rest);
}
