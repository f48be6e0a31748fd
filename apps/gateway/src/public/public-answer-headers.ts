import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnderPath } from '../common/paths';

/** Path of every route a customer reaches without signing in, by a quote's link. */
export const PUBLIC_PATH = '/api/public';

/** The public routes answer JSON or a PDF: nothing in them may run, load or be framed. */
export const PUBLIC_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Every answer of a public route, errors included: not indexed (the link is the only permission), not
 * kept by a browser or a shared cache, no Referer carrying the link elsewhere, nothing to run.
 */
export function publicAnswerHeaders(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (isUnderPath(request.url, PUBLIC_PATH)) {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Content-Security-Policy', PUBLIC_ANSWER_CSP);
  }
  done();
}
