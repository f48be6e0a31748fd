import Redis from 'ioredis';
import { NatsSessionChangeSignal, RpcClient, sessionKeys, SessionStates } from '@quotebook/server-core';
import { TEST_NATS_URL, TEST_REDIS_URL } from '@quotebook/testing';
import { ForgotPasswordThrottleService, TooManyResetRequestsException } from './forgot-password-throttle.service';
import { LoginThrottleLimits, LoginThrottleService, TooManyLoginAttemptsException } from './login-throttle.service';
import { TokenRevocationService } from './token-revocation.service';

describe(LoginThrottleService.name, () => {
  const redis = new Redis(TEST_REDIS_URL);
  const limits: LoginThrottleLimits = {
    maxPerUsernameAndIp: 3,
    maxPerIp: 5,
    slowdownAfterPerUsername: 3,
    slowdownBaseMs: 100,
    slowdownMaxMs: 1000,
    windowSeconds: 60,
  };
  let prefix: string;
  let sut: LoginThrottleService;

  beforeEach(() => {
    prefix = `${process.env['REDIS_KEY_PREFIX']!}${Math.random()}:`;
    sut = new LoginThrottleService(redis, prefix, limits);
  });
  afterAll(() => redis.quit());

  const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (error: unknown) => error);

  it('counts before the check: of 20 parallel attempts of one pair exactly the limit get through', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => sut.begin('mario', '10.0.0.1')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(17);
    for (const { reason } of refused) expect(reason).toBeInstanceOf(TooManyLoginAttemptsException);
  });

  it('locks a username from one address, with the seconds left in the window; the same username elsewhere goes on', async () => {
    for (let i = 0; i < 3; i += 1) await sut.begin('Mario', '10.0.0.1');
    const blocked = await refusal(sut.begin('mario', '10.0.0.1'));
    expect(blocked).toBeInstanceOf(TooManyLoginAttemptsException);
    expect((blocked as TooManyLoginAttemptsException).retryAfterSeconds).toBeGreaterThan(55);
    expect((blocked as TooManyLoginAttemptsException).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((blocked as TooManyLoginAttemptsException).getStatus()).toBe(429);
    await expect(sut.begin('mario', '10.0.0.2')).resolves.toBeDefined();
    await expect(sut.begin('luigi', '10.0.0.1')).resolves.toBeDefined();
  });

  it('locks an address after its limit whatever the username', async () => {
    for (let i = 0; i < 5; i += 1) await sut.begin(`user${i}`, '10.0.0.9');
    expect(await refusal(sut.begin('someone-new', '10.0.0.9'))).toBeInstanceOf(TooManyLoginAttemptsException);
    await expect(sut.begin('someone-new', '10.0.0.10')).resolves.toBeDefined();
  });

  it('never locks a username alone: failures from many addresses only make each next attempt wait longer, up to the cap', async () => {
    const delays: number[] = [];
    for (let i = 0; i < 9; i += 1) delays.push((await sut.begin('superadmin', `10.0.3.${i}`)).delayMs);
    expect(delays).toEqual([0, 0, 0, 200, 400, 800, 1000, 1000, 1000]);
    await expect(sut.begin('superadmin', '10.0.4.1')).resolves.toEqual({ delayMs: 1000 });
  });

  it('a right password resets the pair and is not counted as a failure of the address or the username', async () => {
    for (let i = 0; i < 2; i += 1) await sut.begin('anna', '10.0.1.1');
    await sut.begin('anna', '10.0.1.1');
    await sut.succeeded('anna', '10.0.1.1');
    for (let i = 0; i < 3; i += 1) await sut.begin('anna', '10.0.1.1');
    expect(await redis.get(`${prefix}login-failures:ip:10.0.1.1`)).toBe('5');
    expect(await redis.get(`${prefix}login-failures:user:anna`)).toBe('5');
    expect(await refusal(sut.begin('anna', '10.0.1.1'))).toBeInstanceOf(TooManyLoginAttemptsException);
  });

  it('an attempt without a password verdict gives its count back', async () => {
    for (let i = 0; i < 3; i += 1) {
      await sut.begin('bruno', '10.0.5.1');
      await sut.abandoned('bruno', '10.0.5.1');
    }
    await expect(sut.begin('bruno', '10.0.5.1')).resolves.toEqual({ delayMs: 0 });
    expect(await redis.get(`${prefix}login-failures:pair:10.0.5.1|bruno`)).toBe('1');
  });

  it('counts across instances sharing Redis (gateway replicas)', async () => {
    const replica = new LoginThrottleService(redis, prefix, limits);
    await sut.begin('paolo', '10.0.2.1');
    await replica.begin('paolo', '10.0.2.1');
    await sut.begin('paolo', '10.0.2.1');
    expect(await refusal(replica.begin('paolo', '10.0.2.1'))).toBeInstanceOf(TooManyLoginAttemptsException);
    await sut.begin('paolo', '10.0.2.2');
    await expect(replica.begin('paolo', '10.0.2.3')).resolves.toEqual({ delayMs: 400 });
  });
});

describe(ForgotPasswordThrottleService.name, () => {
  const redis = new Redis(TEST_REDIS_URL);
  const limits = { maxPerEmail: 3, maxPerIp: 5, windowSeconds: 60 };
  let prefix: string;
  let sut: ForgotPasswordThrottleService;

  beforeEach(() => {
    prefix = `${process.env['REDIS_KEY_PREFIX']!}${Math.random()}:`;
    sut = new ForgotPasswordThrottleService(redis, prefix, limits);
  });
  afterAll(() => redis.quit());

  it('lets through at most the limit of parallel requests for one address (case and spaces do not matter)', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 41 }, (_, i) => sut.consume(i % 2 ? 'Anna@Example.test' : ' anna@example.test', `10.1.0.${i}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(TooManyResetRequestsException);
      expect((reason as TooManyResetRequestsException).retryAfterSeconds).toBeGreaterThan(55);
    }
  });

  it('limits one client address whatever the e-mail', async () => {
    for (let i = 0; i < 5; i += 1) await sut.consume(`someone${i}@example.test`, '10.1.1.1');
    await expect(sut.consume('another@example.test', '10.1.1.1')).rejects.toBeInstanceOf(TooManyResetRequestsException);
    await expect(sut.consume('another@example.test', '10.1.1.2')).resolves.toBeUndefined();
  });

  it('counts across instances sharing Redis (gateway replicas)', async () => {
    const replica = new ForgotPasswordThrottleService(redis, prefix, limits);
    await sut.consume('luca@example.test', '10.1.2.1');
    await replica.consume('luca@example.test', '10.1.2.2');
    await sut.consume('luca@example.test', '10.1.2.3');
    await expect(replica.consume('luca@example.test', '10.1.2.4')).rejects.toBeInstanceOf(TooManyResetRequestsException);
  });
});

describe(TokenRevocationService.name, () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = process.env['REDIS_KEY_PREFIX']!;
  // two processes' session states on the real bus: this gateway's, and another one listening
  const rpcs = [new RpcClient({ natsUrl: TEST_NATS_URL, timeoutMs: 2000 }), new RpcClient({ natsUrl: TEST_NATS_URL, timeoutMs: 2000 })];
  const unused = { userState: () => Promise.reject(new Error('not asked')), tenantState: () => Promise.reject(new Error('not asked')) };
  const [own, other] = rpcs.map((rpc) => new SessionStates(redis, prefix, unused, unused, 'Europe/Rome', new NatsSessionChangeSignal(rpc)));
  afterAll(async () => {
    await Promise.all(rpcs.map((rpc) => rpc.onApplicationShutdown()));
    await redis.quit();
  });

  it('remembers a revoked token until its expiry, under the key the session check reads, and announces it', async () => {
    await other.listenForChanges();
    const heard = new Promise<void>((resolve) => other.onChange(resolve));
    const sut = new TokenRevocationService(redis, prefix, own);
    const key = sessionKeys(prefix).revokedToken('jti-1');
    const exp = Math.floor(Date.now() / 1000) + 120;
    expect(await redis.exists(key)).toBe(0);
    await sut.revoke('jti-1', exp);
    expect(await redis.exists(key)).toBe(1);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    // another gateway drops what it trusted
    await expect(heard).resolves.toBeUndefined();
  });
});
