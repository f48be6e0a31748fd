import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { metricsRegistry } from '@quotebook/server-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveSpa, serveUploads } from '../web/spa';
import { bearerMatches, installHttpMetrics, methodLabel, routeTemplateOf } from './http-metrics';

const TOKEN = 'a9c4f1e07b3d62c85e1f90a4b7d3c6e2';

/** A Fastify server laid out as the gateway's: metrics, routes (one in a prefixed plugin), the uploads, the SPA and its files. */
async function listen(root: string, metricsToken: string | undefined): Promise<{ server: FastifyInstance; base: string }> {
  const server = Fastify();
  installHttpMetrics(server, metricsToken);
  server.get('/api/tenants/:tenantId/quotes/:quoteId', async (_request, reply) => reply.status(401).send({ statusCode: 401 }));
  server.post('/api/tenants/:tenantId/tags', async () => ({}));
  await server.register(
    async (nested) => {
      nested.get('/products/:productId', async () => ({}));
    },
    { prefix: '/api/catalogue' },
  );
  serveUploads(server, path.join(root, 'uploads'));
  await serveSpa(server, path.join(root, 'web'));
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, base: address };
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
  let withToken: { server: FastifyInstance; base: string };
  let withoutToken: { server: FastifyInstance; base: string };

  beforeAll(async () => {
    mkdirSync(path.join(root, 'web/assets'), { recursive: true });
    mkdirSync(path.join(root, 'uploads/logos'), { recursive: true });
    writeFileSync(path.join(root, 'web/index.html'), '<!doctype html><title>Quotebook</title>');
    writeFileSync(path.join(root, 'web/assets/app.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'uploads/logos/a.png'), 'png');
    withToken = await listen(root, TOKEN);
    withoutToken = await listen(root, undefined);
  });

  afterAll(async () => {
    await Promise.all([withToken, withoutToken].map(({ server }) => server.close()));
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

  it('names a route of a prefixed plugin with its whole path', async () => {
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

  it('counts a body refused as too large under the route it was sent to', async () => {
    const response = await fetch(`${withToken.base}/api/tenants/7f1c2a8e-0000-4000-8000-000000000001/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await requestCounts()).toEqual(new Map([['/api/tenants/:tenantId/tags POST 413', 1]]));
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
  const request = (url: string | undefined, config: Record<string, unknown> = {}) => ({ routeOptions: { url, config } }) as unknown as Parameters<typeof routeTemplateOf>[0];

  it('reads the matched API route, else the label its route carries, else static for a file, else unmatched', () => {
    expect(routeTemplateOf(request('/api/quotes/:id'))).toBe('/api/quotes/:id');
    expect(routeTemplateOf(request('/*', { metricsRoute: 'spa' }))).toBe('spa');
    expect(routeTemplateOf(request('/assets/app-1a2b.js'))).toBe('static');
    expect(routeTemplateOf(request(undefined))).toBe('unmatched');
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
