import { api, superadminToken } from './http';
import { Agency, createAgency, created, messages, uniqueName } from './catalogue-fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let root: string;
let agency: Agency;
let other: Agency;

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
});

describe('VAT rates', () => {
  it('an admin creates (201), lists, updates (200) and deletes (204) a VAT rate; rates travel with 2 decimals', async () => {
    const create = await api('POST', `${agency.base}/vat-rates`, {
      token: agency.adminToken,
      body: { description: 'IVA ordinaria', rate: 22, tenantId: agency.tenantId },
    });
    expect(create.status).toBe(201);
    expect(create.body).toEqual(
      expect.objectContaining({ id: expect.any(String), description: 'IVA ordinaria', rate: '22.00', createdAt: expect.any(String) }),
    );
    const id = create.body.id;

    const list = await api('GET', `${agency.base}/vat-rates`, { token: agency.adminToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id, rate: '22.00' })]));

    const update = await api('PUT', `${agency.base}/vat-rates/${id}`, {
      token: agency.adminToken,
      body: { description: 'IVA ridotta', rate: '10.5' },
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual(expect.objectContaining({ id, description: 'IVA ridotta', rate: '10.50' }));

    const remove = await api('DELETE', `${agency.base}/vat-rates/${id}`, { token: agency.adminToken });
    expect(remove.status).toBe(204);
    const after = await api('GET', `${agency.base}/vat-rates`, { token: agency.adminToken });
    expect(after.body.map((rate: { id: string }) => rate.id)).not.toContain(id);
  });

  it('a superadmin may manage any agency; a tenant user may read but not write (403)', async () => {
    const byRoot = await api('POST', `${agency.base}/vat-rates`, { token: root, body: { description: 'Esente', rate: 0 } });
    expect(byRoot.status).toBe(201);
    expect(byRoot.body.rate).toBe('0.00');

    const read = await api('GET', `${agency.base}/vat-rates`, { token: agency.userToken });
    expect(read.status).toBe(200);
    expect(read.body.map((rate: { id: string }) => rate.id)).toContain(byRoot.body.id);

    const writes = await Promise.all([
      api('POST', `${agency.base}/vat-rates`, { token: agency.userToken, body: { description: 'IVA', rate: 4 } }),
      api('PUT', `${agency.base}/vat-rates/${byRoot.body.id}`, { token: agency.userToken, body: { description: 'IVA', rate: 4 } }),
      api('DELETE', `${agency.base}/vat-rates/${byRoot.body.id}`, { token: agency.userToken }),
    ]);
    expect(writes.map((response) => response.status)).toEqual([403, 403, 403]);
    const unchanged = await api('GET', `${agency.base}/vat-rates`, { token: agency.adminToken });
    expect(unchanged.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: byRoot.body.id, description: 'Esente', rate: '0.00' })]));
  });

  it.each([
    [{ rate: 22 }, /Description is required/],
    [{ description: '   ', rate: 22 }, /Description is required/],
    [{ description: 'IVA' }, /Rate must be a number from 0 to 100/],
    [{ description: 'IVA', rate: 100.01 }, /Rate must be a number from 0 to 100/],
    [{ description: 'IVA', rate: -1 }, /Rate must be a number from 0 to 100/],
    [{ description: 'IVA', rate: '22.123' }, /Rate must be a number from 0 to 100 with at most 2 decimals/],
    [{ description: 'IVA', rate: 'ventidue' }, /Rate must be/],
    [{ description: 'IVA', rate: 22, colour: 'red' }, /colour should not exist/],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const response = await api('POST', `${agency.base}/vat-rates`, { token: agency.adminToken, body });
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it('says a missing description is required, once, and nothing else about it', async () => {
    for (const body of [{ rate: 22 }, { description: null, rate: 22 }, { description: '', rate: 22 }]) {
      const response = await api('POST', `${agency.base}/vat-rates`, { token: agency.adminToken, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(['Description is required']);
    }
  });

  it('accepts the boundaries 0 and 100', async () => {
    for (const rate of [0, '100', '100.00']) {
      const response = await api('POST', `${agency.base}/vat-rates`, { token: agency.adminToken, body: { description: `Aliquota ${rate}`, rate } });
      expect(response.status).toBe(201);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await api('GET', `${agency.base}/vat-rates`)).status).toBe(401);
    expect((await api('POST', `${agency.base}/vat-rates`, { body: { description: 'IVA', rate: 22 } })).status).toBe(401);
  });

  it("refuses another agency's path with 403, even to read", async () => {
    expect((await api('GET', `${agency.base}/vat-rates`, { token: other.adminToken })).status).toBe(403);
    expect((await api('GET', `${agency.base}/vat-rates`, { token: other.userToken })).status).toBe(403);
    const write = await api('POST', `${agency.base}/vat-rates`, { token: other.adminToken, body: { description: 'IVA', rate: 22 } });
    expect(write.status).toBe(403);
  });

  it("answers 404 for an unknown id and for another agency's id, leaving that rate untouched", async () => {
    const foreign = await created(other.adminToken, `${other.base}/vat-rates`, { description: 'IVA altrui', rate: 22 });
    for (const id of [UNKNOWN_ID, foreign.id]) {
      const update = await api('PUT', `${agency.base}/vat-rates/${id}`, { token: agency.adminToken, body: { description: 'Presa', rate: 1 } });
      expect(update.status).toBe(404);
      expect((await api('DELETE', `${agency.base}/vat-rates/${id}`, { token: agency.adminToken })).status).toBe(404);
    }
    const theirs = await api('GET', `${other.base}/vat-rates`, { token: other.adminToken });
    expect(theirs.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: foreign.id, description: 'IVA altrui', rate: '22.00' })]));
    const ours = await api('GET', `${agency.base}/vat-rates`, { token: agency.adminToken });
    expect(ours.body.map((rate: { id: string }) => rate.id)).not.toContain(foreign.id);
  });

  it('answers 400 naming the parameter for ids that are not UUIDs', async () => {
    const update = await api('PUT', `${agency.base}/vat-rates/42`, { token: agency.adminToken, body: { description: 'IVA', rate: 22 } });
    expect(update.status).toBe(400);
    expect(messages(update.body)).toMatch(/id must be a UUID/);
    const list = await api('GET', '/api/tenants/not-a-uuid/vat-rates', { token: root });
    expect(list.status).toBe(400);
    expect(messages(list.body)).toMatch(/tenantId must be a UUID/);
  });
});

describe('tags', () => {
  let productTag: { id: string };
  let customerTag: { id: string };

  beforeAll(async () => {
    productTag = await created(agency.adminToken, `${agency.base}/tags`, { name: 'Tour guidato', targetType: 'product', description: 'Con guida' });
    customerTag = await created(agency.adminToken, `${agency.base}/tags`, { name: 'Hotel', targetType: 'customer' });
  });

  it('creates a tag (201) with its fields; the description is optional', async () => {
    const response = await api('POST', `${agency.base}/tags`, {
      token: agency.adminToken,
      body: { name: 'Gita in barca', targetType: 'product', description: 'Escursioni via mare', tenantId: agency.tenantId },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      expect.objectContaining({ id: expect.any(String), name: 'Gita in barca', targetType: 'product', description: 'Escursioni via mare' }),
    );
    const bare = await api('POST', `${agency.base}/tags`, { token: agency.adminToken, body: { name: 'VIP', targetType: 'customer' } });
    expect(bare.status).toBe(201);
    expect(bare.body.description ?? null).toBeNull();
  });

  it('lists all tags, and by type in any case: tags/Product and tags/customer', async () => {
    const all = await api('GET', `${agency.base}/tags`, { token: agency.adminToken });
    expect(all.status).toBe(200);
    expect(all.body.map((tag: { id: string }) => tag.id)).toEqual(expect.arrayContaining([productTag.id, customerTag.id]));

    for (const [path, wanted] of [
      ['Product', 'product'],
      ['product', 'product'],
      ['customer', 'customer'],
      ['CUSTOMER', 'customer'],
    ]) {
      const filtered = await api('GET', `${agency.base}/tags/${path}`, { token: agency.adminToken });
      expect(filtered.status).toBe(200);
      expect(filtered.body.length).toBeGreaterThan(0);
      expect(filtered.body.every((tag: { targetType: string }) => tag.targetType === wanted)).toBe(true);
      expect(filtered.body.map((tag: { id: string }) => tag.id)).toContain(wanted === 'product' ? productTag.id : customerTag.id);
    }
  });

  it('answers 400 for a type that is neither product nor customer', async () => {
    for (const path of ['supplier', productTag.id]) {
      const response = await api('GET', `${agency.base}/tags/${path}`, { token: agency.adminToken });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toMatch(/targetType must be one of: product, customer/);
    }
  });

  it.each([
    [{ targetType: 'product' }, /Tag name is required/],
    [{ name: ' ', targetType: 'product' }, /Tag name is required/],
    [{ name: 'Natura' }, /Target type is required/],
    [{ name: 'Natura', targetType: 'supplier' }, /Target type is required/],
  ])('refuses %j with the message of the rule', async (body, message) => {
    const response = await api('POST', `${agency.base}/tags`, { token: agency.adminToken, body });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it('updates (200) and deletes (204) a tag', async () => {
    const tag = await created(agency.adminToken, `${agency.base}/tags`, { name: 'Natura', targetType: 'product' });
    const update = await api('PUT', `${agency.base}/tags/${tag.id}`, {
      token: agency.adminToken,
      body: { name: 'Natura e trekking', targetType: 'product', description: 'A piedi' },
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual(expect.objectContaining({ id: tag.id, name: 'Natura e trekking', description: 'A piedi' }));
    expect((await api('DELETE', `${agency.base}/tags/${tag.id}`, { token: agency.adminToken })).status).toBe(204);
    const after = await api('GET', `${agency.base}/tags/product`, { token: agency.adminToken });
    expect(after.body.map((candidate: { id: string }) => candidate.id)).not.toContain(tag.id);
  });

  it('lets a tenant user read tags but not write them (403)', async () => {
    expect((await api('GET', `${agency.base}/tags`, { token: agency.userToken })).status).toBe(200);
    expect((await api('GET', `${agency.base}/tags/customer`, { token: agency.userToken })).status).toBe(200);
    const writes = await Promise.all([
      api('POST', `${agency.base}/tags`, { token: agency.userToken, body: { name: 'X', targetType: 'product' } }),
      api('PUT', `${agency.base}/tags/${productTag.id}`, { token: agency.userToken, body: { name: 'X', targetType: 'product' } }),
      api('DELETE', `${agency.base}/tags/${productTag.id}`, { token: agency.userToken }),
    ]);
    expect(writes.map((response) => response.status)).toEqual([403, 403, 403]);
  });

  it("answers 404 for unknown and other agencies' tag ids; 401 without a token", async () => {
    const foreign = await created(other.adminToken, `${other.base}/tags`, { name: 'Altrui', targetType: 'product' });
    for (const id of [UNKNOWN_ID, foreign.id]) {
      expect((await api('PUT', `${agency.base}/tags/${id}`, { token: agency.adminToken, body: { name: 'Y', targetType: 'product' } })).status).toBe(404);
      expect((await api('DELETE', `${agency.base}/tags/${id}`, { token: agency.adminToken })).status).toBe(404);
    }
    const theirs = await api('GET', `${other.base}/tags`, { token: other.adminToken });
    expect(theirs.body).toEqual([expect.objectContaining({ id: foreign.id, name: 'Altrui' })]);
    expect((await api('GET', `${agency.base}/tags/product`)).status).toBe(401);
    expect((await api('GET', `${agency.base}/tags`, { token: other.userToken })).status).toBe(403);
  });
});

describe('price lists', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: uniqueName('Listino partner'),
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    reductionAmount: null,
    reductionPercentage: 10,
    isActive: true,
    ...overrides,
  });

  it('creates (201) with money as 2-decimal strings, empty reductions as null and active by default', async () => {
    const response = await api('POST', `${agency.base}/price-lists`, {
      token: agency.adminToken,
      body: { ...body({ reductionAmount: '50', reductionPercentage: 7.5 }), tenantId: agency.tenantId },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        reductionAmount: '50.00',
        reductionPercentage: '7.50',
        isActive: true,
        createdAt: expect.any(String),
      }),
    );
    const bare = await api('POST', `${agency.base}/price-lists`, {
      token: agency.adminToken,
      body: { name: 'Listino base', startDate: '2026-01-01', endDate: '2026-06-30' },
    });
    expect(bare.status).toBe(201);
    expect(bare.body).toEqual(expect.objectContaining({ reductionAmount: null, reductionPercentage: null, isActive: true }));
  });

  it('lists, updates (200, e.g. to inactive) and deletes (204)', async () => {
    const list = await created(agency.adminToken, `${agency.base}/price-lists`, body());
    const read = await api('GET', `${agency.base}/price-lists`, { token: agency.userToken });
    expect(read.status).toBe(200);
    expect(read.body.map((candidate: { id: string }) => candidate.id)).toContain(list.id);

    const update = await api('PUT', `${agency.base}/price-lists/${list.id}`, {
      token: agency.adminToken,
      body: body({ name: 'Listino scaduto', isActive: false, reductionPercentage: null, reductionAmount: 12.5 }),
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual(
      expect.objectContaining({ id: list.id, name: 'Listino scaduto', isActive: false, reductionPercentage: null, reductionAmount: '12.50' }),
    );
    expect((await api('DELETE', `${agency.base}/price-lists/${list.id}`, { token: agency.adminToken })).status).toBe(204);
    const after = await api('GET', `${agency.base}/price-lists`, { token: agency.adminToken });
    expect(after.body.map((candidate: { id: string }) => candidate.id)).not.toContain(list.id);
  });

  it.each([
    [{ name: '' }, /Name is required/],
    [{ startDate: undefined }, /Start date is required/],
    [{ endDate: '2026-02-30' }, /End date is required/],
    [{ reductionPercentage: 100.5 }, /reductionPercentage must be a number from 0 to 100/],
    [{ reductionAmount: -5 }, /reductionAmount/],
    [{ isActive: 'yes' }, /isActive must be true or false/],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const response = await api('POST', `${agency.base}/price-lists`, { token: agency.adminToken, body: body(overrides) });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it('keeps writes for admins (tenant user 403) and answers 404 for foreign or unknown ids', async () => {
    const list = await created(agency.adminToken, `${agency.base}/price-lists`, body());
    const writes = await Promise.all([
      api('POST', `${agency.base}/price-lists`, { token: agency.userToken, body: body() }),
      api('PUT', `${agency.base}/price-lists/${list.id}`, { token: agency.userToken, body: body() }),
      api('DELETE', `${agency.base}/price-lists/${list.id}`, { token: agency.userToken }),
    ]);
    expect(writes.map((response) => response.status)).toEqual([403, 403, 403]);

    const foreign = await created(other.adminToken, `${other.base}/price-lists`, body({ name: 'Listino altrui' }));
    for (const id of [UNKNOWN_ID, foreign.id]) {
      expect((await api('PUT', `${agency.base}/price-lists/${id}`, { token: agency.adminToken, body: body() })).status).toBe(404);
      expect((await api('DELETE', `${agency.base}/price-lists/${id}`, { token: agency.adminToken })).status).toBe(404);
    }
    const theirs = await api('GET', `${other.base}/price-lists`, { token: other.adminToken });
    expect(theirs.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: foreign.id, name: 'Listino altrui' })]));
    expect((await api('GET', `${agency.base}/price-lists`)).status).toBe(401);
    expect((await api('GET', `${agency.base}/price-lists`, { token: other.adminToken })).status).toBe(403);
  });
});
