import { createServer, type Server } from 'node:net';
import { SUBJECT_PREFIX } from '@quotebook/contracts';
import { metricsRegistry, outcomeOfReply, patternOfSubject, timeNatsHandler } from './metrics';
import { type MetricsServer, startMetricsServer, startProcessMetrics } from './metrics-server';

describe(startMetricsServer.name, () => {
  let sut: MetricsServer;

  beforeAll(async () => {
    sut = await startMetricsServer(0);
  });

  afterAll(() => sut.close());

  const url = (path: string) => `http://127.0.0.1:${sut.port}${path}`;

  it('answers GET /metrics with the registry as Prometheus text', async () => {
    timeNatsHandler(`${SUBJECT_PREFIX}.server-test.ping`).end();
    const response = await fetch(url('/metrics'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(metricsRegistry.contentType);
    const text = await response.text();
    expect(text).toContain('# TYPE nats_handler_duration_seconds histogram');
    expect(text).toMatch(/nats_handler_duration_seconds_count\{[^}]*pattern="server-test\.ping",outcome="ok"[^}]*\} 1/);
  });

  it('answers a query string on the path, and HEAD without a body', async () => {
    expect((await fetch(url('/metrics?name[]=up'))).status).toBe(200);
    const head = await fetch(url('/metrics'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 404 to any other path and 405 to another method', async () => {
    expect((await fetch(url('/'))).status).toBe(404);
    expect((await fetch(url('/metrics/x'))).status).toBe(404);
    expect((await fetch(url('/api/health'))).status).toBe(404);
    const post = await fetch(url('/metrics'), { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe(startProcessMetrics.name, () => {
  it('serves nothing on port 0', async () => {
    await expect(startProcessMetrics('identity', 0)).resolves.toBeNull();
  });

  it("labels every metric with the service and adds Node's own metrics", async () => {
    const server = await startProcessMetrics('tenancy', 0);
    expect(server).toBeNull();
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="tenancy"\} /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes\{service="tenancy"\} /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="tenancy"\} /m);
  });

  it('refuses with one line naming METRICS_PORT when the port is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(startProcessMetrics('catalogue', port)).rejects.toThrow(`cannot serve metrics on METRICS_PORT ${port} (EADDRINUSE)`);
    } finally {
      taken.close();
    }
  });
});

describe('labels of the bus handlers', () => {
  it("names a pattern without the deployment's prefix", () => {
    expect(patternOfSubject(`${SUBJECT_PREFIX}.catalogue.products.list`)).toBe('catalogue.products.list');
    expect(patternOfSubject('elsewhere.catalogue.products.list')).toBe('elsewhere.catalogue.products.list');
  });

  it('tells an outcome by its reason only, from a bounded set', () => {
    expect(outcomeOfReply(undefined)).toBe('ok');
    expect(outcomeOfReply({ reason: 'VAT_RATE_IN_USE', statusCode: 409, message: 'x', error: 'Conflict' })).toBe('VAT_RATE_IN_USE');
    expect(outcomeOfReply({ reason: 'made up by a caller', statusCode: 400 })).toBe('error');
    expect(outcomeOfReply('There is no matching message handler defined in the remote service.')).toBe('error');
  });

  it('records a request once, under `unhandled` when no handler is subscribed to it', async () => {
    const timer = timeNatsHandler(null);
    timer.end({ reason: 'NOT_FOUND' });
    timer.end();
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/nats_handler_duration_seconds_count\{[^}]*pattern="unhandled",outcome="NOT_FOUND"[^}]*\} 1\n/);
    expect(text).not.toMatch(/pattern="unhandled",outcome="ok"/);
  });
});
