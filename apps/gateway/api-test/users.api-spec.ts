import { api, createTenantUser, createTenantWithAdmin, expectInvalid, login, superadminToken, uniqueKeyword } from './http';

// the texts the web page shows, written out so that a changed text fails here
const CANNOT_DELETE_SELF = 'You cannot delete your own account';
const LAST_TENANT_ADMIN = 'An agency needs at least one administrator';

let root: string;
let superadminId: string;

beforeAll(async () => {
  root = await superadminToken();
  superadminId = (await api('GET', '/api/auth/me', { token: root })).body.id;
});

function memberPayload(tenantId: string, overrides: Record<string, unknown> = {}) {
  const username = uniqueKeyword('member');
  return { username, password: 'member-pass-1', name: 'Sara Galli', email: `${username}@example.com`, role: 'tenant_user', tenantId, ...overrides };
}

/** The editable fields of a user as the edit dialog sends them back. */
const editable = (user: { username: string; name: string; email: string; role: string }, overrides: Record<string, unknown> = {}) => ({
  username: user.username,
  name: user.name,
  email: user.email,
  role: user.role,
  ...overrides,
});

describe('GET /api/tenants/{tenantId}/users', () => {
  it("answers the agency's team ordered by name, without passwords, to its admin and to the superadmin", async () => {
    const { tenant, payload, adminToken } = await createTenantWithAdmin(root);
    await createTenantUser(adminToken, tenant.id, { name: 'Zaira Conti' });
    await createTenantUser(adminToken, tenant.id, { name: 'Aldo Riva', role: 'tenant_admin' });
    const other = await createTenantWithAdmin(root);
    await createTenantUser(other.adminToken, other.tenant.id, { name: 'Bruno Altri' });

    for (const token of [adminToken, root]) {
      const response = await api('GET', `/api/tenants/${tenant.id}/users`, { token });
      expect(response.status).toBe(200);
      expect(response.body.map((user: { name: string }) => user.name)).toEqual(['Aldo Riva', payload.adminName, 'Zaira Conti']);
      expect(response.body[1]).toEqual({
        id: expect.any(String),
        username: payload.adminUsername,
        name: payload.adminName,
        email: payload.adminEmail,
        role: 'tenant_admin',
        tenantId: tenant.id,
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(response.body)).not.toMatch(/password|argon2/i);
    }
  });

  it("is 403 for a tenant_user and for another agency's admin, 401 without a token", async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { token: userToken } = await createTenantUser(adminToken, tenant.id);
    const other = await createTenantWithAdmin(root);

    expect((await api('GET', `/api/tenants/${tenant.id}/users`, { token: userToken })).status).toBe(403);
    expect((await api('GET', `/api/tenants/${tenant.id}/users`, { token: other.adminToken })).status).toBe(403);
    expect((await api('GET', `/api/tenants/${tenant.id}/users`)).status).toBe(401);
  });

  it('answers 400 naming a tenantId that is not a UUID', async () => {
    const response = await api('GET', '/api/tenants/not-a-uuid/users', { token: root });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('tenantId must be a UUID');
  });
});

describe('POST /api/users', () => {
  it('creates a tenant_user (201) who can sign in and is shown as tenant_user by /api/auth/me', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const payload = memberPayload(tenant.id);

    const response = await api('POST', '/api/users', { token: adminToken, body: payload });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      username: payload.username,
      name: payload.name,
      email: payload.email,
      role: 'tenant_user',
      tenantId: tenant.id,
      createdAt: expect.any(String),
    });
    const token = await login(payload.username, payload.password);
    const me = await api('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(expect.objectContaining({ id: response.body.id, role: 'tenant_user', tenantId: tenant.id }));
  });

  it('lets the superadmin add a tenant_admin to any agency, who then manages the team', async () => {
    const { tenant } = await createTenantWithAdmin(root);
    const payload = memberPayload(tenant.id, { role: 'tenant_admin' });

    const response = await api('POST', '/api/users', { token: root, body: payload });

    expect(response.status).toBe(201);
    expect(response.body.role).toBe('tenant_admin');
    const token = await login(payload.username, payload.password);
    expect((await api('GET', `/api/tenants/${tenant.id}/users`, { token })).status).toBe(200);
  });

  it('never creates a superadmin: 400 naming the role', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    for (const token of [adminToken, root]) {
      const response = await api('POST', '/api/users', { token, body: memberPayload(tenant.id, { role: 'superadmin' }) });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(['Role must be tenant_admin or tenant_user']);
    }
  });

  it('names every broken rule with its message (400)', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const response = await api('POST', '/api/users', {
      token: adminToken,
      body: memberPayload(tenant.id, { username: 'ab', name: 'S', password: '12345', email: 'not-an-email' }),
    });
    expectInvalid(response, [
      'Username must be at least 3 characters',
      'Name must be at least 2 characters',
      'Password must be at least 6 characters',
      'Valid email is required',
    ]);
  });

  it('answers 409 Username already exists, also for a username of another agency', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const other = await createTenantWithAdmin(root);

    for (const username of [other.payload.adminUsername, (await createTenantUser(adminToken, tenant.id)).user.username]) {
      const response = await api('POST', '/api/users', { token: adminToken, body: memberPayload(tenant.id, { username }) });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Username already exists');
    }
  });

  it('is 403 for a tenant admin naming another agency and for a tenant_user; nothing is created', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { token: userToken } = await createTenantUser(adminToken, tenant.id);
    const other = await createTenantWithAdmin(root);
    const intoOther = memberPayload(other.tenant.id);
    const byUser = memberPayload(tenant.id);

    expect((await api('POST', '/api/users', { token: adminToken, body: intoOther })).status).toBe(403);
    expect((await api('POST', '/api/users', { token: userToken, body: byUser })).status).toBe(403);

    const team = await api('GET', `/api/tenants/${other.tenant.id}/users`, { token: root });
    expect(team.body.map((user: { username: string }) => user.username)).not.toContain(intoOther.username);
    expect((await api('POST', '/api/auth/login', { body: { username: byUser.username, password: byUser.password } })).status).toBe(401);
  });

  it('answers 404 when the superadmin names an agency that does not exist', async () => {
    const response = await api('POST', '/api/users', { token: root, body: memberPayload('5f0c1f8e-0b7a-4c1e-9d55-3a2b1c0d9e8f') });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Tenant not found');
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates the user (200); an empty password keeps the current one, a new one replaces it', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { user } = await createTenantUser(adminToken, tenant.id);
    const username = uniqueKeyword('renamed');

    const renamed = await api('PUT', `/api/users/${user.id}`, {
      token: adminToken,
      body: editable(user, { username, name: 'Nome Nuovo', email: `${username}@example.com`, password: '' }),
    });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...user, username, name: 'Nome Nuovo', email: `${username}@example.com` });
    await login(username, 'user-pass-1');

    const repassworded = await api('PUT', `/api/users/${user.id}`, { token: adminToken, body: editable(renamed.body, { password: 'second-pass-2' }) });
    expect(repassworded.status).toBe(200);
    expect((await api('POST', '/api/auth/login', { body: { username, password: 'user-pass-1' } })).status).toBe(401);
    await login(username, 'second-pass-2');
  });

  it('promotes a tenant_user to tenant_admin', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { user } = await createTenantUser(adminToken, tenant.id);
    const response = await api('PUT', `/api/users/${user.id}`, { token: adminToken, body: editable(user, { role: 'tenant_admin' }) });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe('tenant_admin');
  });

  it('answers 400 for a short password, a superadmin role and a tenantId (the agency cannot change)', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const other = await createTenantWithAdmin(root);
    const { user } = await createTenantUser(adminToken, tenant.id);

    const response = await api('PUT', `/api/users/${user.id}`, {
      token: root,
      body: editable(user, { password: '123', role: 'superadmin', tenantId: other.tenant.id }),
    });

    expectInvalid(response, [
      'property tenantId should not exist',
      'Password must be at least 6 characters',
      'Role must be tenant_admin or tenant_user',
    ]);
    const team = await api('GET', `/api/tenants/${tenant.id}/users`, { token: adminToken });
    expect(team.body.find((member: { id: string }) => member.id === user.id)).toEqual(user);
  });

  it('answers 409 for a username in use', async () => {
    const { tenant, adminToken, payload } = await createTenantWithAdmin(root);
    const { user } = await createTenantUser(adminToken, tenant.id);
    const response = await api('PUT', `/api/users/${user.id}`, { token: adminToken, body: editable(user, { username: payload.adminUsername }) });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Username already exists');
  });

  it("answers 404 for another agency's user, for the superadmin and for an unknown id; 400 for an id that is not a UUID", async () => {
    const { adminToken } = await createTenantWithAdmin(root);
    const other = await createTenantWithAdmin(root);
    const { user: foreign } = await createTenantUser(other.adminToken, other.tenant.id);

    const foreignUpdate = await api('PUT', `/api/users/${foreign.id}`, { token: adminToken, body: editable(foreign, { name: 'Hijacked' }) });
    expect(foreignUpdate.status).toBe(404);
    expect(foreignUpdate.body.message).toBe('User not found');
    const asSuperadmin = { username: 'superadmin', name: 'Platform', email: 'platform@quotebook.test', role: 'tenant_admin' };
    for (const token of [adminToken, root]) {
      expect((await api('PUT', `/api/users/${superadminId}`, { token, body: asSuperadmin })).status).toBe(404);
    }
    expect((await api('PUT', '/api/users/5f0c1f8e-0b7a-4c1e-9d55-3a2b1c0d9e8f', { token: adminToken, body: editable(foreign) })).status).toBe(404);
    const malformed = await api('PUT', '/api/users/not-a-uuid', { token: adminToken, body: editable(foreign) });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('id must be a UUID');

    const team = await api('GET', `/api/tenants/${other.tenant.id}/users`, { token: root });
    expect(team.body.find((member: { id: string }) => member.id === foreign.id).name).toBe(foreign.name);
    expect((await api('GET', '/api/auth/me', { token: root })).body.role).toBe('superadmin');
  });

  it('is 403 for a tenant_user', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { user, token } = await createTenantUser(adminToken, tenant.id);
    expect((await api('PUT', `/api/users/${user.id}`, { token, body: editable(user, { role: 'tenant_admin' }) })).status).toBe(403);
  });

  it('refuses to demote the last tenant_admin of an agency (400)', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const me = (await api('GET', '/api/auth/me', { token: adminToken })).body;

    const response = await api('PUT', `/api/users/${me.id}`, { token: adminToken, body: editable(me, { role: 'tenant_user' }) });

    expect(response.status).toBe(400);
    expect(response.body.message).toBe(LAST_TENANT_ADMIN);
    const stepDownWithColleague = await createTenantUser(adminToken, tenant.id, { role: 'tenant_admin' });
    expect(stepDownWithColleague.user.role).toBe('tenant_admin');
    expect((await api('PUT', `/api/users/${me.id}`, { token: adminToken, body: editable(me, { role: 'tenant_user' }) })).status).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the user (204): it can no longer sign in and its token no longer works', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { user, token } = await createTenantUser(adminToken, tenant.id, { password: 'goodbye-pass' });

    const response = await api('DELETE', `/api/users/${user.id}`, { token: adminToken });

    expect(response.status).toBe(204);
    const signIn = await api('POST', '/api/auth/login', { body: { username: user.username, password: 'goodbye-pass' } });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe('Invalid credentials');
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    const team = await api('GET', `/api/tenants/${tenant.id}/users`, { token: adminToken });
    expect(team.body.map((member: { id: string }) => member.id)).not.toContain(user.id);
  });

  it('refuses to delete your own account (400)', async () => {
    const { adminToken } = await createTenantWithAdmin(root);
    for (const token of [adminToken, root]) {
      const me = (await api('GET', '/api/auth/me', { token })).body;
      const response = await api('DELETE', `/api/users/${me.id}`, { token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(CANNOT_DELETE_SELF);
    }
  });

  it("answers 404 for another agency's user and for the superadmin, 403 for a tenant_user", async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { token: userToken } = await createTenantUser(adminToken, tenant.id);
    const { user: colleague } = await createTenantUser(adminToken, tenant.id);
    const other = await createTenantWithAdmin(root);
    const { user: foreign } = await createTenantUser(other.adminToken, other.tenant.id, { password: 'still-here-1' });

    expect((await api('DELETE', `/api/users/${foreign.id}`, { token: adminToken })).status).toBe(404);
    expect((await api('DELETE', `/api/users/${superadminId}`, { token: adminToken })).status).toBe(404);
    expect((await api('DELETE', `/api/users/${colleague.id}`, { token: userToken })).status).toBe(403);

    await login(foreign.username, 'still-here-1');
    const team = await api('GET', `/api/tenants/${tenant.id}/users`, { token: adminToken });
    expect(team.body.map((member: { id: string }) => member.id)).toContain(colleague.id);
  });

  it('refuses to delete the last tenant_admin of an agency, even for the superadmin (400)', async () => {
    const { adminToken } = await createTenantWithAdmin(root);
    const admin = (await api('GET', '/api/auth/me', { token: adminToken })).body;
    const response = await api('DELETE', `/api/users/${admin.id}`, { token: root });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(LAST_TENANT_ADMIN);
  });
});
