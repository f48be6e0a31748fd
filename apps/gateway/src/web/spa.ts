import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { ROUTE_LABELS, routeLabel } from '../common/http-metrics';

const API_OR_FILES = /^\/(api|uploads)(\/|\?|$)/;

/** The customer's page of a quote's link (`/q/{token}`): an SPA route that only its link opens. */
const PUBLIC_QUOTE_PAGE = /^\/q(\/|\?|$)/;

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
function publicPageHeaders(reply: FastifyReply): void {
  reply.header('X-Robots-Tag', 'noindex, nofollow');
  reply.header('Cache-Control', 'no-store');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('Content-Security-Policy', PUBLIC_PAGE_CSP);
}

/**
 * Serves the built SPA from the same origin: its files as they are (one route per file of the build,
 * which does not change while the gateway runs), and index.html for any other GET that is not an API or
 * upload path (client-side routes such as /agenzia-sole/dashboard). Returns false when there is no
 * build to serve.
 */
export async function serveSpa(fastify: FastifyInstance, distDir: string): Promise<boolean> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return false;
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    maxAge: '1h',
    // HTML is asked again each time (the page of a link has its own, stricter, rule)
    setHeaders: (reply, path) => {
      if (path.endsWith('.html') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-cache');
    },
  });
  fastify.get('/*', { config: routeLabel(ROUTE_LABELS.spa) }, (request: FastifyRequest, reply: FastifyReply) => {
    // an API call or an upload never gets the page
    if (API_OR_FILES.test(request.url)) return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache');
    if (PUBLIC_QUOTE_PAGE.test(request.url)) publicPageHeaders(reply);
    return reply.sendFile('index.html', { cacheControl: false });
  });
  return true;
}

export const FILE_NOT_FOUND = { statusCode: 404, message: 'File not found', error: 'Not Found', reason: 'NOT_FOUND' };

/** Where uploaded files are served. */
export const UPLOADS_PATH = '/uploads';

/** The uploads are images the gateway names itself (`<uuid>.png`): their types by extension. */
const UPLOAD_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** A path under /uploads that may name a file: no dotfile, no parent folder, no backslash or NUL. */
const SAFE_UPLOAD_PATH = /^(?:[^/.\\\0][^/\\\0]*\/)*[^/.\\\0][^/\\\0]*$/;

/**
 * Uploaded files (logos), with the content type of their generated extension. Anything else under
 * /uploads (a missing file, a directory, a path leaving the folder, a dotfile, another method) is the
 * same 404 JSON answer; a failure reading a file is logged with the request path, never the path on disk.
 */
export function serveUploads(fastify: FastifyInstance, uploadDir: string): void {
  const logger = new Logger('Uploads');
  const root = resolve(uploadDir);
  const config = routeLabel(ROUTE_LABELS.uploads);
  const notFound = (reply: FastifyReply) => reply.status(404).send(FILE_NOT_FOUND);
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    config,
    handler: async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
      const name = request.params['*'];
      if (!SAFE_UPLOAD_PATH.test(name)) return notFound(reply);
      const path = resolve(root, name);
      if (!path.startsWith(root + sep)) return notFound(reply);
      try {
        if (!(await stat(path)).isFile()) return notFound(reply);
        const bytes = await readFile(path);
        return reply
          .header('Content-Type', UPLOAD_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream')
          .header('Cache-Control', 'public, max-age=86400')
          .send(bytes);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') logger.warn(`${request.method} /uploads/${name} not served (${code ?? (error as Error).name})`);
        return notFound(reply);
      }
    },
  });
  fastify.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/uploads/*', config, handler: async (_request, reply) => notFound(reply) });
  fastify.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/uploads', config, handler: async (_request, reply) => notFound(reply) });
}
