import { queryDatabase, startIsolatedStack } from '@quotebook/testing';
import { api, createTenantWithAdmin, superadminToken } from './http';

jest.setTimeout(90_000);

/** This file runs its own stack, because it stops and starts services. */
describe('a service going down and coming back', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;

  beforeAll(async () => {
    started = await startIsolatedStack('res');
    base = started.stack.baseUrl;
  });

  afterAll(async () => {
    await started?.stop();
  });

  it('stopping tenancy makes /api/health say so and tenant calls answer 503 within 5 s; restarting recovers', async () => {
    const token = await superadminToken(base);
    expect((await api('GET', '/api/tenants', { token, base })).status).toBe(200);

    await started.stack.processes['tenancy'].stop();

    let began = Date.now();
    const health = await api('GET', '/api/health', { base });
    expect(Date.now() - began).toBeLessThan(5000);
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('error');
    expect(health.body.components.tenancy.status).toBe('down');
    expect(health.body.components.identity.status).toBe('up');

    began = Date.now();
    const list = await api('GET', '/api/tenants', { token, base });
    expect(Date.now() - began).toBeLessThan(5000);
    expect(list.status).toBe(503);
    expect(list.body.message).toMatch(/tenancy/);

    began = Date.now();
    const publicLookup = await api('GET', '/api/tenants/by-keyword/anything', { base });
    expect(Date.now() - began).toBeLessThan(5000);
    expect(publicLookup.status).toBe(503);

    await started.stack.restart('tenancy');
    expect((await api('GET', '/api/health', { base })).status).toBe(200);
    expect((await api('GET', '/api/tenants', { token, base })).status).toBe(200);
  });

  it('a tenant deleted while identity is down loses its users once identity is back', async () => {
    const root = await superadminToken(base);
    const { tenant } = await createTenantWithAdmin(root, {}, base);
    await started.stack.processes['identity'].stop();

    const removed = await api('DELETE', `/api/tenants/${tenant.id}`, { token: root, base });
    expect(removed.status).toBe(204);
    const stillThere = await queryDatabase(started.database.url, 'SELECT id FROM identity.users WHERE tenant_id = $1', [tenant.id]);
    expect(stillThere).toHaveLength(1);

    await started.stack.restart('identity');
    const deadline = Date.now() + 10_000;
    let users = stillThere;
    while (users.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      users = await queryDatabase(started.database.url, 'SELECT id FROM identity.users WHERE tenant_id = $1', [tenant.id]);
    }
    expect(users).toEqual([]);
  });
});
