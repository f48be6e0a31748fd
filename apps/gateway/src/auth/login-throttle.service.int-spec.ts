import Redis from 'ioredis';
import { TEST_REDIS_URL } from '@quotebook/testing';
import { LoginThrottleService, TooManyLoginAttemptsException } from './login-throttle.service';
import { TokenRevocationService } from './token-revocation.service';

describe(LoginThrottleService.name, () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = process.env['REDIS_KEY_PREFIX']!;
  let sut: LoginThrottleService;

  beforeEach(() => {
    sut = new LoginThrottleService(redis, `${prefix}${Math.random()}:`, { maxPerUsername: 3, maxPerIp: 5, windowSeconds: 60 });
  });
  afterAll(() => redis.quit());

  it('blocks a username after its limit, with the seconds left in the window', async () => {
    for (let i = 0; i < 3; i += 1) {
      await sut.assertAllowed('Mario', '10.0.0.1');
      await sut.recordFailure('mario', '10.0.0.1');
    }
    const blocked = await sut.assertAllowed('mario', '10.0.0.2').catch((error: unknown) => error);
    expect(blocked).toBeInstanceOf(TooManyLoginAttemptsException);
    expect((blocked as TooManyLoginAttemptsException).retryAfterSeconds).toBeGreaterThan(55);
    expect((blocked as TooManyLoginAttemptsException).getStatus()).toBe(429);
    await expect(sut.assertAllowed('luigi', '10.0.0.2')).resolves.toBeUndefined();
  });

  it('blocks an address after its limit whatever the username', async () => {
    for (let i = 0; i < 5; i += 1) await sut.recordFailure(`user${i}`, '10.0.0.9');
    await expect(sut.assertAllowed('someone-new', '10.0.0.9')).rejects.toBeInstanceOf(TooManyLoginAttemptsException);
    await expect(sut.assertAllowed('someone-new', '10.0.0.10')).resolves.toBeUndefined();
  });

  it('a success clears the username counter', async () => {
    for (let i = 0; i < 3; i += 1) await sut.recordFailure('anna', '10.0.1.1');
    await sut.recordSuccess('anna', '10.0.1.1');
    await expect(sut.assertAllowed('anna', '10.0.1.2')).resolves.toBeUndefined();
  });

  it('counts across instances sharing Redis (gateway replicas)', async () => {
    const replica = new LoginThrottleService(redis, (sut as unknown as { prefix: string }).prefix, {
      maxPerUsername: 3,
      maxPerIp: 5,
      windowSeconds: 60,
    });
    await sut.recordFailure('paolo', '10.0.2.1');
    await replica.recordFailure('paolo', '10.0.2.2');
    await sut.recordFailure('paolo', '10.0.2.3');
    await expect(replica.assertAllowed('paolo', '10.0.2.4')).rejects.toBeInstanceOf(TooManyLoginAttemptsException);
  });
});

describe(TokenRevocationService.name, () => {
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(() => redis.quit());

  it('remembers a revoked token until its expiry', async () => {
    const sut = new TokenRevocationService(redis, process.env['REDIS_KEY_PREFIX']!);
    const exp = Math.floor(Date.now() / 1000) + 120;
    expect(await sut.isRevoked('jti-1')).toBe(false);
    await sut.revoke('jti-1', exp);
    expect(await sut.isRevoked('jti-1')).toBe(true);
    const ttl = await redis.ttl(`${process.env['REDIS_KEY_PREFIX']}revoked:jti-1`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
  });
});
