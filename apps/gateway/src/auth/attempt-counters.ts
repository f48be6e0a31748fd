import { HttpException, HttpStatus } from '@nestjs/common';
import type Redis from 'ioredis';
import { withRedis } from '../common/redis';

/**
 * Takes one attempt from a set of counters in one atomic step: when any counter with a limit has
 * reached it, nothing is counted and the seconds until the longest of those blocking windows ends are
 * returned; otherwise every counter is incremented (each lives one window from its first attempt) and
 * the new values are returned. A limit of 0 means the counter never blocks, it only counts.
 */
const CONSUME_SCRIPT = `
local window = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i + 1])
  if limit > 0 and tonumber(redis.call('GET', key) or '0') >= limit then
    local ttl = redis.call('TTL', key)
    if ttl < 1 then
      redis.call('EXPIRE', key, window)
      ttl = window
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return {0, wait} end
local counts = {1}
for i, key in ipairs(KEYS) do
  counts[i + 1] = redis.call('INCR', key)
  redis.call('EXPIRE', key, window, 'NX')
end
return counts
`;

/**
 * Gives back one attempt to each of the first ARGV[1] counters that still holds one (a counter may have
 * expired meanwhile) and deletes the remaining keys.
 */
const RELEASE_SCRIPT = `
local released = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  if i > released then
    redis.call('DEL', key)
  elseif tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
  end
end
return 0
`;

export interface AttemptCounter {
  key: string;
  /** attempts per window before 429; 0 = count only */
  limit: number;
}

export type AttemptOutcome = { allowed: true; counts: number[] } | { allowed: false; retryAfterSeconds: number };

export async function consumeAttempt(redis: Redis, counters: AttemptCounter[], windowSeconds: number): Promise<AttemptOutcome> {
  const reply = (await withRedis(() =>
    redis.eval(
      CONSUME_SCRIPT,
      counters.length,
      ...counters.map((counter) => counter.key),
      windowSeconds,
      ...counters.map((counter) => counter.limit),
    ),
  )) as number[];
  const [allowed, ...rest] = reply;
  return allowed === 1 ? { allowed: true, counts: rest } : { allowed: false, retryAfterSeconds: rest[0] };
}

/** Gives one attempt back to each of `keys` and resets the counters `reset`, in one atomic step. */
export async function releaseAttempt(redis: Redis, keys: string[], reset: string[] = []): Promise<void> {
  await withRedis(() => redis.eval(RELEASE_SCRIPT, keys.length + reset.length, ...keys, ...reset, keys.length));
}

/** 429 with the seconds to wait; the HTTP error filter turns `retryAfterSeconds` into a Retry-After header. */
export class TooManyAttemptsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message, error: 'Too Many Requests' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

export const minutesFrom = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
