import type Redis from 'ioredis';

/**
 * Takes a place among the agency's renders under way, across every worker process: drops the places
 * whose lease ran out (a worker killed in the middle of a job), keeps the place a job already holds,
 * and adds one when the agency has fewer than its limit. One script, so two workers cannot both take
 * the last place.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

interface LeaseCommands {
  takeAgencyLease(key: string, now: number, until: number, jobId: string, limit: number, ttlMs: number): Promise<number>;
}

export interface AgencyLeasesOptions {
  /** the Redis key prefix of the deployment (REDIS_KEY_PREFIX) */
  keyPrefix: string;
  /** renders of one agency at once, across every worker */
  perAgency: number;
  /** how long a place is held at most: longer than any render attempt, so only a dead worker's lapses */
  leaseMs: number;
}

/**
 * No agency can hold the shared queue: at most `perAgency` jobs of one agency render at once, whatever
 * the number of workers and their concurrency, so a slot is always left for the other agencies while
 * one agency's documents fail or run long. Each agency's places are a sorted set of job ids scored by
 * when their lease ends.
 */
export class AgencyLeases {
  private readonly redis: Redis & LeaseCommands;

  constructor(
    redis: Redis,
    private readonly options: AgencyLeasesOptions,
  ) {
    this.redis = redis as Redis & LeaseCommands;
    this.redis.defineCommand('takeAgencyLease', { numberOfKeys: 1, lua: TAKE });
  }

  private keyOf(tenantId: string): string {
    return `${this.options.keyPrefix}documents-worker:agency:${tenantId}`;
  }

  /** Whether the job may render now (it holds a place until `release`, or until its lease ends). */
  async take(tenantId: string, jobId: string): Promise<boolean> {
    const now = Date.now();
    const { perAgency, leaseMs } = this.options;
    return (await this.redis.takeAgencyLease(this.keyOf(tenantId), now, now + leaseMs, jobId, perAgency, leaseMs)) === 1;
  }

  async release(tenantId: string, jobId: string): Promise<void> {
    await this.redis.zrem(this.keyOf(tenantId), jobId);
  }
}
