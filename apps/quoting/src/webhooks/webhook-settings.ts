import type { QuotingEnv } from '../env';

/** How webhooks are delivered, read once from the service's settings. */
export class WebhookSettings {
  constructor(
    readonly redisUrl: string,
    readonly redisKeyPrefix: string,
    /** private, loopback and link-local targets allowed (tests only) */
    readonly allowPrivateTargets: boolean,
    /** the first retry's delay; each next one waits twice as long */
    readonly retryBaseMs: number,
    /** one attempt's limit */
    readonly timeoutMs: number,
  ) {}

  static of(env: QuotingEnv): WebhookSettings {
    return new WebhookSettings(env.REDIS_URL, env.REDIS_KEY_PREFIX, env.WEBHOOKS_ALLOW_PRIVATE_TARGETS, env.WEBHOOK_RETRY_BASE_MS, env.WEBHOOK_TIMEOUT_MS);
  }
}
