import { EnvValidationError, loadEnv } from '@quotebook/server-core';
import { durationToSeconds, IdentityEnv } from './env';

describe(IdentityEnv.name, () => {
  it('has development defaults', () => {
    const sut = loadEnv(IdentityEnv, {});
    expect(sut.JWT_SECRET).toBe('dev-only-change-me');
    expect(sut.JWT_EXPIRES_IN).toBe('8h');
    expect(sut.SUPERADMIN_USERNAME).toBe('superadmin');
    expect(sut.SMTP_URL).toBeUndefined();
    expect(sut.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('refuses to start in production without a real secret', () => {
    expect(() => loadEnv(IdentityEnv, { NODE_ENV: 'production' })).toThrow(EnvValidationError);
    expect(() => loadEnv(IdentityEnv, { NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('accepts a long secret in production', () => {
    const sut = loadEnv(IdentityEnv, { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(sut.JWT_SECRET).toHaveLength(32);
  });

  it('rejects a malformed expiry and a non-SMTP mail URL', () => {
    expect(() => loadEnv(IdentityEnv, { JWT_EXPIRES_IN: 'eight hours' })).toThrow(/JWT_EXPIRES_IN/);
    expect(() => loadEnv(IdentityEnv, { SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
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
