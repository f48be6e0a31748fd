import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX, withRedis } from '../common/redis';

export interface LoginThrottleLimits {
  maxPerUsername: number;
  maxPerIp: number;
  windowSeconds: number;
}
export const LOGIN_THROTTLE_LIMITS = Symbol('LOGIN_THROTTLE_LIMITS');

export class TooManyLoginAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: `Too many failed login attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
        error: 'Too Many Requests',
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Counts failed logins per username and per client IP in Redis (so the limit holds across gateway
 * replicas). Each counter lives for one window from its first failure.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    @Inject(LOGIN_THROTTLE_LIMITS) private readonly limits: LoginThrottleLimits,
  ) {}

  private keys(username: string, ip: string) {
    return {
      user: `${this.prefix}login-failures:user:${username.trim().toLowerCase()}`,
      ip: `${this.prefix}login-failures:ip:${ip}`,
    };
  }

  /** Throws 429 (with the seconds until the window passes) when either counter is at its limit. */
  async assertAllowed(username: string, ip: string): Promise<void> {
    const keys = this.keys(username, ip);
    const [[, userCount], [, userTtl], [, ipCount], [, ipTtl]] = (await withRedis(() =>
      this.redis.multi().get(keys.user).ttl(keys.user).get(keys.ip).ttl(keys.ip).exec(),
    )) as [unknown, string | number | null][];
    const blocks: number[] = [];
    if (Number(userCount ?? 0) >= this.limits.maxPerUsername) blocks.push(Number(userTtl));
    if (Number(ipCount ?? 0) >= this.limits.maxPerIp) blocks.push(Number(ipTtl));
    if (blocks.length > 0) {
      throw new TooManyLoginAttemptsException(Math.max(1, ...blocks));
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const keys = this.keys(username, ip);
    const window = this.limits.windowSeconds;
    await withRedis(() =>
      this.redis
        .multi()
        .incr(keys.user)
        .expire(keys.user, window, 'NX')
        .incr(keys.ip)
        .expire(keys.ip, window, 'NX')
        .exec(),
    );
  }

  /** A successful login clears the username's counter (the IP's keeps counting). */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await withRedis(() => this.redis.del(this.keys(username, ip).user));
  }
}
