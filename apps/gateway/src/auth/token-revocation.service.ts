import { Inject, Injectable } from '@nestjs/common';
import { sessionKeys, SessionStates, withRedis } from '@quotebook/server-core';
import type Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX } from '../common/redis';

/**
 * Logged-out tokens stay refused until they would have expired anyway (a Redis deny-list, read by the
 * session check in the JWT strategy).
 */
@Injectable()
export class TokenRevocationService {
  private readonly keys: ReturnType<typeof sessionKeys>;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) prefix: string,
    private readonly sessions: SessionStates,
  ) {
    this.keys = sessionKeys(prefix);
  }

  async revoke(jti: string, expiresAtSeconds: number): Promise<void> {
    const ttl = Math.max(1, expiresAtSeconds - Math.floor(Date.now() / 1000));
    await withRedis(() => this.redis.set(this.keys.revokedToken(jti), '1', 'EX', ttl));
    // every gateway trusting the token's session without asking Redis drops it before logout answers
    await this.sessions.announceChange();
  }
}
