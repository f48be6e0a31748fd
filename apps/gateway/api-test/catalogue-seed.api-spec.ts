import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SUPERADMIN, stackLauncher } from '@quotebook/testing';
import { api, baseUrl, login, superadminToken } from './http';

jest.setTimeout(120_000);

const runSeed = async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(stackLauncher.ROOT, 'tools/scripts/seed-demo.mjs')], {
    cwd: stackLauncher.ROOT,
    env: { ...process.env, SEED_BASE_URL: baseUrl(), SUPERADMIN_USERNAME: SUPERADMIN.username, SUPERADMIN_PASSWORD: SUPERADMIN.password },
  });
  return stdout;
};

/** Everything the demo agency holds, as the API shows it. */
async function snapshot(token: string) {
  const tenants = await api('GET', '/api/tenants', { token });
  const demo = tenants.body.filter((tenant: { keyword: string }) => tenant.keyword === 'demo');
  expect(demo).toHaveLength(1);
  const base = `/api/tenants/${demo[0].id}`;
  const read = async (resource: string) => {
    const response = await api('GET', `${base}/${resource}`, { token });
    expect(response.status).toBe(200);
    return response.body;
  };
  return {
    tenant: demo[0],
    vatRates: await read('vat-rates'),
    tags: await read('tags'),
    priceLists: await read('price-lists'),
    products: await read('products'),
    customers: await read('customers'),
  };
}

describe('npm run seed:demo', () => {
  let root: string;

  beforeAll(async () => {
    root = await superadminToken();
  });

  afterAll(async () => {
    const tenants = await api('GET', '/api/tenants', { token: root });
    const demo = tenants.body.find((tenant: { keyword: string }) => tenant.keyword === 'demo');
    if (demo) await api('DELETE', `/api/tenants/${demo.id}`, { token: root });
  });

  it('creates the demo agency through the API, and a second run duplicates nothing', async () => {
    const first = await runSeed();
    expect(first).toContain('demo-admin / demo12345');
    const seeded = await snapshot(root);

    expect(seeded.tenant).toEqual(expect.objectContaining({ name: 'Demo Viaggi', keyword: 'demo', languages: ['it', 'en'], status: 'Active' }));
    expect(seeded.vatRates.map((rate: { rate: string }) => rate.rate).sort()).toEqual(['10.00', '22.00', '4.00']);
    expect(seeded.tags.filter((tag: { targetType: string }) => tag.targetType === 'product').length).toBeGreaterThanOrEqual(3);
    expect(seeded.tags.filter((tag: { targetType: string }) => tag.targetType === 'customer').length).toBeGreaterThanOrEqual(3);
    expect(seeded.priceLists).toHaveLength(2);
    expect(seeded.products.length).toBeGreaterThanOrEqual(10);
    for (const product of seeded.products) {
      expect(Object.keys(product.titles).sort()).toEqual(['en', 'it']);
      expect(product.availability.length).toBeGreaterThanOrEqual(3);
      expect(product.tagIds.length).toBeGreaterThanOrEqual(1);
      expect(product.vatRateId).toEqual(expect.any(String));
    }
    // most of the catalogue is sold all year, so today always has prices
    expect(seeded.products.filter((product: { currentPrice: string | null }) => product.currentPrice !== null).length).toBeGreaterThanOrEqual(5);
    expect(seeded.customers.length).toBeGreaterThanOrEqual(6);
    expect(seeded.customers.every((customer: { tagIds: string[] }) => customer.tagIds.length > 0)).toBe(true);
    const linked = new Set(seeded.customers.map((customer: { priceListId: string | null }) => customer.priceListId).filter(Boolean));
    expect([...linked].sort()).toEqual(seeded.priceLists.map((list: { id: string }) => list.id).sort());

    const adminToken = await login('demo-admin', 'demo12345');
    expect((await api('GET', `/api/tenants/${seeded.tenant.id}/products`, { token: adminToken })).status).toBe(200);

    const second = await runSeed();
    expect(second).toContain('nothing was missing');
    expect(await snapshot(root)).toEqual(seeded);
  });
});
