import { Logger } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { labelRoute, ROUTE_LABELS } from '../common/http-metrics';

const API_OR_FILES = /^\/(api|uploads)(\/|$)/;

/** The customer's page of a quote's link (`/q/{token}`): an SPA route that only its link opens. */
const PUBLIC_QUOTE_PAGE = /^\/q(\/|$)/;

/**
 * The public quote page's policy: the app's own script, styles and API only (MUI injects style tags;
 * the agency's logo is one of the app's uploads; a drawn signature is a canvas read as a data URL),
 * never framed, no form posted elsewhere, no base URL changed.
 */
export const PUBLIC_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The page a link opens is for its customer alone: not indexed, not cached, its address (the token)
 * never sent on as a Referer.
 */
function publicPageHeaders(response: Response): void {
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Content-Security-Policy', PUBLIC_PAGE_CSP);
}

/**
 * Serves the built SPA from the same origin: its files as they are, and index.html for any other
 * GET that is not an API or upload path (client-side routes such as /agenzia-sole/dashboard).
 * Returns false when there is no build to serve.
 */
export function serveSpa(app: { use: (...handlers: unknown[]) => unknown }, distDir: string): boolean {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const files = express.static(root, { index: false, maxAge: '1h', setHeaders: staticFileHeaders });
  // an API call never looks for a file on disk
  app.use((request: Request, response: Response, next: NextFunction) => (API_OR_FILES.test(request.path) ? next() : files(request, response, next)));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || API_OR_FILES.test(request.path)) return next();
    labelRoute(response, ROUTE_LABELS.spa);
    response.setHeader('Cache-Control', 'no-cache');
    if (PUBLIC_QUOTE_PAGE.test(request.path)) publicPageHeaders(response);
    response.sendFile(index);
  });
  return true;
}

/** Called for each file served: HTML is asked again each time; every file is counted as one route. */
function staticFileHeaders(response: Response, path: string): void {
  labelRoute(response, ROUTE_LABELS.static);
  if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
}

const FILE_NOT_FOUND = { statusCode: 404, message: 'File not found', error: 'Not Found', reason: 'NOT_FOUND' };

/**
 * Uploaded files (logos), with the content type of their generated extension. Anything else under
 * /uploads (a missing file, a directory, a path leaving the folder, a dotfile, another method) is the
 * same 404 JSON answer; a failure reading a file is logged with the request path, never the path on disk.
 */
export function serveUploads(app: { use: (...handlers: unknown[]) => unknown }, uploadDir: string): void {
  const logger = new Logger('Uploads');
  const files = express.static(resolve(uploadDir), { index: false, redirect: false, fallthrough: true, maxAge: '1d', dotfiles: 'deny' });
  const notFound = (_request: Request, response: Response) => {
    response.status(404).json(FILE_NOT_FOUND);
  };
  const failed = (error: NodeJS.ErrnoException, request: Request, response: Response, _next: NextFunction) => {
    logger.warn(`${request.method} /uploads${request.path} not served (${error.code ?? error.name})`);
    if (response.headersSent) return void response.end();
    notFound(request, response);
  };
  const counted = (_request: Request, response: Response, next: NextFunction) => {
    labelRoute(response, ROUTE_LABELS.uploads);
    next();
  };
  app.use('/uploads', counted, files, notFound, failed);
}
