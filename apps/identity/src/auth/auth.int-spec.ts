import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { JwtService } from '@nestjs/jwt';
import {
  AUTH_FORGOT_PASSWORD,
  AUTH_LOGIN,
  AUTH_ME,
  AUTH_RESET_PASSWORD,
  FORGOT_PASSWORD_ANSWER,
  IDENTITY_HEALTH,
  RESET_PASSWORD_INVALID,
  SESSION_ENDED_MESSAGE,
  TENANT_DISABLED_MESSAGE,
  TENANT_EXPIRED_MESSAGE,
  TENANTS_LOGIN_STATUS,
  USERS_CREATE_TENANT_ADMIN,
  type TenantDisplayStatus,
  type TenantLoginStatus,
  type TokenClaims,
} from '@quotebook/contracts';
import { appError } from '@quotebook/server-core';
import { startStandIn, TEST_PASSWORD_HASHING } from '@quotebook/testing/harness';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import {
  PUBLIC_URL,
  rpcError,
  seededSuperadmin,
  SUPERADMIN,
  superadminPrincipal,
  TEST_JWT_SECRET,
  useIdentityHarness,
} from '../test/identity-harness';
import { hashResetToken } from './reset-token';
import { ResetMailer } from './reset-mailer';

/** Tenancy's answer to TENANTS_LOGIN_STATUS, played by a real NATS responder with statuses set here. */
const tenantStatuses = new Map<string, TenantDisplayStatus>();
const tenantKeywords = new Map<string, string>();

@Controller()
class TenancyStandInController {
  @MessagePattern(TENANTS_LOGIN_STATUS.subject)
  loginStatus(@Payload('tenantId') tenantId: string): TenantLoginStatus {
    const status = tenantStatuses.get(tenantId);
    if (!status) throw appError('TENANT_NOT_FOUND', 'Tenant not found');
    return { id: tenantId, keyword: tenantKeywords.get(tenantId) ?? 'agency', enabled: status !== 'Disabled', expiryDate: null, status };
  }
}

@Module({ controllers: [TenancyStandInController] })
class TenancyStandInModule {}

describe('identity auth (integration)', () => {
  const harness = useIdentityHarness(() => startStandIn(TenancyStandInModule, 'tenancy'));
  /** Identity as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  let superadminId: string;
  let mailer: jest.SpiedFunction<ResetMailer['sendResetLink']>;
  const sentLinks = () => mailer.mock.calls.map(([, link]) => link);

  beforeAll(async () => {
    superadminId = (await seededSuperadmin(harness)).userId;
    // the real mailer runs (it logs the link, no SMTP_URL here); the spy only reads what it was given
    mailer = jest.spyOn(harness.get(ResetMailer), 'sendResetLink');
  });

  beforeEach(() => mailer.mockClear());

  const createTenantAdmin = (tenantId: string, username: string, email = `${username}@agency.test`) =>
    sut.send(USERS_CREATE_TENANT_ADMIN, {
      principal: superadminPrincipal(superadminId),
      tenantId,
      username,
      password: 'admin-password',
      name: `Admin ${username}`,
      email,
    });

  describe('start-up', () => {
    it('seeds the superadmin from SUPERADMIN_* with an argon2id hash', async () => {
      const rows = await harness.query<{ username: string; email: string; password_hash: string; tenant_id: string | null }>(
        `SELECT username, email, password_hash, tenant_id FROM identity.users WHERE role = 'superadmin'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: SUPERADMIN.username, email: SUPERADMIN.email, tenant_id: null });
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    });

    it('answers its health pattern with the database state', async () => {
      await expect(sut.send(IDENTITY_HEALTH, {})).resolves.toEqual({ service: 'identity', status: 'up', database: 'up' });
    });
  });

  describe('login', () => {
    it('signs the superadmin in with an HS256 token carrying sub, role, tenantId, jti and the session version', async () => {
      const login = await sut.send(AUTH_LOGIN, { username: SUPERADMIN.username, password: SUPERADMIN.password });

      expect(login.user).toEqual({
        id: superadminId,
        username: SUPERADMIN.username,
        name: 'Superadmin',
        email: SUPERADMIN.email,
        role: 'superadmin',
        tenantId: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const header = JSON.parse(Buffer.from(login.token.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('HS256');
      const claims = new JwtService({ secret: TEST_JWT_SECRET }).verify<TokenClaims>(login.token);
      expect(claims).toMatchObject({ sub: superadminId, role: 'superadmin', tenantId: null, sv: 1 });
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    });

    it('gives every token its own jti', async () => {
      const credentials = { username: SUPERADMIN.username, password: SUPERADMIN.password };
      const [first, second] = await Promise.all([sut.send(AUTH_LOGIN, credentials), sut.send(AUTH_LOGIN, credentials)]);
      const jtiOf = (token: string) => new JwtService({ secret: TEST_JWT_SECRET }).decode<TokenClaims>(token).jti;
      expect(jtiOf(first.token)).not.toBe(jtiOf(second.token));
    });

    it('answers a wrong password and an unknown username alike: 401 Invalid credentials', async () => {
      const wrongPassword = await rpcError(sut.send(AUTH_LOGIN, { username: SUPERADMIN.username, password: 'nope-nope' }));
      const unknownUser = await rpcError(sut.send(AUTH_LOGIN, { username: 'nobody-here', password: 'whatever' }));
      for (const error of [wrongPassword, unknownUser]) {
        expect(error).toMatchObject({ statusCode: 401, reason: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
      }
    });

    it('rejects an empty username with a 400 naming the rule', async () => {
      expect(await rpcError(sut.send(AUTH_LOGIN, { username: '  ', password: 'x' }))).toMatchObject({
        statusCode: 400,
        message: ['Username is required'],
      });
    });

    describe('of tenant users (tenancy decides)', () => {
      const active = randomUUID();
      const disabled = randomUUID();
      const expired = randomUUID();
      const vanished = randomUUID();

      beforeAll(async () => {
        tenantStatuses.set(active, 'Expiring Soon');
        tenantStatuses.set(disabled, 'Disabled');
        tenantStatuses.set(expired, 'Expired');
        await createTenantAdmin(active, 'active-admin');
        await createTenantAdmin(disabled, 'disabled-admin');
        await createTenantAdmin(expired, 'expired-admin');
        await createTenantAdmin(vanished, 'vanished-admin');
      });

      it('brings a password hash made at another cost to the current one at its next sign-in, and sessions go on', async () => {
        const user = await createTenantAdmin(active, 'older-cost-admin');
        // as a hash stored before the cost was changed
        const older = await argon2.hash('admin-password', { type: argon2.argon2id, memoryCost: 2048, timeCost: 2, parallelism: 1 });
        await harness.query('UPDATE identity.users SET password_hash = $1 WHERE id = $2', [older, user.id]);
        const stored = async () =>
          (await harness.query<{ password_hash: string; session_version: number }>('SELECT password_hash, session_version FROM identity.users WHERE id = $1', [user.id]))[0];
        const before = await stored();

        // a wrong password changes nothing
        await rpcError(sut.send(AUTH_LOGIN, { username: 'older-cost-admin', password: 'not-the-password' }));
        expect((await stored()).password_hash).toBe(older);

        const first = await sut.send(AUTH_LOGIN, { username: 'older-cost-admin', password: 'admin-password' });
        const after = await stored();
        expect(after.password_hash).not.toBe(older);
        // made at the cost the harness sets
        const { PASSWORD_HASH_MEMORY_KIB: m, PASSWORD_HASH_ITERATIONS: t, PASSWORD_HASH_PARALLELISM: p } = TEST_PASSWORD_HASHING;
        expect(after.password_hash.startsWith(`$argon2id$v=19$m=${m},t=${t},p=${p}$`)).toBe(true);
        expect(after.session_version).toBe(before.session_version);
        // the same password signs in with the new hash, and the session signed in with the old one still works
        await expect(sut.send(AUTH_LOGIN, { username: 'older-cost-admin', password: 'admin-password' })).resolves.toMatchObject({ user: { id: user.id } });
        expect((await stored()).password_hash).toBe(after.password_hash);
        const claims = new JwtService({ secret: TEST_JWT_SECRET }).verify<TokenClaims>(first.token);
        await expect(sut.send(AUTH_ME, { principal: { userId: user.id, role: 'tenant_admin', tenantId: active, sessionVersion: claims.sv } })).resolves.toMatchObject({ id: user.id });
      });

      it('signs in a user of an active tenant with the tenant in the token', async () => {
        const login = await sut.send(AUTH_LOGIN, { username: 'active-admin', password: 'admin-password' });
        expect(login.user).toMatchObject({ username: 'active-admin', role: 'tenant_admin', tenantId: active });
        expect(new JwtService({ secret: TEST_JWT_SECRET }).verify<TokenClaims>(login.token)).toMatchObject({
          sub: login.user.id,
          role: 'tenant_admin',
          tenantId: active,
        });
      });

      it('refuses a disabled tenant with 403 and the disabled message', async () => {
        expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'disabled-admin', password: 'admin-password' }))).toMatchObject({
          statusCode: 403,
          reason: 'TENANT_DISABLED',
          message: TENANT_DISABLED_MESSAGE,
        });
      });

      it('refuses an expired tenant with 403 and the expired message', async () => {
        expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'expired-admin', password: 'admin-password' }))).toMatchObject({
          statusCode: 403,
          reason: 'TENANT_EXPIRED',
          message: TENANT_EXPIRED_MESSAGE,
        });
      });

      it('answers 401 Invalid credentials when the tenant no longer exists', async () => {
        expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'vanished-admin', password: 'admin-password' }))).toMatchObject({
          statusCode: 401,
          message: 'Invalid credentials',
        });
      });

      it('checks the password before asking tenancy', async () => {
        expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'disabled-admin', password: 'wrong-password' }))).toMatchObject({
          statusCode: 401,
        });
      });

      it('passes tenancy’s 503 on when tenancy is down, while the superadmin still signs in', async () => {
        await harness.stopCompanion('tenancy');
        expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'active-admin', password: 'admin-password' }))).toMatchObject({
          statusCode: 503,
          reason: 'SERVICE_UNAVAILABLE',
        });
        await expect(sut.send(AUTH_LOGIN, { username: SUPERADMIN.username, password: SUPERADMIN.password })).resolves.toHaveProperty('token');
        await harness.startCompanion('tenancy');
      });
    });
  });

  describe('me', () => {
    it('returns the principal’s user', async () => {
      await expect(sut.send(AUTH_ME, { principal: superadminPrincipal(superadminId) })).resolves.toMatchObject({
        id: superadminId,
        username: SUPERADMIN.username,
        role: 'superadmin',
      });
    });

    it('answers 401 for a user that no longer exists', async () => {
      expect(await rpcError(sut.send(AUTH_ME, { principal: superadminPrincipal(randomUUID()) }))).toMatchObject({
        statusCode: 401,
        message: 'User no longer exists',
      });
    });
  });

  describe('forgot and reset password', () => {
    const tenantId = randomUUID();
    let userId: string;

    beforeAll(async () => {
      tenantStatuses.set(tenantId, 'Active');
      tenantKeywords.set(tenantId, 'smemorati');
      userId = (await createTenantAdmin(tenantId, 'forgetful', 'Forgetful.User@Agency.test')).id;
    });

    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    const storedTokens = () =>
      harness.query<{ token_hash: string; email: string; used: boolean; expires_at: Date }>(
        'SELECT token_hash, email, used, expires_at FROM identity.password_reset_tokens WHERE user_id = $1 ORDER BY created_at',
        [userId],
      );
    const passwordHashOf = async () =>
      (await harness.query<{ password_hash: string }>('SELECT password_hash FROM identity.users WHERE id = $1', [userId]))[0]
        .password_hash;

    it('gives the same answer for an unknown address and sends nothing', async () => {
      await expect(sut.send(AUTH_FORGOT_PASSWORD, { email: 'nobody@nowhere.test' })).resolves.toEqual({
        message: FORGOT_PASSWORD_ANSWER,
      });
      expect(sentLinks()).toEqual([]);
    });

    it('stores only the hash of a one-hour token and mails the link (address matched case-insensitively)', async () => {
      const before = Date.now();
      await expect(sut.send(AUTH_FORGOT_PASSWORD, { email: '  forgetful.user@agency.TEST ' })).resolves.toEqual({
        message: FORGOT_PASSWORD_ANSWER,
      });

      expect(sentLinks()).toHaveLength(1);
      // the agency's keyword leads the reset page back to that agency's sign-in
      expect(sentLinks()[0]).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}&agency=smemorati$`));
      const token = tokenOf(sentLinks()[0]);
      const rows = await storedTokens();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ token_hash: hashResetToken(token), email: 'Forgetful.User@Agency.test', used: false });
      const lifetime = rows[0].expires_at.getTime() - before;
      expect(lifetime).toBeGreaterThan(59 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(61 * 60_000);
      const dump = JSON.stringify(await harness.query('SELECT * FROM identity.password_reset_tokens'));
      expect(dump).not.toContain(token);
    });

    it('resets the password once with a valid token; the token is then spent', async () => {
      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      const token = tokenOf(sentLinks()[0]);

      await expect(sut.send(AUTH_RESET_PASSWORD, { token, newPassword: 'brand-new-secret' })).resolves.toEqual({
        message: 'Password reimpostata',
      });
      expect(await rpcError(sut.send(AUTH_LOGIN, { username: 'forgetful', password: 'admin-password' }))).toMatchObject({ statusCode: 401 });
      expect(await rpcError(sut.send(AUTH_RESET_PASSWORD, { token, newPassword: 'another-secret' }))).toMatchObject({
        statusCode: 400,
        reason: 'RESET_LINK_INVALID',
        message: RESET_PASSWORD_INVALID,
      });
      expect(await passwordHashOf()).toMatch(/^\$argon2id\$/);
      expect((await storedTokens()).every((row) => row.used)).toBe(true);
    });

    it('lets only one of two concurrent resets with the same token win', async () => {
      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      const token = tokenOf(sentLinks()[0]);
      const results = await Promise.allSettled([
        sut.send(AUTH_RESET_PASSWORD, { token, newPassword: 'first-password' }),
        sut.send(AUTH_RESET_PASSWORD, { token, newPassword: 'second-password' }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    });

    it('refuses an expired token', async () => {
      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      const token = tokenOf(sentLinks()[0]);
      await harness.query(
        `UPDATE identity.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        hashResetToken(token),
      ]);
      const hashBefore = await passwordHashOf();

      expect(await rpcError(sut.send(AUTH_RESET_PASSWORD, { token, newPassword: 'too-late-secret' }))).toMatchObject({
        statusCode: 400,
        message: RESET_PASSWORD_INVALID,
      });
      expect(await passwordHashOf()).toBe(hashBefore);
    });

    it('refuses an unknown token, and a missing token or short password with their messages', async () => {
      expect(await rpcError(sut.send(AUTH_RESET_PASSWORD, { token: 'made-up-token', newPassword: 'secret-123' }))).toMatchObject({
        statusCode: 400,
        message: RESET_PASSWORD_INVALID,
      });
      expect(await rpcError(sut.send(AUTH_RESET_PASSWORD, { token: '', newPassword: '123' }))).toMatchObject({
        statusCode: 400,
        message: ['Token mancante', 'La password deve essere di almeno 6 caratteri.'],
      });
    });

    it('a reset password is the one that signs in, and the sessions signed in before it end', async () => {
      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      await sut.send(AUTH_RESET_PASSWORD, { token: tokenOf(sentLinks()[0]), newPassword: 'final-secret' });

      const after = await sut.send(AUTH_LOGIN, { username: 'forgetful', password: 'final-secret' });
      const claims = new JwtService({ secret: TEST_JWT_SECRET }).verify<TokenClaims>(after.token);
      const stale = { userId, role: 'tenant_admin' as const, tenantId, sessionVersion: claims.sv - 1 };
      expect(await rpcError(sut.send(AUTH_ME, { principal: stale }))).toMatchObject({ statusCode: 401, message: SESSION_ENDED_MESSAGE });
      await expect(sut.send(AUTH_ME, { principal: { ...stale, sessionVersion: claims.sv } })).resolves.toMatchObject({ id: userId });
    });

    it('a new link voids the older unused one: only the newest resets the password', async () => {
      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      const older = tokenOf(sentLinks()[0]);
      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      const newer = tokenOf(sentLinks()[1]);

      const unused = (await storedTokens()).filter((row) => !row.used);
      expect(unused.map((row) => row.token_hash)).toEqual([hashResetToken(newer)]);
      expect(await rpcError(sut.send(AUTH_RESET_PASSWORD, { token: older, newPassword: 'from-the-older-link' }))).toMatchObject({
        statusCode: 400,
        message: RESET_PASSWORD_INVALID,
      });
      await expect(sut.send(AUTH_RESET_PASSWORD, { token: newer, newPassword: 'from-the-newer-link' })).resolves.toEqual({
        message: 'Password reimpostata',
      });
    });

    it('two requests at once leave exactly one working link', async () => {
      await Promise.all([
        sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' }),
        sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' }),
      ]);
      expect(sentLinks()).toHaveLength(2);
      expect((await storedTokens()).filter((row) => !row.used)).toHaveLength(1);
    });

    it('deletes tokens a day past their expiry, used or not, when a link is requested; recent ones stay', async () => {
      const insertToken = (hash: string, expiredFor: string, used: boolean) =>
        harness.query(
          `INSERT INTO identity.password_reset_tokens (user_id, email, token_hash, expires_at, used)
           VALUES ($1, 'forgetful.user@agency.test', $2, now() - $3::interval, $4)`,
          [userId, hash, expiredFor, used],
        );
      await insertToken('stale-unused', '25 hours', false);
      await insertToken('stale-used', '2 days', true);
      await insertToken('recently-expired', '1 hour', true);

      await sut.send(AUTH_FORGOT_PASSWORD, { email: 'nobody-at-all@nowhere.test' });

      const hashes = (await storedTokens()).map((row) => row.token_hash);
      expect(hashes).not.toContain('stale-unused');
      expect(hashes).not.toContain('stale-used');
      expect(hashes).toContain('recently-expired');
    });

    it("names no agency in the superadmin's link", async () => {
      await sut.send(AUTH_FORGOT_PASSWORD, { email: SUPERADMIN.email });

      expect(sentLinks()).toHaveLength(1);
      expect(sentLinks()[0]).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    });

    it('still sends a working link, naming no agency, when tenancy cannot tell the agency', async () => {
      tenantStatuses.delete(tenantId);
      try {
        await sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' });
      } finally {
        tenantStatuses.set(tenantId, 'Active');
      }

      expect(sentLinks()).toHaveLength(1);
      expect(sentLinks()[0]).not.toContain('agency=');
      await expect(sut.send(AUTH_RESET_PASSWORD, { token: tokenOf(sentLinks()[0]), newPassword: 'without-agency' })).resolves.toEqual({
        message: 'Password reimpostata',
      });
    });

    it('a mail failure is logged, never revealed', async () => {
      mailer.mockRejectedValueOnce(new Error('SMTP down'));
      await expect(sut.send(AUTH_FORGOT_PASSWORD, { email: 'forgetful.user@agency.test' })).resolves.toEqual({
        message: FORGOT_PASSWORD_ANSWER,
      });
    });
  });
});
