import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import { parseJsonBody } from './json-depth';

/** No request body may be larger: a 413 past it. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The request bodies the gateway reads: JSON (checked before it is parsed) and URL-encoded forms
 * (flat: a key's repeated values are an array). Any other content type is read up to the limit and
 * left out: the route's validation then answers for a missing body, as it does for a body that does
 * not fit its DTO. Multipart bodies are read by the routes that take files.
 */
export function installBodyParsers(fastify: FastifyInstance): void {
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
