import Redis from 'ioredis';
import { LOOP_MESSAGES } from '@quotebook/domain';
import { TEST_REDIS_URL } from '@quotebook/testing';
import { TooManyAttemptsException } from '../auth/attempt-counters';
import { type PublicQuoteLimits, PublicQuoteThrottleService } from './public-quote-throttle.service';

describe(PublicQuoteThrottleService.name, () => {
  const redis = new Redis(TEST_REDIS_URL);
  const limits: PublicQuoteLimits = { readsPerIp: 6, answersPerIp: 4, readsPerToken: 3, answersPerToken: 2 };
  const token = 'tok3n-of-a-quote-link-0123456789';
  let prefix: string;
  let sut: PublicQuoteThrottleService;

  beforeEach(() => {
    prefix = `${process.env['REDIS_KEY_PREFIX']!}${Math.random()}:`;
    sut = new PublicQuoteThrottleService(redis, prefix, limits);
  });
  afterAll(() => redis.quit());

  const refusal = (attempt: Promise<unknown>) => attempt.then(() => undefined, (error: unknown) => error as TooManyAttemptsException);

  it('counts before the look-up: of 20 parallel reads of one link exactly its limit get through', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => sut.read(`10.1.0.${index}`, token)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  });

  it('limits one address over every link, with a minute to wait and a message in both languages', async () => {
    for (let i = 0; i < 6; i += 1) await sut.read('10.2.0.1', `link-number-${i}-abcdefghijkl`);
    const refused = await refusal(sut.read('10.2.0.1', 'another-link-abcdefghijklmnop'));
    expect(refused).toBeInstanceOf(TooManyAttemptsException);
    expect(refused?.getStatus()).toBe(429);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused?.getResponse()).toEqual(expect.objectContaining({ message: LOOP_MESSAGES.publicTooManyRequests }));
    // another address reads on
    await expect(sut.read('10.2.0.2', 'another-link-abcdefghijklmnop')).resolves.toBeUndefined();
  });

  it('limits the answers to one link per hour, from any address', async () => {
    await sut.answer('10.3.0.1', token);
    await sut.answer('10.3.0.2', token);
    const refused = await refusal(sut.answer('10.3.0.3', token));
    expect(refused).toBeInstanceOf(TooManyAttemptsException);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(3600);
    // reads are counted apart
    await expect(sut.read('10.3.0.3', token)).resolves.toBeUndefined();
  });

  it('limits the answers from one address per minute, over every link', async () => {
    for (let i = 0; i < 4; i += 1) await sut.answer('10.4.0.1', `answered-link-${i}-abcdefghij`);
    const refused = await refusal(sut.answer('10.4.0.1', 'one-more-link-abcdefghijklmn'));
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('keeps no token in Redis: its counter is named by a hash', async () => {
    await sut.read('10.5.0.1', token);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    expect(keys.join(' ')).not.toContain(token);
  });
});
