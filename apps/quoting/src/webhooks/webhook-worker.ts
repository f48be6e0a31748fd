import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WebhookDeliveryStatus, WebhookEvent, WebhookPayload } from '@quotebook/contracts';
import { workingForJobRequest } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { WEBHOOK_ATTEMPTS, WEBHOOK_QUEUE, webhookQueuePrefix, type WebhookJobData } from './webhook-queue';
import { sendWebhook, webhookBody, type WebhookAttempt } from './webhook-request';
import { WebhookSettings } from './webhook-settings';

/** Deliveries one replica sends at once: each mostly waits for an endpoint. */
const WORKER_CONCURRENCY = 8;

interface DeliveryTarget {
  status: WebhookDeliveryStatus;
  attempts: number;
  event: WebhookEvent;
  payload: WebhookPayload;
  url: string;
  secret: string;
}

const isDelivered = (attempt: WebhookAttempt) => attempt.kind === 'answered' && attempt.status >= 200 && attempt.status < 300;

/** What the delivery row keeps of an attempt that did not deliver. */
const failureOf = (attempt: WebhookAttempt) => (attempt.kind === 'answered' ? `HTTP ${attempt.status}` : attempt.error);

/**
 * Sends the queued deliveries from inside the quoting service; every replica runs one and BullMQ gives
 * each job to one of them. An attempt that does not get a 2xx is tried again with exponential backoff
 * until its attempts run out (then the delivery is failed); one whose target is refused fails at once.
 * Each attempt is written on the delivery's row. On shutdown the worker stops taking jobs and lets
 * the attempts under way end.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('webhooks');
  private connection?: Redis;
  private worker?: Worker<WebhookJobData>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: WebhookSettings,
  ) {}

  onApplicationBootstrap(): void {
    // BullMQ's blocking reads want their commands retried for as long as Redis is away
    this.connection = new Redis(this.settings.redisUrl, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) });
    this.connection.on('error', () => undefined);
    // an attempt's lines carry the id of the request whose change the webhook tells of
    this.worker = new Worker<WebhookJobData>(WEBHOOK_QUEUE, workingForJobRequest((job: Job<WebhookJobData>) => this.deliver(job)), {
      connection: this.connection,
      prefix: webhookQueuePrefix(this.settings.redisKeyPrefix),
      concurrency: WORKER_CONCURRENCY,
    });
    let lastError = '';
    this.worker.on('error', (error) => {
      if (error.message !== lastError) this.logger.warn(`webhook worker: ${error.message}`);
      lastError = error.message;
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }

  /** One attempt of one delivery. */
  async deliver(job: Job<WebhookJobData>): Promise<void> {
    const { tenantId, deliveryId } = job.data;
    const target = await this.targetOf(tenantId, deliveryId);
    // its endpoint was deleted meanwhile, or an earlier run of this job already ended it
    if (!target || target.status !== 'pending') return;
    const attempt = await sendWebhook({
      url: target.url,
      secret: target.secret,
      event: target.event,
      deliveryId,
      body: webhookBody(target.payload),
      timeoutMs: this.settings.timeoutMs,
      allowPrivateTargets: this.settings.allowPrivateTargets,
    });
    const delivered = isDelivered(attempt);
    const refused = attempt.kind === 'unreachable' && attempt.refused;
    const lastAttempt = refused || target.attempts + 1 >= WEBHOOK_ATTEMPTS;
    const status: WebhookDeliveryStatus = delivered ? 'delivered' : lastAttempt ? 'failed' : 'pending';
    await withTenant(this.dataSource, tenantId, (manager) =>
      manager.query(
        `UPDATE quoting.webhook_deliveries
            SET attempts = attempts + 1, status = $3, response_status = $4, response_body = $5, last_attempt_at = now()
          WHERE tenant_id = $1 AND id = $2`,
        [tenantId, deliveryId, status, attempt.kind === 'answered' ? attempt.status : null, attempt.kind === 'answered' ? attempt.body : attempt.error],
      ),
    );
    if (delivered) return;
    const message = `delivery ${deliveryId} to ${new URL(target.url).host}: ${failureOf(attempt)}`;
    if (lastAttempt) {
      this.logger.warn(`${message}; it failed for good after ${target.attempts + 1} attempt(s)`);
      throw new UnrecoverableError(message);
    }
    throw new Error(message);
  }

  private async targetOf(tenantId: string, deliveryId: string): Promise<DeliveryTarget | undefined> {
    const rows = await readTenant(this.dataSource, tenantId, (manager) =>
      manager.query<DeliveryTarget[]>(
        `SELECT d.status, d.attempts, d.event, d.payload, w.url, w.secret
           FROM quoting.webhook_deliveries d
           JOIN quoting.webhooks w ON w.tenant_id = d.tenant_id AND w.id = d.webhook_id
          WHERE d.tenant_id = $1 AND d.id = $2`,
        [tenantId, deliveryId],
      ),
    );
    return rows[0];
  }
}
