import { createHash, timingSafeEqual } from 'node:crypto';
import { type AppError, makeAppError } from '@quotebook/contracts';
import { ANSWER_BUCKETS, METRICS_PATH, metricsRegistry, renderMetrics } from '@quotebook/server-core';
import type { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';

const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template (never the path), method and status; its _count counts the requests',
  labelNames: ['route', 'method', 'status'],
  buckets: ANSWER_BUCKETS,
  registers: [metricsRegistry],
});

/** The labels of what no route serves: each is one series, whatever the path asked for. */
export const ROUTE_LABELS = {
  /** no route matched (and nothing else served it): unknown API paths, refusals before the routes */
  unmatched: 'unmatched',
  /** the SPA's index.html for a client-side route */
  spa: 'spa',
  /** the built SPA's own files */
  static: 'static',
  /** uploaded files (logos) */
  uploads: 'uploads',
  /** the metrics themselves, on the API port */
  metrics: 'metrics',
} as const;

const ROUTE_LABEL_KEY = 'metricsRoute';

/** Names what served a response that no route matched (the SPA, its files, the uploads). */
export function labelRoute(response: Response, label: (typeof ROUTE_LABELS)[keyof typeof ROUTE_LABELS]): void {
  response.locals[ROUTE_LABEL_KEY] = label;
}

/**
 * The route a request is counted under: the template of the route that matched
 * (`/api/tenants/:tenantId/quotes/:quoteId`), else the label of what served it, else `unmatched`.
 * The one place that reads how the HTTP framework matched the request: Express sets `req.route` on a
 * matched route, whose path is relative to the router it is mounted on (`req.baseUrl`).
 */
export function routeTemplateOf(request: Request, response: Response): string {
  const label: unknown = response.locals[ROUTE_LABEL_KEY];
  if (typeof label === 'string') return label;
  const path: unknown = request.route?.path;
  return typeof path === 'string' ? `${request.baseUrl}${path}` : ROUTE_LABELS.unmatched;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Any other method a client may send is one label, so that no one can add series at will. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

function timeRequest(request: Request, response: Response, next: NextFunction): void {
  const stop = httpRequestDuration.startTimer();
  response.once('finish', () => stop({ route: routeTemplateOf(request, response), method: methodLabel(request.method), status: String(response.statusCode) }));
  next();
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

function refuse(response: Response, error: AppError): void {
  response.status(error.statusCode).json({ statusCode: error.statusCode, message: error.message, error: error.error, reason: error.reason });
}

/**
 * `/metrics` on the API port: unknown (404) unless METRICS_TOKEN is set, and then only for a GET or
 * HEAD that carries it as a bearer token (401 otherwise). The metrics port is where Prometheus reads
 * them; this is for a scraper that can reach the public port only.
 */
function publicMetrics(token: string | undefined) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path !== METRICS_PATH) return next();
    labelRoute(response, ROUTE_LABELS.metrics);
    if (!token || (request.method !== 'GET' && request.method !== 'HEAD')) return refuse(response, makeAppError('NOT_FOUND', `Cannot ${request.method} ${METRICS_PATH}`));
    if (!bearerMatches(request.headers.authorization, token)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return refuse(response, makeAppError('UNAUTHENTICATED', 'The metrics need the metrics token as a bearer token'));
    }
    renderMetrics().then(
      ({ contentType, body }) => {
        // as it is: Express's send would rewrite the content type's parameters
        response.status(200).setHeader('Content-Type', contentType);
        response.setHeader('Cache-Control', 'no-store');
        response.end(body);
      },
      next,
    );
  };
}

/**
 * Counts and times every request the gateway answers, and answers `/metrics` on the API port as
 * METRICS_TOKEN allows. First of all middleware, so that every answer is timed, refusals included.
 */
export function installHttpMetrics(app: { use: (...handlers: unknown[]) => unknown }, metricsToken: string | undefined): void {
  app.use(timeRequest);
  app.use(publicMetrics(metricsToken));
}
