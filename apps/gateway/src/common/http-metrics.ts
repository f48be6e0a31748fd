import { createHash, timingSafeEqual } from 'node:crypto';
import { type AppError, makeAppError } from '@quotebook/contracts';
import { ANSWER_BUCKETS, METRICS_PATH, metricsRegistry, renderMetrics } from '@quotebook/server-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';

const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template (never the path), method and status; its _count counts the requests',
  labelNames: ['route', 'method', 'status'],
  buckets: ANSWER_BUCKETS,
  registers: [metricsRegistry],
});

/** The labels of what no API route serves: each is one series, whatever the path asked for. */
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

export type RouteLabel = (typeof ROUTE_LABELS)[keyof typeof ROUTE_LABELS];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a route that is not an API route is counted under */
    metricsRoute?: RouteLabel;
  }
}

/** What a route that is not an API route is counted under: `config: routeLabel('spa')` in its options. */
export const routeLabel = (label: RouteLabel) => ({ metricsRoute: label });

/**
 * The route a request is counted under: the template of the API route that matched
 * (`/api/tenants/:tenantId/quotes/:quoteId`), else the label its route carries, else `static` for
 * the SPA's files, else `unmatched`. The one place that reads how the HTTP framework matched the
 * request (Fastify's `routeOptions`: the matched route's url and config; none for a 404).
 */
export function routeTemplateOf(request: Pick<FastifyRequest, 'routeOptions'>): string {
  const { url, config } = request.routeOptions;
  const label = config?.metricsRoute;
  if (label !== undefined) return label;
  if (typeof url !== 'string') return ROUTE_LABELS.unmatched;
  return url.startsWith('/api/') ? url : ROUTE_LABELS.static;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Any other method a client may send is one label, so that no one can add series at will. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

function timeRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  httpRequestDuration.observe(
    { route: routeTemplateOf(request), method: methodLabel(request.method), status: String(reply.statusCode) },
    reply.elapsedTime / 1000,
  );
  done();
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

function refuse(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.statusCode).send({ statusCode: error.statusCode, message: error.message, error: error.error, reason: error.reason });
}

/**
 * `/metrics` on the API port: unknown (404) unless METRICS_TOKEN is set, and then only for a GET or
 * HEAD that carries it as a bearer token (401 otherwise). The metrics port is where Prometheus reads
 * them; this is for a scraper that can reach the public port only.
 */
function publicMetrics(token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (!token || (request.method !== 'GET' && request.method !== 'HEAD')) return refuse(reply, makeAppError('NOT_FOUND', `Cannot ${request.method} ${METRICS_PATH}`));
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return refuse(reply, makeAppError('UNAUTHENTICATED', 'The metrics need the metrics token as a bearer token'));
    }
    const { contentType, body } = await renderMetrics();
    return reply.status(200).header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  };
}

/**
 * Counts and times every request the gateway answers, refusals and 404s included, and answers
 * `/metrics` on the API port as METRICS_TOKEN allows.
 */
export function installHttpMetrics(fastify: FastifyInstance, metricsToken: string | undefined): void {
  fastify.addHook('onResponse', timeRequest);
  fastify.route({
    method: [...METHODS],
    url: METRICS_PATH,
    config: routeLabel(ROUTE_LABELS.metrics),
    handler: publicMetrics(metricsToken),
  });
}
