import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnderPath } from '../common/paths';

/** Path of every sign-in, session and password-reset route. */
export const AUTH_PATH = '/api/auth';

/**
 * Answers about sessions and credentials (tokens, the signed-in user, throttle and reset answers,
 * errors included) must not be kept by a browser or a shared cache.
 */
export function noStore(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (isUnderPath(request.url, AUTH_PATH)) reply.header('Cache-Control', 'no-store');
  done();
}
