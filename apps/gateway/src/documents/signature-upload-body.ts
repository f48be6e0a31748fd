import { SIGNATURE_MAX_BYTES } from '@quotebook/domain';
import type { NextFunction, Request, Response } from 'express';

/** Where signature files are PUT: `/api/uploads/signatures/<token>`. */
export const SIGNATURE_UPLOAD_PATH = '/api/uploads/signatures';

/** Past this much an upload is not drained any more: the connection is closed. */
const DRAIN_LIMIT_BYTES = 16 * SIGNATURE_MAX_BYTES;

/** What the gateway read of a signature upload: its bytes, or that it was larger than allowed. */
export type SignatureUploadBody = { bytes: Buffer; tooLarge: false } | { bytes: null; tooLarge: true };

export interface SignatureUploadRequest extends Request {
  signatureUpload?: SignatureUploadBody;
}

/**
 * Reads the raw body of a signature upload, whatever its content type says (the body parsers leave it
 * alone): at most SIGNATURE_MAX_BYTES are kept, and one byte more tells the route the file is too
 * large. The rest of a larger body is read and dropped, so the client gets its 413 rather than a reset
 * connection, up to a limit past which the connection is closed.
 */
export function readSignatureUpload(request: SignatureUploadRequest, response: Response, next: NextFunction): void {
  if (request.method !== 'PUT') return next();
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= SIGNATURE_MAX_BYTES) chunks.push(chunk);
    else if (size > DRAIN_LIMIT_BYTES) request.destroy();
  });
  request.on('end', () => {
    request.signatureUpload = size > SIGNATURE_MAX_BYTES ? { bytes: null, tooLarge: true } : { bytes: Buffer.concat(chunks), tooLarge: false };
    // the body is read: the parsers skip a request that carries this mark
    (request as Request & { _body?: boolean })._body = true;
    next();
  });
  request.on('error', next);
}
