import Fastify from 'fastify';
import { useSecurityHeaders } from './security-headers';

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
