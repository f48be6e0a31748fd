import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { EnvValidationError, IsStrongSecret, isStrongSecret, loadEnv, MIN_SECRET_LENGTH } from './env';

class SecretEnv {
  @IsStrongSecret()
  SIGNING_SECRET!: string;
}

describe('IsStrongSecret', () => {
  it('accepts a random hex secret', () => {
    const secret = randomBytes(32).toString('hex');
    expect(loadEnv(SecretEnv, { SIGNING_SECRET: secret }).SIGNING_SECRET).toBe(secret);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['one character short', 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d'],
    ['the old development default', 'dev-only-change-me'],
    ['a placeholder of full length', 'change-me-0123456789abcdef0123456789'],
    ['a placeholder in capitals', 'PLEASE_CHANGEME_0123456789ABCDEF0123456789'],
    ['one character repeated', 'x'.repeat(MIN_SECRET_LENGTH)],
  ])('refuses a secret that is %s, naming the variable', (_case, value) => {
    const source = value === undefined ? {} : { SIGNING_SECRET: value };
    expect(() => loadEnv(SecretEnv, source)).toThrow(EnvValidationError);
    expect(() => loadEnv(SecretEnv, source)).toThrow(/SIGNING_SECRET/);
  });

  it('is exported as a plain check too', () => {
    expect(isStrongSecret(randomBytes(16).toString('hex'))).toBe(true);
    expect(isStrongSecret(42)).toBe(false);
  });
});
