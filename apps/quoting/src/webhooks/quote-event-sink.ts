import type { WebhookPayload } from '@quotebook/contracts';

/**
 * Where the customer loop reports what happened to a quote (sent, viewed, accepted, declined): the
 * webhooks queue each registered endpoint's delivery. `emit` never throws and never waits for an
 * endpoint: a delivery is a job, done outside the request that caused it.
 */
export abstract class QuoteEventSink {
  abstract emit(event: WebhookPayload): Promise<void>;
}
