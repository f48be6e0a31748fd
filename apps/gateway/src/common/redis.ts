import { Inject, Injectable, OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');
export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');

/** Fails fast while Redis is down (no offline queue) and keeps reconnecting in the background. */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  redis.on('error', () => undefined);
  return redis;
}

/** Runs a Redis call; a Redis outage becomes a 503 instead of an unexplained 500. */
export async function withRedis<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new ServiceUnavailableException(`The session store (Redis) is unavailable: ${(error as Error).message}`);
  }
}

@Injectable()
export class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
