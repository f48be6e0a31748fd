import { FORGOT_PASSWORD_ANSWER, RESET_PASSWORD_INVALID } from '@quotebook/contracts';
import { api, createTenantWithAdmin, expectInvalid, login, resetLinkFromLog, resetTokenFromLog, superadminToken } from './http';
import { SUPERADMIN } from '@quotebook/testing';

/** The stack's superadmin address (SUPERADMIN_EMAIL of the test stack). */
const SUPERADMIN_EMAIL = 'platform@quotebook.test';

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe('POST /api/auth/login', () => {
  it('answers the token and the user (id, username, name, email, role, tenantId) for the superadmin', async () => {
    const response = await api('POST', '/api/auth/login', { body: SUPERADMIN });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual(
      expect.objectContaining({ username: SUPERADMIN.username, role: 'superadmin', tenantId: null }),
    );
    expect(response.body.user).toHaveProperty('id');
    expect(response.body.user).toHaveProperty('name');
    expect(response.body.user).toHaveProperty('email');
    expect(response.body.user).not.toHaveProperty('password');
    expect(response.body.user).not.toHaveProperty('passwordHash');
    const claims = decodeClaims(response.body.token);
    expect(claims).toEqual(expect.objectContaining({ sub: response.body.user.id, role: 'superadmin', tenantId: null }));
    expect(typeof claims['jti']).toBe('string');
  });

  it('refuses a wrong password with 401 Invalid credentials', async () => {
    const response = await api('POST', '/api/auth/login', { body: { username: SUPERADMIN.username, password: 'wrong-one' } });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Invalid credentials');
  });

  it('refuses an unknown username with the same answer', async () => {
    const response = await api('POST', '/api/auth/login', { body: { username: 'nobody-here', password: 'whatever' } });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Invalid credentials');
  });

  it('answers 400 naming the missing fields', async () => {
    const response = await api('POST', '/api/auth/login', { body: {} });
    expectInvalid(response, ['Username is required', 'Password is required']);
  });

  it('answers 400 for malformed JSON and for unknown fields, 413 for a body over 1 MB', async () => {
    const malformed = await api('POST', '/api/auth/login', { rawBody: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const unknown = await api('POST', '/api/auth/login', { body: { username: 'a', password: 'b', role: 'superadmin' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toEqual(['property role should not exist']);
    const huge = await api('POST', '/api/auth/login', { body: { username: 'x'.repeat(1_100_000), password: 'b' } });
    expect(huge.status).toBe(413);
  });

  it('after 10 failures for one username from one address answers 429 with Retry-After, even with the right password', async () => {
    const { payload } = await createTenantWithAdmin(await superadminToken());
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const failed = await api('POST', '/api/auth/login', { body: { username: payload.adminUsername, password: 'bad-guess' } });
      expect(failed.status).toBe(401);
    }
    const blocked = await api('POST', '/api/auth/login', {
      body: { username: payload.adminUsername, password: payload.adminPassword },
    });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // another username from the same address is not affected
    expect((await api('POST', '/api/auth/login', { body: SUPERADMIN })).status).toBe(200);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('me answers the signed-in user; without a token 401', async () => {
    const token = await superadminToken();
    const me = await api('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(expect.objectContaining({ username: SUPERADMIN.username, role: 'superadmin' }));
    expect((await api('GET', '/api/auth/me')).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: 'not-a-token' })).status).toBe(401);
  });

  it('logout revokes the token: the same token then gets 401, a new login works', async () => {
    const token = await superadminToken();
    const logout = await api('POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('GET', '/api/tenants', { token })).status).toBe(401);
    const fresh = await superadminToken();
    expect((await api('GET', '/api/auth/me', { token: fresh })).status).toBe(200);
  });

  it('rejects a token signed with another secret', async () => {
    const token = await superadminToken();
    const [header, body] = token.split('.');
    const forged = `${header}.${body}.${Buffer.from('forged-signature').toString('base64url')}`;
    expect((await api('GET', '/api/auth/me', { token: forged })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('forgot-password gives the same 200 answer for known and unknown addresses', async () => {
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: 'nobody@nowhere.example' } });
    const known = await api('POST', '/api/auth/forgot-password', { body: { email: 'platform@quotebook.test' } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(known.body).toEqual(unknown.body);
  });

  it('forgot-password answers 400 Email richiesta when the email is empty', async () => {
    const response = await api('POST', '/api/auth/forgot-password', { body: { email: '   ' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Email richiesta');
  });

  it('resets with the mailed token once: the new password works, the token cannot be used again', async () => {
    const { payload } = await createTenantWithAdmin(await superadminToken());
    await api('POST', '/api/auth/forgot-password', { body: { email: payload.adminEmail } });
    const token = await resetTokenFromLog(payload.adminEmail);

    const tooShort = await api('POST', '/api/auth/reset-password', { body: { token, newPassword: '123' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toContain('La password deve essere di almeno 6 caratteri.');

    const reset = await api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    await expect(login(payload.adminUsername, 'brand-new-pass')).resolves.toEqual(expect.any(String));
    await expect(login(payload.adminUsername, payload.adminPassword)).rejects.toThrow(/401/);

    const again = await api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'another-pass' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_PASSWORD_INVALID);
  });

  it("names the agency in its users' reset links (the page leads back to its sign-in), none in the superadmin's", async () => {
    const { payload } = await createTenantWithAdmin(await superadminToken());
    await api('POST', '/api/auth/forgot-password', { body: { email: payload.adminEmail } });
    await api('POST', '/api/auth/forgot-password', { body: { email: SUPERADMIN_EMAIL } });

    expect((await resetLinkFromLog(payload.adminEmail)).searchParams.get('agency')).toBe(payload.keyword);
    expect((await resetLinkFromLog(SUPERADMIN_EMAIL)).searchParams.has('agency')).toBe(false);
  });

  it('refuses an unknown token with 400', async () => {
    const response = await api('POST', '/api/auth/reset-password', { body: { token: 'made-up-token', newPassword: 'secret-1' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(RESET_PASSWORD_INVALID);
  });
});
