import { SUPERADMIN } from '@quotebook/testing';
import { Agency, createAgency, created, customerBody, fillCatalogue, messages, periodBody, productBody } from './catalogue-fixtures';
import { api, superadminToken } from './http';

/** JSON text nested `levels` deep: arrays, or objects when `objects` is set. */
const deepJson = (levels: number, objects = false) =>
  objects ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` : `${'['.repeat(levels)}${']'.repeat(levels)}`;

let root: string;
let agency: Agency;
let product: { id: string };
let customer: { id: string };
let vatRate: { id: string };
let period: { id: string };

/** What an agency and the platform hold, read back through the API. */
async function snapshot() {
  const reads = await Promise.all([
    api('GET', '/api/tenants', { token: root }),
    api('GET', agency.base, { token: agency.adminToken }),
    ...['products', 'customers', 'vat-rates', 'tags', 'price-lists', 'users'].map((list) =>
      api('GET', `${agency.base}/${list}`, { token: agency.adminToken }),
    ),
  ]);
  for (const read of reads) expect(read.status).toBe(200);
  return reads.map((read) => read.body);
}

beforeAll(async () => {
  root = await superadminToken();
  agency = await createAgency(root);
  await fillCatalogue(agency);
  product = await created(agency.adminToken, `${agency.base}/products`, productBody({ durationHours: 2, durationMinutes: 15 }));
  customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody());
  vatRate = await created(agency.adminToken, `${agency.base}/vat-rates`, { description: 'IVA ridotta', rate: 10 });
  period = await created(
    agency.adminToken,
    `${agency.base}/products/${product.id}/availability`,
    periodBody('2031-01-01', '2031-01-31', { hasMinParticipants: true, minParticipants: 4 }),
  );
});

describe('JSON nested deeper than 32 levels', () => {
  it.each([
    ['anonymous sign-in', 'POST', '/api/auth/login', (deep: string) => `{"username":${deep},"password":"x"}`],
    ['anonymous forgot-password', 'POST', '/api/auth/forgot-password', (deep: string) => `{"email":${deep}}`],
    ['a tenant creation', 'POST', '/api/tenants', (deep: string) => `{"name":"Agenzia","languages":${deep}}`],
    ['a product update', 'PUT', '/products/:id', (deep: string) => `{"language":"it","title":"Tour","subtitle":${deep}}`],
  ])('is a 400 on %s, 5,000 levels of arrays or objects, and changes nothing', async (_label, method, route, bodyWith) => {
    const path = route.startsWith('/api') ? route : `${agency.base}${route.replace(':id', product.id)}`;
    const token = route.startsWith('/api/auth') ? undefined : route === '/api/tenants' ? root : agency.adminToken;
    const before = await snapshot();
    for (const deep of [deepJson(5000), deepJson(5000, true)]) {
      const response = await api(method, path, {
        token,
        rawBody: bodyWith(deep),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toBe('JSON nested too deeply: at most 32 levels');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets ordinary nesting through', async () => {
    const response = await api('PUT', `${agency.base}/products/${product.id}/tags`, {
      token: agency.adminToken,
      rawBody: '{"tagIds":[]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('answers malformed JSON with a 400, and JSON in another encoding than UTF-8 with a 415', async () => {
    const malformed = await api('POST', '/api/auth/login', { rawBody: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const utf16 = await api('POST', '/api/auth/login', {
      rawBody: Buffer.from(JSON.stringify({ username: 'x', password: 'y' }), 'utf16le'),
      headers: { 'content-type': 'application/json; charset=utf-16le' },
    });
    expect(utf16.status).toBe(415);
    expect(messages(utf16.body)).toBe('JSON request bodies must be UTF-8');
  });
});

describe('text that is not text: a lone surrogate or NUL', () => {
  it('is a 400 naming the e-mail on the anonymous forgot-password', async () => {
    for (const email of ['mario\ud800@example.com', 'mario\u0000@example.com']) {
      const response = await api('POST', '/api/auth/forgot-password', { body: { email } });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toBe('email contains invalid characters');
    }
  });

  it('is a 400 naming the username on sign-in, and the superadmin can still sign in', async () => {
    for (const username of [`${SUPERADMIN.username}\u0000`, `${SUPERADMIN.username}\udc00`]) {
      const response = await api('POST', '/api/auth/login', { body: { username, password: SUPERADMIN.password } });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toBe('username contains invalid characters');
    }
    expect((await api('POST', '/api/auth/login', { body: SUPERADMIN })).status).toBe(200);
  });

  it('is a 400 naming the field on a customer and a product, and stores nothing', async () => {
    const before = await snapshot();
    const cases = [
      ['POST', `${agency.base}/customers`, customerBody({ name: 'Hotel \ud83d Bellavista' }), 'name'],
      ['PUT', `${agency.base}/customers/${customer.id}`, customerBody({ city: 'Sorrento\udc00' }), 'city'],
      ['POST', `${agency.base}/products`, productBody({ title: 'Tour\u0000' }), 'title'],
      ['PUT', `${agency.base}/products/${product.id}`, productBody({ extendedDescription: 'a\u0000b' }), 'extendedDescription'],
      ['POST', `${agency.base}/tags`, { name: 'Mare', targetType: 'product', 'descr\u0000iption': 'x' }, 'the request'],
    ] as const;
    for (const [method, path, body, field] of cases) {
      const response = await api(method, path, { token: agency.adminToken, body });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(messages(response.body)).toContain(field === 'the request' ? 'property name with invalid characters' : `${field} contains invalid characters`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is a 400 naming the parameter in a path or a query', async () => {
    const keyword = await api('GET', '/api/tenants/by-keyword/agenzia%00sole');
    expect(keyword.status).toBe(400);
    expect(messages(keyword.body)).toBe('keyword contains invalid characters');
    const query = await api('GET', `${agency.base}/products?search=tour%00`, { token: agency.adminToken });
    expect(query.status).toBe(400);
    expect(messages(query.body)).toBe('search contains invalid characters');
  });
});

describe('null, booleans and blank strings where a value is required', () => {
  it('refuses null for a field an update must not clear (400 naming it) and changes nothing', async () => {
    const before = await snapshot();
    const cases = [
      [`${agency.base}/products/${product.id}`, productBody({ durationHours: null }), 'durationHours'],
      [`${agency.base}/products/${product.id}`, productBody({ title: null }), 'Title is required'],
      [`${agency.base}/vat-rates/${vatRate.id}`, { description: null, rate: 10 }, 'Description is required'],
      [`${agency.base}/products/${product.id}/availability/${period.id}`, periodBody('2031-01-01', '2031-01-31', { priceIncludesVat: null }), 'priceIncludesVat'],
    ] as const;
    for (const [path, body, named] of cases) {
      const response = await api('PUT', path, { token: agency.adminToken, body });
      expect({ path, named, status: response.status }).toEqual({ path, named, status: 400 });
      expect(messages(response.body)).toContain(named);
    }
    const tenant = (await api('GET', agency.base, { token: root })).body;
    const update = await api('PUT', agency.base, {
      token: root,
      body: {
        name: tenant.name,
        keyword: tenant.keyword,
        expiryDate: tenant.expiryDate,
        enabled: null,
        adminUsername: `${tenant.keyword}-admin`,
        adminName: 'Maria Bianchi',
        adminEmail: `${tenant.keyword}@example.com`,
      },
    });
    expect(update.status).toBe(400);
    expect(messages(update.body)).toContain('enabled must be true or false');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['durationHours', true],
    ['durationHours', ''],
    ['durationHours', '5'],
    ['durationMinutes', false],
    ['durationMinutes', ' '],
  ])('refuses %s %p on a product: no silent conversion', async (field, value) => {
    const response = await api('PUT', `${agency.base}/products/${product.id}`, {
      token: agency.adminToken,
      body: productBody({ [field]: value }),
    });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toContain(field);
    const stored = (await api('GET', `${agency.base}/products`, { token: agency.adminToken })).body.find(
      (item: { id: string }) => item.id === product.id,
    );
    expect(stored).toMatchObject({ durationHours: 2, durationMinutes: 15 });
  });

  it.each([true, '', '4'])('refuses minParticipants %p on a period', async (value) => {
    const response = await api('PUT', `${agency.base}/products/${product.id}/availability/${period.id}`, {
      token: agency.adminToken,
      body: periodBody('2031-01-01', '2031-01-31', { hasMinParticipants: true, minParticipants: value }),
    });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toContain('minParticipants');
    const periods = (await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken })).body;
    expect(periods.find((item: { id: string }) => item.id === period.id)).toMatchObject({ minParticipants: 4 });
  });
});

describe('oversized values', () => {
  it('answers a 100 KB string and a huge or negative number with a 400 naming the field', async () => {
    const before = await snapshot();
    const cases = [
      [`${agency.base}/tags`, { name: 'x'.repeat(100_000), targetType: 'product' }, 'name'],
      [`${agency.base}/products`, productBody({ durationHours: 1e308 }), 'durationHours'],
      [`${agency.base}/products`, productBody({ durationHours: -1 }), 'durationHours'],
      [`${agency.base}/vat-rates`, { description: 'IVA', rate: 1e308 }, 'Rate'],
      [`${agency.base}/price-lists`, { name: 'Estate', startDate: '2031-01-01', endDate: '2031-12-31', reductionAmount: -1 }, 'reductionAmount'],
    ] as const;
    for (const [path, body, named] of cases) {
      const response = await api('POST', path, { token: agency.adminToken, body });
      expect({ path, named, status: response.status }).toEqual({ path, named, status: 400 });
      expect(messages(response.body)).toContain(named);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body of several megabytes with a 413 that a client sending it all reads, and stores nothing', async () => {
    const before = await snapshot();
    // 3 MB: answered at once, its connection closed mid-upload, fetch reported a broken pipe nine times in ten
    const body = { name: 'x'.repeat(3 * 1024 * 1024), targetType: 'product' };
    const answers = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await api('POST', `${agency.base}/tags`, { token: agency.adminToken, body });
      answers.push({ status: response.status, reason: response.body?.reason, message: response.body?.message });
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 413, reason: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' })));
    expect(await snapshot()).toEqual(before);
  });
});
