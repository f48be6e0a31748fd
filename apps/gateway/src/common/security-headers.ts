import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What every answer allows the browser: the app's own script, styles, images and API, nothing else. */
export const SECURITY_HEADERS_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // MUI (emotion) injects style tags; Swagger UI needs inline styles too
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
} as const;

/** A header helmet sets, as it sets it, or one it removes (a null value). */
export type SecurityHeader = readonly [name: string, value: string | null];

/**
 * The headers helmet writes with SECURITY_HEADERS_OPTIONS, in its order, as it writes them on Node's
 * response (`setHeader`, `removeHeader`). With these options (no nonce, no function directive) helmet
 * answers every request alike, so it runs once, here, and each answer gets its result.
 */
export function securityHeadersOf(): SecurityHeader[] {
  const request = { headers: {}, method: 'GET', url: '/' };
  const written: SecurityHeader[] = [];
  const response = {
    setHeader: (name: string, value: string) => written.push([name, String(value)]),
    removeHeader: (name: string) => written.push([name, null]),
  };
  let failure: unknown;
  let finished = false;
  helmet(SECURITY_HEADERS_OPTIONS)(request as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  // helmet's middleware finishes synchronously; anything else would be a helmet this code was not written for
  if (!finished || failure !== undefined) throw new Error(`helmet did not set its headers at once${failure ? `: ${String(failure)}` : ''}`);
  return written;
}

/**
 * helmet's headers on every answer, errors and files included, written on Node's response as the
 * request arrives: computed once (securityHeadersOf), not by running helmet's middleware chain again for
 * each request. Headers a route or a later hook sets with the same name win (the public pages'
 * stricter policy).
 */
export function useSecurityHeaders(fastify: FastifyInstance): void {
  const headers = securityHeadersOf();
  fastify.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const response = reply.raw;
    for (const [name, value] of headers) {
      if (value === null) response.removeHeader(name);
      else response.setHeader(name, value);
    }
    done();
  });
}
