import type Redis from 'ioredis';

/**
 * Takes a place in a sorted set of places, each scored by when its lease ends (Redis's own clock, so
 * hosts whose clocks differ agree): drops the places whose lease ended (their holder died or stopped
 * waiting), keeps a place its member already holds (renewing it), and adds one while fewer than the
 * limit are held. One script, so two takers cannot both take the last place.
 */
const TAKE_PLACE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

interface PlaceCommands {
  takeRedisPlace(key: string, member: string, limit: number, leaseMs: number): Promise<number>;
}

/**
 * At most `limit` holders of one key at once, across every process that shares the Redis: a counting
 * semaphore whose places lapse on their own when their lease ends, so a holder that dies never keeps
 * one. The documents service bounds an agency's documents under way with it, the document worker the
 * agency's renders.
 */
export class RedisPlaces {
  private readonly redis: Redis & PlaceCommands;

  constructor(redis: Redis) {
    this.redis = redis as Redis & PlaceCommands;
    this.redis.defineCommand('takeRedisPlace', { numberOfKeys: 1, lua: TAKE_PLACE });
  }

  /** Whether `member` holds a place of `key` now, until `release` or for `leaseMs` at most. */
  async take(key: string, member: string, limit: number, leaseMs: number): Promise<boolean> {
    return (await this.redis.takeRedisPlace(key, member, limit, leaseMs)) === 1;
  }

  async release(key: string, member: string): Promise<void> {
    await this.redis.zrem(key, member);
  }
}
