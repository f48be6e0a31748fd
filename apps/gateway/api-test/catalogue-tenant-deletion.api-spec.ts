import { eventually, queryDatabase } from '@quotebook/testing';
import { api, superadminToken } from './http';
import { createAgency, fillCatalogue, remainingRowsOf } from './catalogue-fixtures';

const databaseUrl = () => {
  const url = process.env['API_DATABASE_URL'];
  if (!url) throw new Error('API_DATABASE_URL is not set: run through the "api" Jest project');
  return url;
};

describe('deleting an agency', () => {
  it('removes its catalogue rows and its users, and nothing of another agency', async () => {
    const root = await superadminToken();
    const [doomed, kept] = await Promise.all([createAgency(root), createAgency(root)]);
    const [doomedRecords, keptRecords] = await Promise.all([fillCatalogue(doomed), fillCatalogue(kept)]);
    const before = await remainingRowsOf(databaseUrl(), doomed.tenantId, doomedRecords);
    expect(before.catalogue).toBeGreaterThanOrEqual(9);
    expect(before.users).toBe(2);

    expect((await api('DELETE', doomed.base, { token: root })).status).toBe(204);

    await eventually(async () => {
      expect(await remainingRowsOf(databaseUrl(), doomed.tenantId, doomedRecords)).toEqual({ catalogue: 0, users: 0 });
    }, 15_000);
    const survivor = await remainingRowsOf(databaseUrl(), kept.tenantId, keptRecords);
    expect(survivor).toEqual(before);
    const products = await api('GET', `${kept.base}/products`, { token: kept.adminToken });
    expect(products.body.map((product: { id: string }) => product.id)).toEqual(keptRecords.productIds);
    const [{ count }] = await queryDatabase<{ count: string }>(databaseUrl(), 'SELECT count(*) FROM identity.users WHERE tenant_id = $1', [kept.tenantId]);
    expect(Number(count)).toBe(2);
  });
});
