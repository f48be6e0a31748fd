import { TEST_REDIS_URL } from '@quotebook/testing';
import Redis from 'ioredis';
import { createHmac, randomUUID } from 'node:crypto';
import { customerBody, productBody, remainingRowsOf, romeDate } from './catalogue-fixtures';
import { api, createTenantUser, createTenantWithAdmin, login, resetTokenFromLog, superadminToken, tenantPayload } from './http';

const SESSION_ENDED = 'This session has ended. Please sign in again.';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 token as identity would sign it, with whatever claims and secret the test chooses. */
function signToken(claims: Record<string, unknown>, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify({ iat: now, exp: now + 3600, jti: randomUUID(), ...claims }));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

function stackSecret(): string {
  const secret = process.env['API_JWT_SECRET'];
  if (!secret) throw new Error('API_JWT_SECRET is not set: run through the "api" Jest project');
  return secret;
}

function databaseUrl(): string {
  const url = process.env['API_DATABASE_URL'];
  if (!url) throw new Error('API_DATABASE_URL is not set: run through the "api" Jest project');
  return url;
}

const vatRate = () => ({ description: `IVA ${randomUUID().slice(0, 6)}`, rate: 22 });

/** A catalogue read, a catalogue write and a tenancy write of an agency's admin. */
function agencyCalls(token: string, tenantId: string) {
  return [
    api('GET', `/api/tenants/${tenantId}/vat-rates`, { token }),
    api('POST', `/api/tenants/${tenantId}/vat-rates`, { token, body: vatRate() }),
    api('PATCH', `/api/tenants/${tenantId}/settings`, { token, body: { companyName: 'Agenzia Aggiornata' } }),
  ];
}

async function expectWorks(token: string, tenantId: string) {
  const [read, write, settings] = await Promise.all(agencyCalls(token, tenantId));
  expect([read.status, write.status, settings.status]).toEqual([200, 201, 200]);
}

/** Right after the change: every call refused as an ended session, all within a second. */
async function expectRefused(token: string, tenantId: string) {
  const started = Date.now();
  const answers = await Promise.all(agencyCalls(token, tenantId));
  expect(Date.now() - started).toBeLessThan(1000);
  for (const answer of answers) {
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(SESSION_ENDED);
  }
}

/** The superadmin's edit form for an agency, as the dashboard sends it back. */
function tenantEdit(payload: ReturnType<typeof tenantPayload>, overrides: Record<string, unknown> = {}) {
  const { adminPassword: _unchanged, ...fields } = payload;
  return { ...fields, ...overrides };
}

let root: string;

beforeAll(async () => {
  root = await superadminToken();
});

describe('forged tokens', () => {
  let tenantId: string;
  let superadminId: string;

  beforeAll(async () => {
    tenantId = (await createTenantWithAdmin(root)).tenant.id;
    superadminId = claimsOf(root)['sub'] as string;
  });

  async function expectRefusedOnTenants(token: string) {
    const list = await api('GET', '/api/tenants', { token });
    const create = await api('POST', '/api/tenants', { token, body: tenantPayload() });
    const remove = await api('DELETE', `/api/tenants/${tenantId}`, { token });
    expect([list.status, create.status, remove.status]).toEqual([401, 401, 401]);
    expect((await api('GET', `/api/tenants/${tenantId}`, { token: root })).status).toBe(200);
  }

  it('refuses a superadmin token signed with the development secret written in the repository', async () => {
    await expectRefusedOnTenants(
      signToken({ sub: superadminId, role: 'superadmin', tenantId: null, sv: 1 }, 'dev-only-change-me'),
    );
  });

  it('refuses a token signed with the real secret for a user that never existed', async () => {
    await expectRefusedOnTenants(signToken({ sub: randomUUID(), role: 'superadmin', tenantId: null, sv: 1 }, stackSecret()));
  });

  it('refuses a token signed with the real secret that carries no session version', async () => {
    await expectRefusedOnTenants(signToken({ sub: superadminId, role: 'superadmin', tenantId: null }, stackSecret()));
  });

  it('refuses a token of the real superadmin with a session version it never had', async () => {
    await expectRefusedOnTenants(signToken({ sub: superadminId, role: 'superadmin', tenantId: null, sv: 2 }, stackSecret()));
  });
});

describe('a stale token stops working within a second of the change', () => {
  /** An agency with its first admin, and a second admin whose session the test ends. */
  async function agencyWithSecondAdmin() {
    const { tenant, payload, adminToken } = await createTenantWithAdmin(root);
    const second = await createTenantUser(adminToken, tenant.id, { role: 'tenant_admin', password: 'second-pass-1' });
    await expectWorks(second.token, tenant.id);
    return { tenantId: tenant.id as string, payload, adminToken, second };
  }

  it('when the user is deleted', async () => {
    const { tenantId, adminToken, second } = await agencyWithSecondAdmin();
    expect((await api('DELETE', `/api/users/${second.user.id}`, { token: adminToken })).status).toBe(204);
    await expectRefused(second.token, tenantId);
    expect((await api('GET', '/api/auth/me', { token: second.token })).status).toBe(401);
  });

  it('when an admin is demoted to tenant_user; a fresh sign-in has the new role', async () => {
    const { tenantId, adminToken, second } = await agencyWithSecondAdmin();
    const demoted = await api('PUT', `/api/users/${second.user.id}`, {
      token: adminToken,
      body: { username: second.user.username, name: second.user.name, email: second.user.email, role: 'tenant_user' },
    });
    expect(demoted.status).toBe(200);
    await expectRefused(second.token, tenantId);

    const fresh = await login(second.user.username, 'second-pass-1');
    expect((await api('GET', `/api/tenants/${tenantId}/vat-rates`, { token: fresh })).status).toBe(200);
    expect((await api('POST', `/api/tenants/${tenantId}/vat-rates`, { token: fresh, body: vatRate() })).status).toBe(403);
  });

  it('when an admin changes the password; the new password signs in', async () => {
    const { tenantId, adminToken, second } = await agencyWithSecondAdmin();
    const changed = await api('PUT', `/api/users/${second.user.id}`, {
      token: adminToken,
      body: { username: second.user.username, name: second.user.name, email: second.user.email, role: 'tenant_admin', password: 'changed-pass-2' },
    });
    expect(changed.status).toBe(200);
    await expectRefused(second.token, tenantId);
    await expectWorks(await login(second.user.username, 'changed-pass-2'), tenantId);
  });

  it("when the superadmin sets a new password for the agency's admin", async () => {
    const { tenant, payload, adminToken } = await createTenantWithAdmin(root);
    await expectWorks(adminToken, tenant.id);
    const edited = await api('PUT', `/api/tenants/${tenant.id}`, { token: root, body: tenantEdit(payload, { adminPassword: 'replaced-pass-3' }) });
    expect(edited.status).toBe(200);
    await expectRefused(adminToken, tenant.id);
    await expectWorks(await login(payload.adminUsername, 'replaced-pass-3'), tenant.id);
  });

  it('when the password is reset through the e-mailed link', async () => {
    const { tenantId, second } = await agencyWithSecondAdmin();
    const requested = await api('POST', '/api/auth/forgot-password', { body: { email: second.user.email } });
    expect(requested.status).toBe(200);
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await resetTokenFromLog(second.user.email), newPassword: 'reset-pass-4' },
    });
    expect(reset.status).toBe(200);
    await expectRefused(second.token, tenantId);
    await expectWorks(await login(second.user.username, 'reset-pass-4'), tenantId);
  });

  it('when the agency is disabled, and works again once it is enabled and the user signs in', async () => {
    const { tenant, payload, adminToken } = await createTenantWithAdmin(root);
    await expectWorks(adminToken, tenant.id);
    expect((await api('PUT', `/api/tenants/${tenant.id}`, { token: root, body: tenantEdit(payload, { enabled: false }) })).status).toBe(200);
    await expectRefused(adminToken, tenant.id);
    expect((await api('GET', '/api/auth/me', { token: adminToken })).status).toBe(401);

    expect((await api('PUT', `/api/tenants/${tenant.id}`, { token: root, body: tenantEdit(payload, { enabled: true }) })).status).toBe(200);
    await expectWorks(await login(payload.adminUsername, payload.adminPassword), tenant.id);
  });

  it('when the agency expires (expiry date set to yesterday)', async () => {
    const { tenant, payload, adminToken } = await createTenantWithAdmin(root);
    await expectWorks(adminToken, tenant.id);
    const expired = await api('PUT', `/api/tenants/${tenant.id}`, { token: root, body: tenantEdit(payload, { expiryDate: romeDate(-1) }) });
    expect(expired.status).toBe(200);
    expect(expired.body.status).toBe('Expired');
    await expectRefused(adminToken, tenant.id);
  });

  it('when the agency is deleted', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    await expectWorks(adminToken, tenant.id);
    expect((await api('DELETE', `/api/tenants/${tenant.id}`, { token: root })).status).toBe(204);
    await expectRefused(adminToken, tenant.id);
  });

  it('when the user logs out (the deny-list, read in the same round trip)', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    await expectWorks(adminToken, tenant.id);
    expect((await api('POST', '/api/auth/logout', { token: adminToken })).status).toBe(200);
    await expectRefused(adminToken, tenant.id);
  });
});

describe('when Redis has lost the session state (restarted, keys evicted)', () => {
  /** Removes every session key of this stack, as a Redis restart would. */
  async function forgetAllSessionState() {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${process.env['API_REDIS_KEY_PREFIX']}session:*`);
      if (keys.length > 0) await redis.del(keys);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  }

  it('asks identity and tenancy again: a live session works, an ended one stays refused', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const member = await createTenantUser(adminToken, tenant.id, { role: 'tenant_admin' });
    expect((await api('DELETE', `/api/users/${member.user.id}`, { token: adminToken })).status).toBe(204);
    const disabled = await createTenantWithAdmin(root);
    await api('PUT', `/api/tenants/${disabled.tenant.id}`, { token: root, body: tenantEdit(disabled.payload, { enabled: false }) });

    await forgetAllSessionState();

    await expectWorks(adminToken, tenant.id);
    await expectRefused(member.token, tenant.id);
    await expectRefused(disabled.adminToken, disabled.tenant.id);
    const forged = signToken({ sub: randomUUID(), role: 'tenant_admin', tenantId: tenant.id, sv: 1 }, stackSecret());
    await expectRefused(forged, tenant.id);
  });
});

describe('a write into an agency that does not exist', () => {
  const catalogueWrites = (tenantId: string): Array<[string, unknown]> => [
    [`/api/tenants/${tenantId}/vat-rates`, vatRate()],
    [`/api/tenants/${tenantId}/tags`, { name: 'Tour guidato', targetType: 'product' }],
    [`/api/tenants/${tenantId}/price-lists`, { name: 'Listino', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: 10 }],
    [`/api/tenants/${tenantId}/customers`, customerBody()],
    [`/api/tenants/${tenantId}/products`, productBody()],
  ];

  const catalogueRowsOf = async (tenantId: string) =>
    (await remainingRowsOf(databaseUrl(), tenantId, { productIds: [], customerIds: [] })).catalogue;

  it('is 404 for a superadmin naming an agency that was never created, and stores nothing', async () => {
    const tenantId = randomUUID();
    for (const [route, body] of catalogueWrites(tenantId)) {
      const response = await api('POST', route, { token: root, body });
      expect({ route, status: response.status, message: response.body.message }).toEqual({ route, status: 404, message: 'Tenant not found' });
    }
    const settings = await api('PATCH', `/api/tenants/${tenantId}/settings`, { token: root, body: { companyName: 'Nessuno' } });
    expect(settings.status).toBe(404);
    const member = await api('POST', '/api/users', {
      token: root,
      body: { username: `ghost-${tenantId.slice(0, 8)}`, password: 'ghost-pass-1', name: 'Nessuno', email: 'ghost@example.com', role: 'tenant_user', tenantId },
    });
    expect(member.status).toBe(404);
    expect(await remainingRowsOf(databaseUrl(), tenantId, { productIds: [], customerIds: [] })).toEqual({ catalogue: 0, users: 0 });
  });

  it("is 404 for the superadmin and 401 for the old admin token once the agency is deleted, and stores nothing", async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    expect((await api('DELETE', `/api/tenants/${tenant.id}`, { token: root })).status).toBe(204);
    for (const [route, body] of catalogueWrites(tenant.id)) {
      const asAdmin = await api('POST', route, { token: adminToken, body });
      const asSuperadmin = await api('POST', route, { token: root, body });
      expect({ route, admin: asAdmin.status, superadmin: asSuperadmin.status }).toEqual({ route, admin: 401, superadmin: 404 });
    }
    expect(await catalogueRowsOf(tenant.id)).toBe(0);
  });
});
