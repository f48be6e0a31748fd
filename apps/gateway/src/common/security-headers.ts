import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

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

/**
 * helmet's headers on every answer, errors and files included. helmet is built once, here, and runs
 * on Node's own request and response as it is written to (the Fastify plugin builds it again for each
 * request). Headers a route or a later hook sets with the same name win (the public pages' stricter
 * policy).
 */
export function useSecurityHeaders(fastify: FastifyInstance): void {
  const headers = helmet(SECURITY_HEADERS_OPTIONS);
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
