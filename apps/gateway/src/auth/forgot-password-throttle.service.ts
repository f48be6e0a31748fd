import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX } from '../common/redis';
import { consumeAttempt, minutesFrom, TooManyAttemptsException } from './attempt-counters';

export interface ForgotPasswordLimits {
  maxPerEmail: number;
  maxPerIp: number;
  windowSeconds: number;
}
export const FORGOT_PASSWORD_LIMITS = Symbol('FORGOT_PASSWORD_LIMITS');

export class TooManyResetRequestsException extends TooManyAttemptsException {
  constructor(retryAfterSeconds: number) {
    super(`Too many password reset requests. Try again in ${minutesFrom(retryAfterSeconds)} minute(s).`, retryAfterSeconds);
  }
}

/**
 * Limits reset requests per e-mail address and per client address, in Redis (shared by gateway
 * replicas). The address is counted as typed (normalised), before identity is asked, so the answer is
 * the same whether or not anybody owns it.
 */
@Injectable()
export class ForgotPasswordThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    @Inject(FORGOT_PASSWORD_LIMITS) private readonly limits: ForgotPasswordLimits,
  ) {}

  /** Counts the request, or throws 429 with the seconds until the blocking window ends. */
  async consume(email: string, ip: string): Promise<void> {
    const outcome = await consumeAttempt(
      this.redis,
      [
        { key: `${this.prefix}reset-requests:email:${email.trim().toLowerCase()}`, limit: this.limits.maxPerEmail },
        { key: `${this.prefix}reset-requests:ip:${ip}`, limit: this.limits.maxPerIp },
      ],
      this.limits.windowSeconds,
    );
    if (!outcome.allowed) throw new TooManyResetRequestsException(outcome.retryAfterSeconds);
  }
}
