import { queryDatabase, SUPERADMIN } from '@quotebook/testing';
import { api, createTenantWithAdmin, expectInvalid, login, superadminToken, tenantPayload, uniqueKeyword } from './http';

const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

let root: string;
beforeAll(async () => {
  root = await superadminToken();
});

describe('POST /api/tenants', () => {
  it('creates the tenant with its admin (201); Italian is always among the languages', async () => {
    const payload = tenantPayload({ languages: ['en', 'de'] });
    const response = await api('POST', '/api/tenants', { token: root, body: payload });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: payload.name,
        keyword: payload.keyword,
        expiryDate: '2099-12-31',
        enabled: true,
        status: 'Active',
        logoUrl: null,
      }),
    );
    expect(response.body.languages).toEqual(['it', 'en', 'de']);
    const admin = await api('GET', `/api/tenants/${response.body.id}/admin`, { token: root });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(
      expect.objectContaining({ username: payload.adminUsername, name: payload.adminName, email: payload.adminEmail }),
    );
    const adminToken = await login(payload.adminUsername, payload.adminPassword);
    const me = await api('GET', '/api/auth/me', { token: adminToken });
    expect(me.body).toEqual(expect.objectContaining({ role: 'tenant_admin', tenantId: response.body.id }));
  });

  it('answers 409 for a keyword in use', async () => {
    const { payload } = await createTenantWithAdmin(root);
    const again = await api('POST', '/api/tenants', {
      token: root,
      body: tenantPayload({ keyword: payload.keyword, adminUsername: `${payload.keyword}-other` }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/keyword/i);
  });

  it('answers 409 for an admin username in use and leaves no tenant behind', async () => {
    const { payload } = await createTenantWithAdmin(root);
    const keyword = uniqueKeyword('orphan');
    const clash = await api('POST', '/api/tenants', {
      token: root,
      body: tenantPayload({ keyword, adminUsername: payload.adminUsername }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/username/i);
    const list = await api('GET', '/api/tenants', { token: root });
    expect(list.body.map((tenant: { keyword: string }) => tenant.keyword)).not.toContain(keyword);
    expect((await api('GET', `/api/tenants/by-keyword/${keyword}`)).status).toBe(404);
  });

  it.each([
    ['superadmin', /reserved/],
    ['api', /reserved/],
    ['reset-password', /reserved/],
    ['Has-Caps', /lowercase/],
    ['a', /2 to 40/],
    ['with space', /lowercase/],
  ])('refuses keyword %p with 400', async (keyword, message) => {
    const response = await api('POST', '/api/tenants', { token: root, body: tenantPayload({ keyword, adminUsername: uniqueKeyword('u') }) });
    expect(response.status).toBe(400);
    expect(response.body.message.join(' ')).toMatch(message);
  });

  it('names every broken admin rule with its message', async () => {
    const response = await api('POST', '/api/tenants', {
      token: root,
      body: tenantPayload({ adminUsername: 'ab', adminName: 'M', adminEmail: 'not-an-email', adminPassword: '123', expiryDate: '' }),
    });
    expectInvalid(response, [
      'Username must be at least 3 characters',
      'Name must be at least 2 characters',
      'Valid email is required',
      'Password must be at least 6 characters',
    ]);
  });

  it('is for the superadmin only', async () => {
    const { adminToken } = await createTenantWithAdmin(root);
    expect((await api('POST', '/api/tenants', { token: adminToken, body: tenantPayload() })).status).toBe(403);
    expect((await api('POST', '/api/tenants', { body: tenantPayload() })).status).toBe(401);
  });
});

describe('GET /api/tenants', () => {
  it('lists tenants with their display status for the superadmin', async () => {
    const { tenant } = await createTenantWithAdmin(root, { expiryDate: isoDate(10) });
    const response = await api('GET', '/api/tenants', { token: root });
    expect(response.status).toBe(200);
    const listed = response.body.find((candidate: { id: string }) => candidate.id === tenant.id);
    expect(listed).toEqual(
      expect.objectContaining({ keyword: tenant.keyword, languages: ['it', 'en'], status: 'Expiring Soon', logoUrl: null }),
    );
  });

  it('is refused to a tenant admin (403) and to anonymous callers (401)', async () => {
    const { adminToken } = await createTenantWithAdmin(root);
    expect((await api('GET', '/api/tenants', { token: adminToken })).status).toBe(403);
    expect((await api('GET', '/api/tenants')).status).toBe(401);
  });
});

describe('PUT /api/tenants/{id}', () => {
  it('updates the tenant and its admin; an empty password keeps the current one', async () => {
    const { tenant, payload } = await createTenantWithAdmin(root);
    const update = {
      ...payload,
      name: 'Agenzia Rinominata',
      languages: ['fr'],
      adminName: 'Giulia Verdi',
      adminEmail: 'giulia@example.com',
      adminUsername: `${payload.adminUsername}-new`,
      adminPassword: '',
    };
    const response = await api('PUT', `/api/tenants/${tenant.id}`, { token: root, body: update });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ name: 'Agenzia Rinominata', languages: ['it', 'fr'] }));
    const admin = await api('GET', `/api/tenants/${tenant.id}/admin`, { token: root });
    expect(admin.body).toEqual(expect.objectContaining({ username: update.adminUsername, name: 'Giulia Verdi', email: 'giulia@example.com' }));
    await expect(login(update.adminUsername, payload.adminPassword)).resolves.toEqual(expect.any(String));
  });

  it('changes the admin password when one is given', async () => {
    const { tenant, payload } = await createTenantWithAdmin(root);
    const response = await api('PUT', `/api/tenants/${tenant.id}`, { token: root, body: { ...payload, adminPassword: 'changed-pass' } });
    expect(response.status).toBe(200);
    await expect(login(payload.adminUsername, 'changed-pass')).resolves.toEqual(expect.any(String));
  });

  it('answers 404 for an unknown tenant and 403 to a tenant admin', async () => {
    const { tenant, payload, adminToken } = await createTenantWithAdmin(root);
    const unknown = await api('PUT', '/api/tenants/00000000-0000-4000-8000-000000000000', { token: root, body: payload });
    expect(unknown.status).toBe(404);
    expect((await api('PUT', `/api/tenants/${tenant.id}`, { token: adminToken, body: payload })).status).toBe(403);
  });
});

describe('DELETE /api/tenants/{id}', () => {
  it('deletes the tenant (204); its users are removed and can no longer sign in', async () => {
    const { tenant, payload } = await createTenantWithAdmin(root);
    const response = await api('DELETE', `/api/tenants/${tenant.id}`, { token: root });
    expect(response.status).toBe(204);
    expect((await api('GET', `/api/tenants/by-keyword/${payload.keyword}`)).status).toBe(404);
    const deadline = Date.now() + 10_000;
    let users: unknown[] = [{}];
    while (users.length > 0 && Date.now() < deadline) {
      users = await queryDatabase(process.env['API_DATABASE_URL']!, 'SELECT id FROM identity.users WHERE tenant_id = $1', [tenant.id]);
      if (users.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(users).toEqual([]);
    await expect(login(payload.adminUsername, payload.adminPassword)).rejects.toThrow(/401/);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 403 to a tenant admin', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    expect((await api('DELETE', '/api/tenants/00000000-0000-4000-8000-000000000000', { token: root })).status).toBe(404);
    expect((await api('DELETE', '/api/tenants/not-a-uuid', { token: root })).status).toBe(400);
    expect((await api('DELETE', `/api/tenants/${tenant.id}`, { token: adminToken })).status).toBe(403);
  });
});

describe('GET /api/tenants/by-keyword/{keyword}', () => {
  it('is public and answers only id, name, keyword, logoUrl, status and expiryDate', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const settings = {
      companyName: 'Sole Viaggi S.r.l.',
      address: 'Via Roma 1',
      phone: '+39 06 1234567',
      mobile: '+39 333 1234567',
      referenceEmail: 'info@soleviaggi.it',
      vatNumber: 'IT01234567890',
      fiscalCode: 'RSSMRA80A01H501U',
    };
    expect((await api('PATCH', `/api/tenants/${tenant.id}/settings`, { token: adminToken, body: settings })).status).toBe(200);

    const response = await api('GET', `/api/tenants/by-keyword/${tenant.keyword}`);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['expiryDate', 'id', 'keyword', 'logoUrl', 'name', 'status']);
    expect(response.body).toEqual({
      id: tenant.id,
      name: tenant.name,
      keyword: tenant.keyword,
      logoUrl: null,
      status: 'Active',
      expiryDate: '2099-12-31',
    });
    const text = JSON.stringify(response.body);
    for (const value of Object.values(settings)) expect(text).not.toContain(value);
    // the agency's own users still see every detail after signing in
    expect((await api('GET', `/api/tenants/${tenant.id}`, { token: adminToken })).body).toMatchObject(settings);
  });

  it('answers 404 Tenant not found for an unknown keyword', async () => {
    const response = await api('GET', '/api/tenants/by-keyword/no-such-agency');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Tenant not found');
  });
});

describe('tenant status and sign-in', () => {
  it('refuses the admin of a disabled tenant with 403 and a clear message', async () => {
    const payload = tenantPayload({ enabled: false });
    expect((await api('POST', '/api/tenants', { token: root, body: payload })).status).toBe(201);
    const response = await api('POST', '/api/auth/login', { body: { username: payload.adminUsername, password: payload.adminPassword } });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/disabled/i);
    expect((await api('GET', `/api/tenants/by-keyword/${payload.keyword}`)).body.status).toBe('Disabled');
  });

  it('refuses the admin of an expired tenant with 403; the superadmin still signs in', async () => {
    const payload = tenantPayload({ expiryDate: isoDate(-2) });
    expect((await api('POST', '/api/tenants', { token: root, body: payload })).status).toBe(201);
    const response = await api('POST', '/api/auth/login', { body: { username: payload.adminUsername, password: payload.adminPassword } });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/expired/i);
    expect((await api('GET', `/api/tenants/by-keyword/${payload.keyword}`)).body.status).toBe('Expired');
    expect((await api('POST', '/api/auth/login', { body: SUPERADMIN })).status).toBe(200);
  });
});

describe('PATCH /api/tenants/{tenantId}/settings', () => {
  it('lets the tenant admin change the company information', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const settings = {
      companyName: 'Sole Viaggi S.r.l.',
      address: 'Via Roma 1',
      city: 'Firenze',
      country: 'Italia',
      postalCode: '50100',
      phone: '+39 055 000000',
      mobile: '+39 333 0000000',
      referenceEmail: 'info@soleviaggi.it',
      website: 'https://soleviaggi.it',
      vatNumber: 'IT01234567890',
      fiscalCode: '01234567890',
    };
    const response = await api('PATCH', `/api/tenants/${tenant.id}/settings`, { token: adminToken, body: settings });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining(settings));
    const stored = await api('GET', `/api/tenants/${tenant.id}`, { token: adminToken });
    expect(stored.body).toEqual(expect.objectContaining(settings));
  });

  it('accepts empty email and website, refuses invalid ones naming the field', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const empty = await api('PATCH', `/api/tenants/${tenant.id}/settings`, { token: adminToken, body: { referenceEmail: '', website: '' } });
    expect(empty.status).toBe(200);
    const bad = await api('PATCH', `/api/tenants/${tenant.id}/settings`, {
      token: adminToken,
      body: { referenceEmail: 'not-mail', website: 'not a url' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['referenceEmail must be a valid email address', 'website must be a valid URL']);
  });

  it("never lets an agency admin read or change another agency", async () => {
    const first = await createTenantWithAdmin(root);
    const second = await createTenantWithAdmin(root);
    const other = second.tenant.id;
    const token = first.adminToken;
    expect((await api('PATCH', `/api/tenants/${other}/settings`, { token, body: { companyName: 'Hijack' } })).status).toBe(403);
    expect((await api('GET', `/api/tenants/${other}`, { token })).status).toBe(403);
    expect((await api('GET', `/api/tenants/${other}/admin`, { token })).status).toBe(403);
    expect((await api('PUT', `/api/tenants/${other}`, { token, body: second.payload })).status).toBe(403);
    expect((await api('DELETE', `/api/tenants/${other}`, { token })).status).toBe(403);
    expect((await api('POST', `/api/tenants/${other}/logo`, { token, rawBody: new FormData() })).status).toBe(403);
    const unchanged = await api('GET', `/api/tenants/${other}`, { token: root });
    expect(unchanged.body.companyName).toBeNull();
    expect((await api('GET', `/api/tenants/${first.tenant.id}`, { token })).status).toBe(200);
  });
});
