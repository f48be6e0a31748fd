import { BadRequestException, HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LOGO_TOO_LARGE, MAX_LOGO_BYTES } from './logo-storage.service';

/** The multipart field a logo comes in. */
export const LOGO_FIELD = 'logo';

/** What a logo upload carried: the file's bytes. */
export interface UploadedLogo {
  buffer: Buffer;
  size: number;
}

const tooLarge = () => new HttpException({ statusCode: 413, message: LOGO_TOO_LARGE, error: 'Payload Too Large', reason: 'PAYLOAD_TOO_LARGE' }, 413);

/**
 * Reads the logo of a multipart upload: the first file, which must come in the `logo` field, at most
 * MAX_LOGO_BYTES (413 with the product's text past it). A request that is not multipart, or carries
 * no file, has no logo (the storage then asks for one); another field name is a 400.
 */
export async function readLogoUpload(request: FastifyRequest): Promise<UploadedLogo | undefined> {
  if (!request.isMultipart()) return undefined;
  let file;
  try {
    file = await request.file({ limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5 } });
  } catch (error) {
    throw refusalOf(error);
  }
  if (!file) return undefined;
  if (file.fieldname !== LOGO_FIELD) {
    file.file.resume();
    throw new BadRequestException(`Unexpected field "${file.fieldname}": the logo goes in the "${LOGO_FIELD}" field`);
  }
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (error) {
    throw refusalOf(error);
  }
  // The reader checks the size limit only while chunks still come: when the limit falls on the
  // boundary of the last chunk, the stream just ends truncated and toBuffer returns the first
  // MAX_LOGO_BYTES bytes. A truncated file is too large all the same.
  if (file.file.truncated) throw tooLarge();
  return { buffer, size: buffer.length };
}

/** The multipart reader's refusals, in the product's words where it has them. */
function refusalOf(error: unknown): Error {
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (statusCode === 413) return new HttpException({ statusCode: 413, message: 'Too many files or fields in the upload', error: 'Payload Too Large', reason: 'PAYLOAD_TOO_LARGE' }, 413);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return new BadRequestException('Malformed multipart upload');
  return error instanceof Error ? error : new Error(String(error));
}
