import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';

export { createRedis, withRedis } from '@quotebook/server-core';

export const REDIS = Symbol('REDIS');
export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');

@Injectable()
export class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
