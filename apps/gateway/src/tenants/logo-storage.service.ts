import { BadRequestException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { imageSize } from 'image-size';
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const UPLOAD_ROOT = Symbol('UPLOAD_ROOT');
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const MAX_LOGO_PIXELS = 150;
export const LOGO_TOO_LARGE = 'File size must be less than 5MB';
export const LOGO_WRONG_TYPE = 'Only JPG, PNG and GIF images are allowed';
export const LOGO_TOO_BIG_DIMENSIONS = 'Image dimensions must be maximum 150x150 pixels';

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

/** Checks an uploaded logo and keeps it on disk under a generated name; served under /uploads. */
@Injectable()
export class LogoStorageService {
  constructor(@Inject(UPLOAD_ROOT) private readonly uploadRoot: string) {}

  /** Throws 413/415/400 with the spec's texts; returns the public URL of the stored file. */
  async store(file: { buffer: Buffer; size: number } | undefined): Promise<{ logoUrl: string; path: string }> {
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
    const directory = join(this.uploadRoot, 'logos');
    await mkdir(directory, { recursive: true });
    const name = `${randomUUID()}.${kind}`;
    const path = join(directory, name);
    await writeFile(path, file.buffer, { mode: 0o640 });
    return { logoUrl: `/uploads/logos/${name}`, path };
  }

  async discard(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }
}
