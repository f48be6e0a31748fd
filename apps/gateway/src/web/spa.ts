import { Logger } from '@nestjs/common';
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
  const files = express.static(root, { index: false, maxAge: '1h', setHeaders: noCacheForHtml });
  // an API call never looks for a file on disk
  app.use((request: Request, response: Response, next: NextFunction) => (API_OR_FILES.test(request.path) ? next() : files(request, response, next)));
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
  app.use('/uploads', files, notFound, failed);
}
