import { EnvValidationError, loadEnv } from '@quotebook/server-core';
import { durationToSeconds, IdentityEnv, MIN_SUPERADMIN_PASSWORD_LENGTH, PRODUCTION_PASSWORD_HASH_FLOOR } from './env';

const REQUIRED = { JWT_SECRET: 'f3a9c1d07b2e4a58961c0de7b4f2a9e1', SUPERADMIN_PASSWORD: 'n7-Ql2vX9pT4' };

describe(IdentityEnv.name, () => {
  it('has defaults for everything but the secrets', () => {
    const sut = loadEnv(IdentityEnv, REQUIRED);
    expect(sut.JWT_SECRET).toBe(REQUIRED.JWT_SECRET);
    expect(sut.JWT_EXPIRES_IN).toBe('8h');
    expect(sut.SUPERADMIN_USERNAME).toBe('superadmin');
    expect(sut.SMTP_URL).toBeUndefined();
    expect(sut.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it.each(['development', 'test', 'production'])('requires JWT_SECRET and SUPERADMIN_PASSWORD when NODE_ENV=%s', (mode) => {
    expect(() => loadEnv(IdentityEnv, { NODE_ENV: mode, SUPERADMIN_PASSWORD: REQUIRED.SUPERADMIN_PASSWORD })).toThrow(
      /JWT_SECRET/,
    );
    expect(() => loadEnv(IdentityEnv, { NODE_ENV: mode, JWT_SECRET: REQUIRED.JWT_SECRET })).toThrow(/SUPERADMIN_PASSWORD/);
  });

  it.each([
    ['the old development default', 'dev-only-change-me'],
    ['a short secret', 'a1b2c3d4e5'],
    ['a placeholder', 'change-me-to-a-long-random-value-0123456789'],
  ])('refuses %s as JWT_SECRET in every mode', (_case, secret) => {
    for (const mode of ['development', 'test', 'production']) {
      expect(() => loadEnv(IdentityEnv, { ...REQUIRED, NODE_ENV: mode, JWT_SECRET: secret })).toThrow(EnvValidationError);
    }
  });

  it('refuses the old superadmin default and a password shorter than the minimum', () => {
    expect(() => loadEnv(IdentityEnv, { ...REQUIRED, SUPERADMIN_PASSWORD: 'superadmin123' })).toThrow(/SUPERADMIN_PASSWORD/);
    expect(() =>
      loadEnv(IdentityEnv, { ...REQUIRED, SUPERADMIN_PASSWORD: 'x'.repeat(MIN_SUPERADMIN_PASSWORD_LENGTH - 1) }),
    ).toThrow(/SUPERADMIN_PASSWORD/);
  });

  it('rejects a malformed expiry and a non-SMTP mail URL', () => {
    expect(() => loadEnv(IdentityEnv, { ...REQUIRED, JWT_EXPIRES_IN: 'eight hours' })).toThrow(/JWT_EXPIRES_IN/);
    expect(() => loadEnv(IdentityEnv, { ...REQUIRED, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  describe('the password hash cost', () => {
    const CHEAP = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_ITERATIONS: '1', PASSWORD_HASH_PARALLELISM: '1' };

    it("is argon2's own default unless set: 64 MiB, 3 passes, 4 lanes", () => {
      for (const mode of ['development', 'test', 'production']) {
        const sut = loadEnv(IdentityEnv, { ...REQUIRED, NODE_ENV: mode });
        expect([sut.PASSWORD_HASH_MEMORY_KIB, sut.PASSWORD_HASH_ITERATIONS, sut.PASSWORD_HASH_PARALLELISM]).toEqual([65_536, 3, 4]);
      }
    });

    it('may be lowered outside production', () => {
      for (const mode of ['development', 'test']) {
        const sut = loadEnv(IdentityEnv, { ...REQUIRED, ...CHEAP, NODE_ENV: mode });
        expect([sut.PASSWORD_HASH_MEMORY_KIB, sut.PASSWORD_HASH_ITERATIONS, sut.PASSWORD_HASH_PARALLELISM]).toEqual([1024, 1, 1]);
      }
    });

    it("is refused in production below OWASP's minimum, naming the setting", () => {
      const production = { ...REQUIRED, NODE_ENV: 'production' };
      expect(() => loadEnv(IdentityEnv, { ...production, PASSWORD_HASH_MEMORY_KIB: '19455' })).toThrow(/PASSWORD_HASH_MEMORY_KIB must be at least 19456/);
      expect(() => loadEnv(IdentityEnv, { ...production, PASSWORD_HASH_ITERATIONS: '1' })).toThrow(/PASSWORD_HASH_ITERATIONS must be at least 2/);
      const floor = loadEnv(IdentityEnv, {
        ...production,
        PASSWORD_HASH_MEMORY_KIB: String(PRODUCTION_PASSWORD_HASH_FLOOR.PASSWORD_HASH_MEMORY_KIB),
        PASSWORD_HASH_ITERATIONS: String(PRODUCTION_PASSWORD_HASH_FLOOR.PASSWORD_HASH_ITERATIONS),
        PASSWORD_HASH_PARALLELISM: '1',
      });
      expect(floor.PASSWORD_HASH_MEMORY_KIB).toBe(19_456);
    });

    it.each([
      ['PASSWORD_HASH_MEMORY_KIB', '512'],
      ['PASSWORD_HASH_MEMORY_KIB', 'lots'],
      ['PASSWORD_HASH_ITERATIONS', '0'],
      ['PASSWORD_HASH_PARALLELISM', '17'],
    ])('refuses %s=%s in every mode', (name, value) => {
      for (const mode of ['development', 'test', 'production']) {
        expect(() => loadEnv(IdentityEnv, { ...REQUIRED, NODE_ENV: mode, [name]: value })).toThrow(new RegExp(name));
      }
    });
  });
});

describe('durationToSeconds', () => {
  it.each([
    ['8h', 28_800],
    ['30m', 1_800],
    ['2d', 172_800],
    ['45s', 45],
    ['3600', 3_600],
  ])('%s is %i seconds', (duration, seconds) => {
    expect(durationToSeconds(duration)).toBe(seconds);
  });
});
