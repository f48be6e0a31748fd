import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { metricsRegistry } from '@quotebook/server-core';
import express, { type Request, type Response } from 'express';
import { serveSpa, serveUploads } from '../web/spa';
import { bearerMatches, installHttpMetrics, methodLabel, routeTemplateOf } from './http-metrics';

const TOKEN = 'a9c4f1e07b3d62c85e1f90a4b7d3c6e2';

/** An Express app laid out as the gateway's: metrics first, routes, the SPA and its files, uploads, a last 404. */
function gatewayLike(root: string, metricsToken: string | undefined) {
  const app = express();
  // what the gateway hands these functions: an application's `use` (Express's own is overloaded)
  const mount = { use: app.use.bind(app) as (...handlers: unknown[]) => unknown };
  installHttpMetrics(mount, metricsToken);
  app.get('/api/tenants/:tenantId/quotes/:quoteId', (_request: Request, response: Response) => void response.status(401).json({ statusCode: 401 }));
  const nested = express.Router();
  nested.get('/products/:productId', (_request: Request, response: Response) => void response.json({}));
  app.use('/api/catalogue', nested);
  serveUploads(mount, path.join(root, 'uploads'));
  serveSpa(mount, path.join(root, 'web'));
  app.use((_request: Request, response: Response) => void response.status(404).json({ statusCode: 404 }));
  return app;
}

async function listen(app: express.Express): Promise<{ server: Server; base: string }> {
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, () => resolve(started));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The request counts of the histogram, as `route method status` → count. */
async function requestCounts(): Promise<Map<string, number>> {
  const metric = await metricsRegistry.getSingleMetric('http_request_duration_seconds')?.get();
  const counts = new Map<string, number>();
  for (const value of metric?.values ?? []) {
    if ((value as { metricName?: string }).metricName !== 'http_request_duration_seconds_count') continue;
    const { route, method, status } = value.labels;
    counts.set(`${route} ${method} ${status}`, value.value);
  }
  return counts;
}

describe('the gateway HTTP metrics', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'http-metrics-'));
  let withToken: { server: Server; base: string };
  let withoutToken: { server: Server; base: string };

  beforeAll(async () => {
    mkdirSync(path.join(root, 'web/assets'), { recursive: true });
    mkdirSync(path.join(root, 'uploads/logos'), { recursive: true });
    writeFileSync(path.join(root, 'web/index.html'), '<!doctype html><title>Quotebook</title>');
    writeFileSync(path.join(root, 'web/assets/app.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'uploads/logos/a.png'), 'png');
    withToken = await listen(gatewayLike(root, TOKEN));
    withoutToken = await listen(gatewayLike(root, undefined));
  });

  afterAll(async () => {
    await Promise.all([withToken, withoutToken].map(({ server }) => new Promise((resolve) => server.close(resolve))));
    rmSync(root, { recursive: true, force: true });
  });

  beforeEach(() => metricsRegistry.resetMetrics());

  it('counts two requests to one route with different ids as one series, by its template', async () => {
    const { base } = withToken;
    for (const [tenant, quote] of [
      ['7f1c2a8e-0000-4000-8000-000000000001', '9a2b3c4d-0000-4000-8000-000000000002'],
      ['1b2c3d4e-0000-4000-8000-000000000003', '5e6f7a8b-0000-4000-8000-000000000004'],
    ]) {
      expect((await fetch(`${base}/api/tenants/${tenant}/quotes/${quote}`)).status).toBe(401);
    }
    expect(await requestCounts()).toEqual(new Map([['/api/tenants/:tenantId/quotes/:quoteId GET 401', 2]]));
    expect(await metricsRegistry.metrics()).not.toContain('7f1c2a8e');
  });

  it('names a route of a mounted router with the path it is mounted at', async () => {
    await fetch(`${withToken.base}/api/catalogue/products/42`);
    await fetch(`${withToken.base}/api/catalogue/products/43`);
    expect(await requestCounts()).toEqual(new Map([['/api/catalogue/products/:productId GET 200', 2]]));
  });

  it('gives the SPA fallback, its files, the uploads and unmatched paths one label each', async () => {
    const { base } = withToken;
    for (const page of ['/agenzia-sole/dashboard', '/q/some-token', '/assets/missing.js']) expect((await fetch(`${base}${page}`)).status).toBe(200);
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${base}/index.html`)).status).toBe(200);
    expect((await fetch(`${base}/uploads/logos/a.png`)).status).toBe(200);
    expect((await fetch(`${base}/uploads/logos/none.png`)).status).toBe(404);
    for (const unknown of ['/api/nothing/1', '/api/nothing/2']) expect((await fetch(`${base}${unknown}`)).status).toBe(404);
    expect((await fetch(`${base}/agenzia-sole/dashboard`, { method: 'POST' })).status).toBe(404);
    expect(await requestCounts()).toEqual(
      new Map([
        ['spa GET 200', 3],
        ['static GET 200', 2],
        ['uploads GET 200', 1],
        ['uploads GET 404', 1],
        ['unmatched GET 404', 2],
        ['unmatched POST 404', 1],
      ]),
    );
  });

  it('counts a method no route knows as OTHER', async () => {
    await fetch(`${withToken.base}/api/nothing`, { method: 'PROPFIND' });
    expect([...(await requestCounts()).keys()]).toEqual(['unmatched OTHER 404']);
  });

  it('answers /metrics on the API port only with the metrics token: 404 without one set, 401 with a wrong one', async () => {
    const absent = await fetch(`${withoutToken.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(absent.status).toBe(404);
    expect(await absent.json()).toMatchObject({ statusCode: 404, reason: 'NOT_FOUND' });

    const { base } = withToken;
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const refused = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect({ authorization, status: refused.status }).toEqual({ authorization, status: 401 });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    const answered = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toBe(metricsRegistry.contentType);
    expect(await answered.text()).toContain('http_request_duration_seconds_count{route="metrics",method="GET",status="401"} 4');
    expect((await fetch(`${base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe(routeTemplateOf.name, () => {
  const response = (locals: Record<string, unknown> = {}) => ({ locals }) as unknown as Response;

  it('reads the matched route with its mount path, else the label given, else unmatched', () => {
    expect(routeTemplateOf({ baseUrl: '', route: { path: '/api/quotes/:id' } } as unknown as Request, response())).toBe('/api/quotes/:id');
    expect(routeTemplateOf({ baseUrl: '/api/v2', route: { path: '/quotes/:id' } } as unknown as Request, response())).toBe('/api/v2/quotes/:id');
    expect(routeTemplateOf({ baseUrl: '', path: '/x' } as unknown as Request, response({ metricsRoute: 'spa' }))).toBe('spa');
    expect(routeTemplateOf({ baseUrl: '', path: '/api/quotes/1' } as unknown as Request, response())).toBe('unmatched');
  });

  it('never uses a route path that is not a string (a regular expression)', () => {
    expect(routeTemplateOf({ baseUrl: '', route: { path: /^\/quotes\/\d+$/ } } as unknown as Request, response())).toBe('unmatched');
  });
});

describe('labels from what a client sends', () => {
  it('keeps known methods and folds any other into OTHER', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map(methodLabel)).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });

  it('accepts the metrics token as a bearer token only', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });
});
