import { eventually, startIsolatedStack } from '@quotebook/testing';
import { api, superadminToken } from './http';
import { createAgency, fillCatalogue, remainingRowsOf } from './catalogue-fixtures';

jest.setTimeout(120_000);

/** This file runs its own stack, because it stops and starts the catalogue service. */
describe('the catalogue service going down and coming back', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;

  beforeAll(async () => {
    started = await startIsolatedStack('cat');
    base = started.stack.baseUrl;
  });

  afterAll(async () => {
    await started?.stop();
  });

  it('answers 503 while it is down; an agency deleted meanwhile loses its catalogue once it is back', async () => {
    const root = await superadminToken(base);
    const agency = await createAgency(root, {}, base);
    const owned = await fillCatalogue(agency, base);
    const before = await remainingRowsOf(started.database.url, agency.tenantId, owned);
    expect(before.catalogue).toBeGreaterThanOrEqual(9);

    await started.stack.processes['catalogue'].stop();

    const began = Date.now();
    const list = await api('GET', `${agency.base}/products`, { token: agency.adminToken, base });
    expect(Date.now() - began).toBeLessThan(5000);
    expect(list.status).toBe(503);
    expect(list.body.message).toMatch(/catalogue/);
    const health = await api('GET', '/api/health', { base });
    expect(health.status).toBe(503);
    expect(health.body.components.catalogue.status).toBe('down');

    expect((await api('DELETE', agency.base, { token: root, base })).status).toBe(204);
    // identity is up and purges at once; the catalogue rows wait for their service
    await eventually(async () => expect((await remainingRowsOf(started.database.url, agency.tenantId, owned)).users).toBe(0));
    expect((await remainingRowsOf(started.database.url, agency.tenantId, owned)).catalogue).toBe(before.catalogue);

    await started.stack.restart('catalogue');
    await eventually(async () => {
      expect(await remainingRowsOf(started.database.url, agency.tenantId, owned)).toEqual({ catalogue: 0, users: 0 });
    }, 15_000);
    expect((await api('GET', '/api/health', { base })).status).toBe(200);
  });
});
