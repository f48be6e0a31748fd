import { randomBytes } from 'node:crypto';
import { EnvValidationError, loadEnv } from '@quotebook/server-core';
import { GatewayEnv } from './env';

describe(GatewayEnv.name, () => {
  it('has defaults for everything but JWT_SECRET', () => {
    const secret = randomBytes(32).toString('hex');
    const sut = loadEnv(GatewayEnv, { JWT_SECRET: secret });
    expect(sut.JWT_SECRET).toBe(secret);
    expect(sut.PORT).toBe(3000);
  });

  it.each(['development', 'test', 'production'])('requires a strong JWT_SECRET when NODE_ENV=%s', (mode) => {
    expect(() => loadEnv(GatewayEnv, { NODE_ENV: mode })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv(GatewayEnv, { NODE_ENV: mode, JWT_SECRET: 'dev-only-change-me' })).toThrow(EnvValidationError);
    expect(() => loadEnv(GatewayEnv, { NODE_ENV: mode, JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET/);
  });
});
