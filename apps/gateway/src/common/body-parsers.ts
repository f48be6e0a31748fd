import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import type { Readable } from 'node:stream';
import { parseJsonBody } from './json-depth';

/** No request body may be larger: a 413 past it. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A body declared larger than the limit, up to this size, is read to its end and dropped before the 413
 * is answered. Answered at once, the connection had to be closed while the client was still sending,
 * and most clients (fetch among them) then report the broken pipe, not the 413: a 3 MB JSON body got
 * its answer read once in ten. Past this size the connection is closed as before.
 */
export const DRAINED_BODY_BYTES = 8 * BODY_LIMIT_BYTES;

/** How a callback preParsing hook hands the request on: the payload to parse, or the failure to answer. */
export type PreParsingDone = (error?: Error | null, payload?: Readable) => void;

/** What readBody read: the first bytes it was asked to keep, and the body's whole size. */
export interface BodyRead {
  kept: Buffer;
  size: number;
}

/**
 * Reads a request body to its end, keeping its first `keepBytes` bytes and dropping the rest, so that a
 * refusal of a body too large reaches a client that sends it all before it reads; past `drainBytes`
 * the stream is destroyed (the connection closes) rather than read on.
 */
export function readBody(payload: Readable, keepBytes: number, drainBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      if (size < keepBytes) chunks.push(chunk.subarray(0, keepBytes - size));
      size += chunk.length;
      if (size > drainBytes) payload.destroy(new Error(`request body over ${drainBytes} bytes`));
    });
    payload.on('end', () => resolve({ kept: Buffer.concat(chunks), size }));
    payload.on('error', reject);
  });
}

/** A body that declares a length over the limit, multipart ones aside (the routes that take files set their own limits). */
function declaredTooLarge(request: FastifyRequest): boolean {
  const declared = Number(request.headers['content-length']);
  return declared > BODY_LIMIT_BYTES && declared <= DRAINED_BODY_BYTES && !request.headers['content-type']?.startsWith('multipart/');
}

/**
 * The request bodies the gateway reads: JSON (checked before it is parsed) and URL-encoded forms
 * (flat: a key's repeated values are an array). Any other content type is read up to the limit and
 * left out: the route's validation then answers for a missing body, as it does for a body that does
 * not fit its DTO. Multipart bodies are read by the routes that take files.
 */
export function installBodyParsers(fastify: FastifyInstance): void {
  // the 413 that the parsers would answer, once the body is read (DRAINED_BODY_BYTES); a callback
  // hook, so that a request with nothing to check (every GET) goes on at once, not a promise later
  fastify.addHook('preParsing', (request: FastifyRequest, _reply: FastifyReply, payload: Readable, done: PreParsingDone) => {
    if (!declaredTooLarge(request)) {
      done(null, payload);
      return;
    }
    readBody(payload, 0, DRAINED_BODY_BYTES).then(
      () => done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()),
      (error: Error) => done(error),
    );
  });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request: FastifyRequest, body: Buffer, done) => {
    try {
      done(null, parseJsonBody(body, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body: string, done) => {
    done(null, { ...parseQueryString(body) });
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, _body, done) => done(null, undefined));
}
