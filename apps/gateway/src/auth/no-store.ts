import type { NextFunction, Request, Response } from 'express';

/** Path of every sign-in, session and password-reset route. */
export const AUTH_PATH = '/api/auth';

/**
 * Answers about sessions and credentials (tokens, the signed-in user, throttle and reset answers,
 * errors included) must not be kept by a browser or a shared cache.
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}
