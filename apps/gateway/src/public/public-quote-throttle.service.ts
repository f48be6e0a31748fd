import { Inject, Injectable } from '@nestjs/common';
import { LOOP_MESSAGES } from '@quotebook/domain';
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { consumeAttempt, TooManyAttemptsException } from '../auth/attempt-counters';
import { REDIS, REDIS_KEY_PREFIX } from '../common/redis';

export interface PublicQuoteLimits {
  readsPerIp: number;
  answersPerIp: number;
  readsPerToken: number;
  answersPerToken: number;
}
export const PUBLIC_QUOTE_LIMITS = Symbol('PUBLIC_QUOTE_LIMITS');

const MINUTE = 60;
const HOUR = 3600;

/**
 * Limits what one client address and one link may ask of the public quote page, in Redis (shared by
 * the gateway's replicas), counted before the link is looked up: reads per minute, answers per minute
 * from one address and per hour on one link. A token is counted by its hash, never kept as typed.
 */
@Injectable()
export class PublicQuoteThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    @Inject(PUBLIC_QUOTE_LIMITS) private readonly limits: PublicQuoteLimits,
  ) {}

  /** Counts a read of the page or its PDF, or throws 429 with the seconds to wait. */
  async read(ip: string, token: string): Promise<void> {
    await this.consume(
      [
        { key: this.key('reads:ip', ip), limit: this.limits.readsPerIp },
        { key: this.key('reads:token', tokenKey(token)), limit: this.limits.readsPerToken },
      ],
      MINUTE,
    );
  }

  /** Counts an answer (accept or decline), or throws 429 with the seconds to wait. */
  async answer(ip: string, token: string): Promise<void> {
    await this.consume([{ key: this.key('answers:ip', ip), limit: this.limits.answersPerIp }], MINUTE);
    await this.consume([{ key: this.key('answers:token', tokenKey(token)), limit: this.limits.answersPerToken }], HOUR);
  }

  private key(kind: string, value: string): string {
    return `${this.prefix}public-quote:${kind}:${value}`;
  }

  private async consume(counters: { key: string; limit: number }[], windowSeconds: number): Promise<void> {
    const outcome = await consumeAttempt(this.redis, counters, windowSeconds);
    if (!outcome.allowed) throw new TooManyAttemptsException(LOOP_MESSAGES.publicTooManyRequests, outcome.retryAfterSeconds);
  }
}

/** A link's counter name: its hash, so Redis never holds a token that would open the page. */
const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 32);
