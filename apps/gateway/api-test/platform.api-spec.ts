import { networkInterfaces } from 'node:os';
import { api, baseUrl } from './http';

describe('GET /api/health', () => {
  it("answers on the host's other addresses too, as a container's published port or a pod's probe reaches it", async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
    expect(outside).toBeDefined();
    const url = new URL(baseUrl());
    url.hostname = outside!.address;
    expect((await api('GET', '/api/health', { base: url.origin })).status).toBe(200);
  });

  it('is 200 with every component up', async () => {
    const response = await api('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      components: {
        catalogue: { status: 'up' },
        documents: { status: 'up' },
        identity: { status: 'up' },
        postgres: { status: 'up' },
        quoting: { status: 'up' },
        redis: { status: 'up' },
        tenancy: { status: 'up' },
      },
    });
  });
});

describe('HTTP platform', () => {
  it('sends security headers', async () => {
    const response = await api('GET', '/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const page = await fetch(`${baseUrl()}/api/docs`);
    expect(page.status).toBe(200);
    const document = await api('GET', '/api/docs-json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/tenants', '/api/tenants/by-keyword/{keyword}', '/api/health']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await api('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body.statusCode).toBe(404);
  });

  it('serves the SPA for client routes (index.html fallback), not for /api', async () => {
    for (const path of ['/', '/superadmin', '/some-agency/dashboard', '/reset-password']) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
  });
});
