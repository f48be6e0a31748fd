import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { documentQueuePrefix, type WebhookPayload } from '@quotebook/contracts';
import { createRedis, currentRequestId, type RequestIdOfJob } from '@quotebook/server-core';
import { withTenant } from '@quotebook/server-core/service';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { QuoteEventSink } from './quote-event-sink';
import { WebhookSettings } from './webhook-settings';

export const WEBHOOK_QUEUE = 'webhooks';

/** Attempts of one delivery, the first included: with a 2 s base the last comes about a minute after the first. */
export const WEBHOOK_ATTEMPTS = 6;

/**
 * What a delivery job carries: where its row is (the row holds the payload; the endpoint holds the
 * secret), and the request whose change it tells of.
 */
export interface WebhookJobData extends RequestIdOfJob {
  tenantId: string;
  deliveryId: string;
}

/** The stack's BullMQ keys all start with one prefix (the documents' queue's too). */
export const webhookQueuePrefix = (redisKeyPrefix: string) => documentQueuePrefix(redisKeyPrefix);

/**
 * The webhooks' side of the customer loop: each event becomes a pending delivery per endpoint of the
 * agency subscribed to it, and a job per delivery that the webhook worker sends. Nothing here waits
 * for an endpoint, and nothing is thrown at the caller: the quote's own change has happened whatever
 * becomes of its webhooks. While Redis is down the deliveries are recorded and stay pending.
 */
@Injectable()
export class WebhookEventSink extends QuoteEventSink implements OnModuleDestroy {
  private readonly logger = new Logger('webhooks');
  private readonly connection: Redis;
  private readonly queue: Queue<WebhookJobData>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: WebhookSettings,
  ) {
    super();
    // no offline queue: while Redis is down an add fails at once instead of holding the caller
    this.connection = createRedis(settings.redisUrl);
    this.queue = new Queue<WebhookJobData>(WEBHOOK_QUEUE, { connection: this.connection, prefix: webhookQueuePrefix(settings.redisKeyPrefix) });
    let lastError = '';
    this.queue.on('error', (error) => {
      if (error.message !== lastError) this.logger.warn(`webhook queue: ${error.message}`);
      lastError = error.message;
    });
  }

  async emit(payload: WebhookPayload): Promise<void> {
    let deliveryIds: string[];
    try {
      deliveryIds = await withTenant(this.dataSource, payload.tenantId, async (manager) => {
        const rows: { id: string }[] = await manager.query(
          `INSERT INTO quoting.webhook_deliveries (tenant_id, webhook_id, event, quote_id, revision, payload)
           SELECT tenant_id, id, $2::text, $3::uuid, $4::integer, $5::jsonb
             FROM quoting.webhooks
            WHERE tenant_id = $1 AND $2::text = ANY (events)
           RETURNING id`,
          [payload.tenantId, payload.event, payload.quoteId, payload.revision, payload],
        );
        return rows.map((row) => row.id);
      });
    } catch (error) {
      this.logger.error(`${payload.event} of quote ${payload.quoteId}: the deliveries were not recorded (${(error as Error).message})`);
      return;
    }
    if (deliveryIds.length === 0) return;
    try {
      await this.queue.addBulk(
        deliveryIds.map((deliveryId) => ({
          name: payload.event,
          data: { tenantId: payload.tenantId, deliveryId, requestId: currentRequestId() },
          opts: {
            jobId: deliveryId,
            attempts: WEBHOOK_ATTEMPTS,
            backoff: { type: 'exponential', delay: this.settings.retryBaseMs },
            removeOnComplete: { age: 3600, count: 1000 },
            removeOnFail: { age: 24 * 3600, count: 1000 },
          },
        })),
      );
    } catch (error) {
      this.logger.error(`${payload.event} of quote ${payload.quoteId}: ${deliveryIds.length} delivery(ies) recorded but not queued, they stay pending (${(error as Error).message})`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
