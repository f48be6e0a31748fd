import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX } from '../common/redis';
import { consumeAttempt, minutesFrom, releaseAttempt, TooManyAttemptsException } from './attempt-counters';

export interface LoginThrottleLimits {
  /** failed sign-ins of one username from one client address before that pair gets 429 */
  maxPerUsernameAndIp: number;
  /** failed sign-ins from one client address, whatever the username, before it gets 429 */
  maxPerIp: number;
  /** failed sign-ins of one username from anywhere after which each attempt is slowed down */
  slowdownAfterPerUsername: number;
  /** the first slowed attempt waits twice this; each further one twice the one before */
  slowdownBaseMs: number;
  slowdownMaxMs: number;
  windowSeconds: number;
}
export const LOGIN_THROTTLE_LIMITS = Symbol('LOGIN_THROTTLE_LIMITS');

export class TooManyLoginAttemptsException extends TooManyAttemptsException {
  constructor(retryAfterSeconds: number) {
    super(`Too many failed login attempts. Try again in ${minutesFrom(retryAfterSeconds)} minute(s).`, retryAfterSeconds);
  }
}

/** An attempt that has been counted; `delayMs` is how long to wait before checking the password. */
export interface LoginAttempt {
  delayMs: number;
}

/**
 * Sign-in throttle, in Redis so that it holds across gateway replicas. Every attempt is counted as a
 * failure before the password is checked, in one atomic step that refuses it when a limit is reached,
 * so parallel attempts cannot get past the limit; an attempt that turns out not to be a wrong password
 * gives its count back. The username alone is never locked, since anyone can type it: it is only slowed
 * down, so that a stranger cannot keep the owner out. Locks apply to a username from one address, and to
 * one address whatever the username.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    @Inject(LOGIN_THROTTLE_LIMITS) private readonly limits: LoginThrottleLimits,
  ) {}

  private keys(username: string, ip: string) {
    const user = username.trim().toLowerCase();
    return {
      // an address never contains "|", so the pair key cannot be read two ways
      pair: `${this.prefix}login-failures:pair:${ip}|${user}`,
      ip: `${this.prefix}login-failures:ip:${ip}`,
      user: `${this.prefix}login-failures:user:${user}`,
    };
  }

  /** Counts the attempt, or throws 429 (with the seconds until the blocking window ends) without counting it. */
  async begin(username: string, ip: string): Promise<LoginAttempt> {
    const keys = this.keys(username, ip);
    const outcome = await consumeAttempt(
      this.redis,
      [
        { key: keys.pair, limit: this.limits.maxPerUsernameAndIp },
        { key: keys.ip, limit: this.limits.maxPerIp },
        { key: keys.user, limit: 0 },
      ],
      this.limits.windowSeconds,
    );
    if (!outcome.allowed) throw new TooManyLoginAttemptsException(outcome.retryAfterSeconds);
    return { delayMs: this.delayFor(outcome.counts[2]) };
  }

  /** Delay for the n-th attempt of a username within the window: 0 up to the threshold, then doubling up to the cap. */
  delayFor(attemptsOfUsername: number): number {
    const over = attemptsOfUsername - this.limits.slowdownAfterPerUsername;
    if (over <= 0) return 0;
    return Math.min(this.limits.slowdownBaseMs * 2 ** Math.min(over, 30), this.limits.slowdownMaxMs);
  }

  /** The right password: the pair starts afresh, and this attempt no longer counts for the address or the username. */
  async succeeded(username: string, ip: string): Promise<void> {
    const keys = this.keys(username, ip);
    await releaseAttempt(this.redis, [keys.ip, keys.user], [keys.pair]);
  }

  /** The attempt ended without a password verdict (service down, tenant refused): it does not count. */
  async abandoned(username: string, ip: string): Promise<void> {
    const keys = this.keys(username, ip);
    await releaseAttempt(this.redis, [keys.pair, keys.ip, keys.user]);
  }
}
