import type { NextFunction, Request, Response } from 'express';

/** Path of every route a customer reaches without signing in, by a quote's link. */
export const PUBLIC_PATH = '/api/public';

/** The public routes answer JSON or a PDF: nothing in them may run, load or be framed. */
export const PUBLIC_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Every answer of a public route, errors included: not indexed (the link is the only permission), not
 * kept by a browser or a shared cache, no Referer carrying the link elsewhere, nothing to run.
 */
export function publicAnswerHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Content-Security-Policy', PUBLIC_ANSWER_CSP);
  next();
}
