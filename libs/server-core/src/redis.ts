import Redis from 'ioredis';
import { appError } from './app-error';

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

/** Runs a Redis call; a Redis outage becomes a 503 naming the session store instead of an unexplained 500. */
export async function withRedis<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw appError('SERVICE_UNAVAILABLE', `The session store (Redis) is unavailable: ${(error as Error).message}`);
  }
}
