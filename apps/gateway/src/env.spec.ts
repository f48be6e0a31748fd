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

  it('serves metrics on its own port unless told, and opens /metrics on the API port only with a strong token', () => {
    const secret = randomBytes(32).toString('hex');
    const defaults = loadEnv(GatewayEnv, { JWT_SECRET: secret });
    expect([defaults.METRICS_PORT, defaults.METRICS_TOKEN]).toEqual([undefined, undefined]);
    const token = randomBytes(32).toString('hex');
    expect(loadEnv(GatewayEnv, { JWT_SECRET: secret, METRICS_PORT: '0', METRICS_TOKEN: token })).toMatchObject({ METRICS_PORT: 0, METRICS_TOKEN: token });
    for (const port of ['-1', '65536', 'nine']) expect(() => loadEnv(GatewayEnv, { JWT_SECRET: secret, METRICS_PORT: port })).toThrow(/METRICS_PORT/);
    for (const weak of ['metrics', 'change-me-0123456789abcdef0123456789']) {
      expect(() => loadEnv(GatewayEnv, { JWT_SECRET: secret, METRICS_TOKEN: weak })).toThrow(/METRICS_TOKEN/);
    }
  });
});
