import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX, withRedis } from '../common/redis';

/** Logged-out tokens stay refused until they would have expired anyway (a Redis deny-list). */
@Injectable()
export class TokenRevocationService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
  ) {}

  private key(jti: string): string {
    return `${this.prefix}revoked:${jti}`;
  }

  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    const ttl = Math.max(1, expiresAtSeconds - Math.floor(Date.now() / 1000));
    await withRedis(() => this.redis.set(this.key(jti), '1', 'EX', ttl));
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await withRedis(() => this.redis.exists(this.key(jti)))) === 1;
  }
}
