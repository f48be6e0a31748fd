import express, { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const API_OR_FILES = /^\/(api|uploads)(\/|$)/;

/**
 * Serves the built SPA from the same origin: its files as they are, and index.html for any other
 * GET that is not an API or upload path (client-side routes such as /agenzia-sole/dashboard).
 * Returns false when there is no build to serve.
 */
export function serveSpa(app: { use: (...handlers: unknown[]) => unknown }, distDir: string): boolean {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  app.use(express.static(root, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || API_OR_FILES.test(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}

function noCacheForHtml(response: Response, path: string): void {
  if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
}

/** Uploaded files (logos), with the content type of their generated extension. */
export function serveUploads(app: { use: (...handlers: unknown[]) => unknown }, uploadDir: string): void {
  app.use('/uploads', express.static(resolve(uploadDir), { index: false, fallthrough: false, maxAge: '1d', dotfiles: 'deny' }));
}
