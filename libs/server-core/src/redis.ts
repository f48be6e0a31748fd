import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { appError } from './app-error';

const logger = new Logger('Redis');

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

/**
 * Runs a Redis call; a Redis outage becomes a 503 naming the session store instead of an unexplained
 * 500. The client's own words ("Stream isn't writeable…") go to the log, not to the caller.
 */
export async function withRedis<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    logger.warn(`the session store (Redis) did not answer: ${(error as Error).message}`);
    throw appError('SERVICE_UNAVAILABLE', REDIS_UNAVAILABLE_MESSAGE);
  }
}

export const REDIS_UNAVAILABLE_MESSAGE = 'The session store (Redis) is unavailable; try again in a moment';
