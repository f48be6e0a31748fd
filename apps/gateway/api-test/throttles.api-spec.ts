import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FORGOT_PASSWORD_ANSWER, RESET_PASSWORD_INVALID } from '@quotebook/contracts';
import { eventually, queryDatabase, startIsolatedStack, SUPERADMIN } from '@quotebook/testing';
import { api, ApiResponse, createTenantWithAdmin, login } from './http';

jest.setTimeout(120_000);

const SLOWDOWN_BASE_MS = 100;
const SLOWDOWN_MAX_MS = 800;

/**
 * This file runs its own stack: it trusts X-Forwarded-For so that each test can speak from client
 * addresses of its own, and it spends throttle budgets the shared stack's tests must keep.
 */
describe('throttles on sign-in and password reset', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let superadmin: string;
  let addressCount = 0;
  /** a client address no other test uses */
  const newAddress = () => {
    addressCount += 1;
    return `10.20.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
  };
  const from = (address: string) => ({ 'x-forwarded-for': address });

  const signIn = (username: string, password: string, address: string) =>
    api('POST', '/api/auth/login', { body: { username, password }, headers: from(address), base });
  const forgotPassword = (email: string, address: string) =>
    api('POST', '/api/auth/forgot-password', { body: { email }, headers: from(address), base });
  const statuses = (responses: ApiResponse[]) =>
    responses.reduce<Record<number, number>>((count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }), {});

  /** Without SMTP the identity service logs each reset link; the links sent to this address so far. */
  const resetTokensSentTo = (email: string) =>
    readFileSync(path.join(started.logDir, 'identity.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes(email) && line.includes('/reset-password?token='))
      .map((line) => line.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1]);
  const storedResetTokens = (email: string) =>
    queryDatabase<{ used: boolean }>(started.database.url, 'SELECT used FROM identity.password_reset_tokens WHERE lower(email) = lower($1)', [
      email,
    ]);

  beforeAll(async () => {
    started = await startIsolatedStack('thr', {
      TRUST_PROXY: 'true',
      LOGIN_SLOWDOWN_BASE_MS: String(SLOWDOWN_BASE_MS),
      LOGIN_SLOWDOWN_MAX_MS: String(SLOWDOWN_MAX_MS),
    });
    base = started.stack.baseUrl;
    superadmin = await login(SUPERADMIN.username, SUPERADMIN.password, base);
  });

  afterAll(async () => {
    await started?.stop();
  });

  describe('sign-in', () => {
    it('of 20 parallel wrong passwords for one username from one address, exactly 10 reach the password check', async () => {
      const { payload } = await createTenantWithAdmin(superadmin, {}, base);
      const address = newAddress();

      const responses = await Promise.all(Array.from({ length: 20 }, () => signIn(payload.adminUsername, 'wrong-guess', address)));

      expect(statuses(responses)).toEqual({ 401: 10, 429: 10 });
      for (const refused of responses.filter(({ status }) => status === 429)) {
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(800);
        expect(retryAfter).toBeLessThanOrEqual(900);
        expect(refused.body.message).toMatch(/Too many failed login attempts/);
      }
      // the pair stays locked, even for the right password
      expect((await signIn(payload.adminUsername, payload.adminPassword, address)).status).toBe(429);
    });

    it('a stranger failing from other addresses cannot lock the owner out: the superadmin still signs in, only slower', async () => {
      const stranger = newAddress();
      const strangerResponses: ApiResponse[] = [];
      for (let attempt = 0; attempt < 15; attempt += 1) strangerResponses.push(await signIn(SUPERADMIN.username, 'guessing', stranger));
      expect(statuses(strangerResponses)).toEqual({ 401: 10, 429: 5 });

      // a second stranger's tries still reach the check, each one slowed down more than the one before
      const otherStranger = newAddress();
      const durations: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const began = Date.now();
        expect((await signIn(SUPERADMIN.username, 'guessing', otherStranger)).status).toBe(401);
        durations.push(Date.now() - began);
      }
      expect(durations[0]).toBeGreaterThanOrEqual(2 * SLOWDOWN_BASE_MS);
      expect(durations[1]).toBeGreaterThanOrEqual(4 * SLOWDOWN_BASE_MS);
      expect(durations[2]).toBeGreaterThanOrEqual(SLOWDOWN_MAX_MS);

      const began = Date.now();
      const owner = await signIn(SUPERADMIN.username, SUPERADMIN.password, newAddress());
      expect(owner.status).toBe(200);
      expect(owner.body.user.role).toBe('superadmin');
      expect(Date.now() - began).toBeGreaterThanOrEqual(SLOWDOWN_MAX_MS);
      // the stranger's own address stays locked
      expect((await signIn(SUPERADMIN.username, SUPERADMIN.password, stranger)).status).toBe(429);
    });

    it('locks one address after 100 failures whatever the username', async () => {
      const address = newAddress();
      const responses: ApiResponse[] = [];
      for (let batch = 0; batch < 10; batch += 1) {
        responses.push(
          ...(await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(`nobody-${batch}-${i}`, 'whatever', address)))),
        );
      }
      expect(statuses(responses)).toEqual({ 401: 100 });
      expect((await signIn('yet-another-name', 'whatever', address)).status).toBe(429);
      expect((await signIn('yet-another-name', 'whatever', newAddress())).status).toBe(401);
    });

    it('right passwords do not count as failures', async () => {
      const { payload } = await createTenantWithAdmin(superadmin, {}, base);
      const address = newAddress();
      for (let round = 0; round < 2; round += 1) {
        for (let attempt = 0; attempt < 9; attempt += 1) {
          expect((await signIn(payload.adminUsername, 'typo', address)).status).toBe(401);
        }
        expect((await signIn(payload.adminUsername, payload.adminPassword, address)).status).toBe(200);
      }
    });
  });

  describe('forgot-password', () => {
    it('of 41 requests in a burst for one address, 3 issue a token and the rest are 429, the same for an unknown address', async () => {
      const { payload } = await createTenantWithAdmin(superadmin, {}, base);
      const unknownEmail = `nobody-${Date.now()}@nowhere.example`;

      const [known, unknown] = await Promise.all([
        Promise.all(Array.from({ length: 41 }, () => forgotPassword(payload.adminEmail, newAddress()))),
        Promise.all(Array.from({ length: 41 }, () => forgotPassword(unknownEmail, newAddress()))),
      ]);

      expect(statuses(known)).toEqual({ 200: 3, 429: 38 });
      expect(statuses(unknown)).toEqual({ 200: 3, 429: 38 });
      expect((await storedResetTokens(payload.adminEmail)).length).toBe(3);
      expect(await storedResetTokens(unknownEmail)).toEqual([]);
      const refusedKnown = known.find(({ status }) => status === 429)!;
      const refusedUnknown = unknown.find(({ status }) => status === 429)!;
      expect(refusedKnown.body).toEqual(refusedUnknown.body);
      expect(refusedKnown.body.message).toMatch(/Too many password reset requests/);
      expect(Number(refusedKnown.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(known.find(({ status }) => status === 200)!.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(unknown.find(({ status }) => status === 200)!.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      // the address is counted however it is typed
      expect((await forgotPassword(`  ${payload.adminEmail.toUpperCase()} `, newAddress())).status).toBe(429);
    });

    it('limits one client address to 20 requests whatever the e-mail', async () => {
      const address = newAddress();
      const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => forgotPassword(`someone-${i}@nowhere.example`, address)));
      expect(statuses(responses)).toEqual({ 200: 20, 429: 5 });
      expect((await forgotPassword('someone-else@nowhere.example', newAddress())).status).toBe(200);
    });

    it('a new link voids the older unused one', async () => {
      const { payload } = await createTenantWithAdmin(superadmin, {}, base);
      expect((await forgotPassword(payload.adminEmail, newAddress())).status).toBe(200);
      const older = await eventually(async () => {
        const [token] = resetTokensSentTo(payload.adminEmail);
        if (!token) throw new Error('no reset link logged yet');
        return token;
      });
      expect((await forgotPassword(payload.adminEmail, newAddress())).status).toBe(200);
      const newer = await eventually(async () => {
        const tokens = resetTokensSentTo(payload.adminEmail);
        if (tokens.length < 2) throw new Error('no second reset link logged yet');
        return tokens[1];
      });

      const refused = await api('POST', '/api/auth/reset-password', { body: { token: older, newPassword: 'from-older-link' }, base });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(RESET_PASSWORD_INVALID);
      const reset = await api('POST', '/api/auth/reset-password', { body: { token: newer, newPassword: 'from-newer-link' }, base });
      expect(reset.status).toBe(200);
      expect((await signIn(payload.adminUsername, 'from-newer-link', newAddress())).status).toBe(200);
    });
  });

  describe('Cache-Control: no-store on every auth answer', () => {
    it('on sign-in, me, logout, forgot and reset password, errors included', async () => {
      const address = newAddress();
      const token = await login(SUPERADMIN.username, SUPERADMIN.password, base);
      const answers: Array<[string, number, ApiResponse]> = [
        ['login', 200, await signIn(SUPERADMIN.username, SUPERADMIN.password, address)],
        ['login', 401, await signIn('nobody-here', 'whatever', address)],
        ['login', 400, await api('POST', '/api/auth/login', { body: {}, base })],
        ['login, malformed JSON', 400, await api('POST', '/api/auth/login', { rawBody: '{"username":', headers: { 'content-type': 'application/json' }, base })],
        ['me', 200, await api('GET', '/api/auth/me', { token, base })],
        ['me', 401, await api('GET', '/api/auth/me', { base })],
        ['forgot-password', 200, await forgotPassword('nobody-else@nowhere.example', address)],
        ['reset-password', 400, await api('POST', '/api/auth/reset-password', { body: { token: 'made-up', newPassword: 'secret-1' }, base })],
        ['logout', 200, await api('POST', '/api/auth/logout', { token, base })],
      ];
      const locked = newAddress();
      for (let attempt = 0; attempt < 10; attempt += 1) await signIn('nobody-here', 'whatever', locked);
      answers.push(['login', 429, await signIn('nobody-here', 'whatever', locked)]);

      for (const [name, status, response] of answers) {
        expect([name, response.status, response.headers.get('cache-control')]).toEqual([name, status, 'no-store']);
      }
    });
  });
});
