import Fastify from 'fastify';
import helmet from 'helmet';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECURITY_HEADERS_OPTIONS, securityHeadersOf, useSecurityHeaders } from './security-headers';

describe(useSecurityHeaders.name, () => {
  const app = Fastify();
  useSecurityHeaders(app);
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/public/thing', async (_request, reply) => reply.header('Content-Security-Policy', "default-src 'none'").send({ ok: true }));

  afterAll(() => app.close());

  it("gives every answer helmet's headers, a 404 included", async () => {
    for (const url of ['/api/thing', '/api/nothing']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('lets a route set a stricter policy of its own', async () => {
    const { headers } = await app.inject({ url: '/api/public/thing' });
    expect(headers['content-security-policy']).toBe("default-src 'none'");
  });
});

describe(securityHeadersOf.name, () => {
  /** helmet itself, on a real Node response of a request like `request`. */
  async function helmetOnRealResponse(headers: Record<string, string>, url: string): Promise<Record<string, unknown>> {
    const server = http.createServer((request, response) => {
      response.setHeader('X-Powered-By', 'something');
      helmet(SECURITY_HEADERS_OPTIONS)(request, response, () => response.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
      return Object.fromEntries([...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)));
    } finally {
      server.close();
    }
  }

  it.each([
    [{}, '/api/health'],
    [{ 'x-forwarded-proto': 'https', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)' }, '/q/abc?x=1'],
    [{ host: 'agency.example', accept: 'text/html' }, '/'],
  ])('are the headers helmet writes on a real answer, whatever the request (%j %s)', async (headers, url) => {
    const computed = Object.fromEntries(securityHeadersOf().filter(([, value]) => value !== null).map(([name, value]) => [name.toLowerCase(), value]));
    expect(await helmetOnRealResponse(headers, url)).toEqual(computed);
  });

  it('removes X-Powered-By, as helmet does', () => {
    expect(securityHeadersOf()).toContainEqual(['X-Powered-By', null]);
  });
});
