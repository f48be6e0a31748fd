import { SIGNATURE_MAX_BYTES } from '@quotebook/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { type PreParsingDone, readBody } from '../common/body-parsers';

/** Where signature files are PUT: `/api/uploads/signatures/<token>`. */
export const SIGNATURE_UPLOAD_PATH = '/api/uploads/signatures/';

/** Past this much an upload is not drained any more: the connection is closed. */
const DRAIN_LIMIT_BYTES = 16 * SIGNATURE_MAX_BYTES;

/** What the gateway read of a signature upload: its bytes, or that it was larger than allowed. */
export type SignatureUploadBody = { bytes: Buffer; tooLarge: false } | { bytes: null; tooLarge: true };

export interface SignatureUploadRequest extends FastifyRequest {
  signatureUpload?: SignatureUploadBody;
}

/**
 * Reads a signature upload's raw body up to SIGNATURE_MAX_BYTES, whatever its content type says;
 * one byte more tells the route the file is too large. The rest of a larger body is read and dropped,
 * so the client gets its 413 rather than a reset connection, up to a limit past which the connection
 * is closed.
 */
export async function readSignatureUpload(payload: Readable): Promise<SignatureUploadBody> {
  const { kept, size } = await readBody(payload, SIGNATURE_MAX_BYTES, DRAIN_LIMIT_BYTES);
  return size > SIGNATURE_MAX_BYTES ? { bytes: null, tooLarge: true } : { bytes: kept, tooLarge: false };
}

/**
 * A signature upload is an image of any content type: its body is read here, before the body parsers
 * and their limit, which are then told the body is empty (it is: the stream handed on has nothing left).
 */
export function useSignatureUploads(fastify: FastifyInstance): void {
  // a callback hook: any other request goes on at once, not a promise later
  fastify.addHook('preParsing', (request: SignatureUploadRequest, _reply: FastifyReply, payload: Readable, done: PreParsingDone) => {
    if (request.method !== 'PUT' || !request.url.startsWith(SIGNATURE_UPLOAD_PATH)) {
      done(null, payload);
      return;
    }
    readSignatureUpload(payload).then(
      (upload) => {
        request.signatureUpload = upload;
        request.headers['content-length'] = '0';
        delete request.headers['transfer-encoding'];
        done(null, Readable.from([]));
      },
      (error: Error) => done(error),
    );
  });
}
