import { RedisPlaces } from '@quotebook/server-core';
import type Redis from 'ioredis';

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
 * one agency's documents fail or run long. Each agency's places are held by job id (a retry of the
 * same job keeps its place).
 */
export class AgencyLeases {
  private readonly places: RedisPlaces;

  constructor(
    redis: Redis,
    private readonly options: AgencyLeasesOptions,
  ) {
    this.places = new RedisPlaces(redis);
  }

  private keyOf(tenantId: string): string {
    return `${this.options.keyPrefix}documents-worker:agency:${tenantId}`;
  }

  /** Whether the job may render now (it holds a place until `release`, or until its lease ends). */
  take(tenantId: string, jobId: string): Promise<boolean> {
    return this.places.take(this.keyOf(tenantId), jobId, this.options.perAgency, this.options.leaseMs);
  }

  release(tenantId: string, jobId: string): Promise<void> {
    return this.places.release(this.keyOf(tenantId), jobId);
  }
}
