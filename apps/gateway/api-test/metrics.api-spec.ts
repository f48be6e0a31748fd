import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ProcessHandle, stackLauncher, startIsolatedStack } from '@quotebook/testing';
import { documentScene, generateDocument } from './document-fixtures';
import { api, superadminToken } from './http';

jest.setTimeout(240_000);

const SERVICES = ['identity', 'tenancy', 'catalogue', 'quoting', 'documents'] as const;
const PROCESSES = ['gateway', ...SERVICES, 'documents-worker'] as const;
type ProcessName = (typeof PROCESSES)[number];

interface Series {
  labels: Record<string, string>;
  value: number;
}

/** The series of one metric in Prometheus text (`name{a="x",b="y"} 3`). */
function seriesOf(text: string, name: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]));
    series.push({ labels, value: Number(match[3]) });
  }
  return series;
}

/** The one series of `name` whose labels include `labels`; fails when there is none or more than one. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const found = seriesOf(text, name).filter((series) => Object.entries(labels).every(([key, value]) => series.labels[key] === value));
  expect({ name, labels, found: found.length }).toEqual({ name, labels, found: 1 });
  return found[0].value;
}

/** Distinct free ports, one for each process's metrics. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await stackLauncher.freePort());
  return [...ports];
}

/**
 * Every process's metrics, on the metrics port each is given, and the gateway's /metrics on its API
 * port, which only METRICS_TOKEN opens. This file runs a stack of its own: only its stack has metrics
 * ports, and its counts are its own requests'.
 */
describe('metrics (api)', () => {
  const token = randomBytes(32).toString('hex');
  const webDir = path.join(stackLauncher.ROOT, 'tmp', `metrics-web-${randomBytes(4).toString('hex')}`);
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let metricsPorts: Record<ProcessName, number>;

  const metricsOf = async (name: ProcessName) => {
    const response = await fetch(`http://127.0.0.1:${metricsPorts[name]}/metrics`);
    expect({ name, status: response.status }).toEqual({ name, status: 200 });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    // a built SPA of the test's own: its fallback and its files are one label each
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Quotebook</title>');
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("quotebook")');
    const ports = await freePorts(PROCESSES.length);
    metricsPorts = Object.fromEntries(PROCESSES.map((name, index) => [name, ports[index]])) as Record<ProcessName, number>;
    const processEnv: Record<string, Record<string, string>> = Object.fromEntries(PROCESSES.map((name) => [name, { METRICS_PORT: String(metricsPorts[name]) }]));
    processEnv['gateway'] = { ...processEnv['gateway'], METRICS_TOKEN: token, WEB_DIST_DIR: webDir };
    started = await startIsolatedStack('metrics', {}, { processEnv });
    base = started.stack.baseUrl;
  });

  afterAll(async () => {
    await started?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('counts two requests to one route with different ids as one series of its template, on the metrics port', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    for (const [tenantId, quoteId] of [
      [first, randomUUID()],
      [second, randomUUID()],
    ]) {
      expect((await api('GET', `/api/tenants/${tenantId}/quotes/${quoteId}/items`, { base })).status).toBe(401);
    }
    const text = await metricsOf('gateway');
    expect(seriesOf(text, 'http_request_duration_seconds_count').filter((series) => series.labels['route'].includes('/quotes/:quoteId/items'))).toEqual([
      { labels: { route: '/api/tenants/:tenantId/quotes/:quoteId/items', method: 'GET', status: '401', service: 'gateway' }, value: 2 },
    ]);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toContain(first);
    expect(text).not.toContain(second);
  });

  it('gives unknown API paths, the SPA fallback and its files one label each', async () => {
    for (const unknown of ['/api/no-such-route/1', '/api/no-such-route/2']) expect((await api('GET', unknown, { base })).status).toBe(404);
    for (const page of ['/agenzia-sole/dashboard', '/agenzia-luna/quotes']) expect((await fetch(`${base}${page}`)).status).toBe(200);
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    const text = await metricsOf('gateway');
    expect(valueOf(text, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' })).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_count', { route: 'spa', method: 'GET', status: '200' })).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_count', { route: 'static', method: 'GET', status: '200' })).toBe(1);
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('agenzia-sole');
  });

  it('answers /metrics on the API port with the metrics token only: 401 without it or with a wrong one', async () => {
    expect((await api('GET', '/metrics', { base })).status).toBe(401);
    expect((await api('GET', '/metrics', { base, headers: { authorization: `Bearer ${randomBytes(32).toString('hex')}` } })).status).toBe(401);
    const answered = await api<string>('GET', '/metrics', { base, headers: { authorization: `Bearer ${token}` } });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answered.body).toContain('http_request_duration_seconds_bucket{');
  });

  it('answers /metrics on the API port with 404 when no METRICS_TOKEN is set', async () => {
    // a second gateway on the stack, as deployed without the setting
    const port = await stackLauncher.freePort();
    let gateway: ProcessHandle | undefined;
    try {
      gateway = await stackLauncher.startProcess('gateway', { ...started.env, PORT: String(port), METRICS_PORT: '0', WEB_DIST_DIR: webDir });
      const other = `http://127.0.0.1:${port}`;
      const refused = await api('GET', '/metrics', { base: other, headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ statusCode: 404, reason: 'NOT_FOUND' });
      expect((await api('GET', '/metrics', { base: other })).status).toBe(404);
    } finally {
      await gateway?.stop();
    }
  });

  it("serves each service's NATS handlers by pattern, its database pool and Node's own metrics", async () => {
    // the gateway's health check asks every service on its health pattern
    expect((await api('GET', '/api/health', { base })).status).toBe(200);
    const prefix = started.env.NATS_SUBJECT_PREFIX;
    for (const service of SERVICES) {
      const text = await metricsOf(service);
      expect(valueOf(text, 'nats_handler_duration_seconds_count', { pattern: `${service}.health`, outcome: 'ok', service })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(`pattern="${prefix}.`);
      for (const gauge of ['db_pool_connections_in_use', 'db_pool_connections_idle', 'db_pool_waiting_requests']) {
        expect({ service, gauge, value: valueOf(text, gauge, { service }) }).toEqual({ service, gauge, value: expect.any(Number) });
      }
      expect(valueOf(text, 'process_cpu_user_seconds_total', { service })).toBeGreaterThan(0);
      expect(valueOf(text, 'nodejs_heap_size_used_bytes', { service })).toBeGreaterThan(0);
    }
    expect(valueOf(await metricsOf('documents-worker'), 'process_resident_memory_bytes', { service: 'documents-worker' })).toBeGreaterThan(0);
  });

  it('counts the event lag, the render queue, the render and the stored document after a PDF is made', async () => {
    const root = await superadminToken(base);
    // a new agency: tenancy announces it, and documents gives it its starter layout through a durable listener
    const scene = await documentScene(root, base);
    const first = await generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'pdf', base);
    expect(first.status).toBe(200);
    const again = await generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'pdf', base);
    expect(again.status).toBe(200);

    const documents = await metricsOf('documents');
    expect(valueOf(documents, 'document_render_duration_seconds_count', { kind: 'pdf', outcome: 'done' })).toBe(1);
    expect(valueOf(documents, 'document_cache_lookups_total', { kind: 'pdf', result: 'miss' })).toBe(1);
    expect(valueOf(documents, 'document_cache_lookups_total', { kind: 'pdf', result: 'hit' })).toBe(1);
    for (const state of ['waiting', 'prioritized', 'delayed', 'active', 'failed']) {
      expect({ state, jobs: valueOf(documents, 'document_queue_jobs', { state }) }).toEqual({ state, jobs: expect.any(Number) });
    }
    expect(valueOf(documents, 'document_queue_jobs', { state: 'active' })).toBe(0);
    expect(valueOf(documents, 'event_lag_seconds_count', { event: 'events.tenant.created', consumer: 'documents-starter-kit' })).toBeGreaterThanOrEqual(1);

    const worker = await metricsOf('documents-worker');
    expect(valueOf(worker, 'document_job_duration_seconds_count', { kind: 'pdf', outcome: 'rendered', service: 'documents-worker' })).toBe(1);
    expect(seriesOf(worker, 'document_job_failures_total')).toEqual([]);
  });
});
