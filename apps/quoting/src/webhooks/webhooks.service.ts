import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ListPage,
  Principal,
  UpdateWebhookDto,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookDto,
  WebhookEvent,
  WebhookView,
} from '@quotebook/contracts';
import { LOOP_MESSAGES } from '@quotebook/domain';
import { appError, pageOfItems, requireTenantAdministration } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { WebhookSettings } from './webhook-settings';
import { webhookUrlProblem } from './webhook-targets';

/** The deliveries of an endpoint that its page lists: the newest. */
export const DELIVERIES_LISTED = 100;

/** An agency registers a handful of endpoints; past this one more is refused. */
export const MAX_WEBHOOKS_PER_AGENCY = 20;

interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  created_at: Date;
  updated_at: Date;
}

interface DeliveryRow {
  id: string;
  event: WebhookEvent;
  quote_id: string;
  revision: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
}

const webhookNotFound = () => appError('NOT_FOUND', LOOP_MESSAGES.webhookNotFound);

/** An id that is not a UUID names no endpoint: the same 404 as one of another agency. */
function requireWebhookId(id: unknown): string {
  if (typeof id !== 'string' || !isUUID(id)) throw webhookNotFound();
  return id;
}

export function mapWebhook(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    secretHint: row.secret.slice(-4),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function mapDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event: row.event,
    quoteId: row.quote_id,
    revision: row.revision,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  };
}

/** Each event once, in the order of the list of events. */
const distinctEvents = (events: readonly WebhookEvent[]) => [...new Set(events)];

/**
 * The agency's webhook endpoints and their deliveries: for its administrators only (an endpoint's
 * secret signs what the agency's quotes tell an outside system).
 */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: WebhookSettings,
  ) {}

  async list(principal: Principal, tenantId: string, cursor: unknown): Promise<ListPage<WebhookView>> {
    requireTenantAdministration(principal, tenantId);
    const rows = await readTenant(this.dataSource, tenantId, (manager) =>
      manager.query<WebhookRow[]>(`SELECT * FROM quoting.webhooks WHERE tenant_id = $1 ORDER BY created_at, id`, [tenantId]),
    );
    return pageOfItems(rows.map(mapWebhook), cursor);
  }

  async create(principal: Principal, tenantId: string, dto: WebhookDto): Promise<WebhookView> {
    requireTenantAdministration(principal, tenantId);
    this.assertUrl(dto.url);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      // one agency's creations wait for each other here, so two at once cannot both pass the limit
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`quoting.webhooks:${tenantId}`]);
      const [{ count }]: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM quoting.webhooks WHERE tenant_id = $1`, [tenantId]);
      if (count >= MAX_WEBHOOKS_PER_AGENCY) throw appError('LIMIT_REACHED', [`An agency can register at most ${MAX_WEBHOOKS_PER_AGENCY} webhooks`]);
      const [row]: WebhookRow[] = await manager.query(
        `INSERT INTO quoting.webhooks (tenant_id, url, events, secret) VALUES ($1, $2, $3, $4) RETURNING *`,
        [tenantId, dto.url, distinctEvents(dto.events), dto.secret],
      );
      return mapWebhook(row);
    });
  }

  async update(principal: Principal, tenantId: string, id: string, dto: UpdateWebhookDto): Promise<WebhookView> {
    requireTenantAdministration(principal, tenantId);
    const webhookId = requireWebhookId(id);
    if (dto.url !== undefined) this.assertUrl(dto.url);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      // an UPDATE answers its rows and how many it changed
      const [[row]]: [WebhookRow[], number] = await manager.query(
        `UPDATE quoting.webhooks
            SET url = coalesce($3, url), events = coalesce($4, events), secret = coalesce($5, secret), updated_at = now()
          WHERE tenant_id = $1 AND id = $2
          RETURNING *`,
        [tenantId, webhookId, dto.url ?? null, dto.events ? distinctEvents(dto.events) : null, dto.secret ?? null],
      );
      if (!row) throw webhookNotFound();
      return mapWebhook(row);
    });
  }

  /** The endpoint goes with its deliveries; a job still queued for one of them finds nothing to send. */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const webhookId = requireWebhookId(id);
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const [, deleted]: [unknown, number] = await manager.query(`DELETE FROM quoting.webhooks WHERE tenant_id = $1 AND id = $2`, [tenantId, webhookId]);
      if (!deleted) throw webhookNotFound();
    });
    return { deleted: true };
  }

  /** The endpoint's newest deliveries first, DELIVERIES_LISTED at most. */
  async deliveries(principal: Principal, tenantId: string, id: string): Promise<WebhookDeliveryView[]> {
    requireTenantAdministration(principal, tenantId);
    const webhookId = requireWebhookId(id);
    const [found, rows] = await readTenant(this.dataSource, tenantId, (manager) =>
      Promise.all([
        manager.query<unknown[]>(`SELECT 1 FROM quoting.webhooks WHERE tenant_id = $1 AND id = $2`, [tenantId, webhookId]),
        manager.query<DeliveryRow[]>(
          `SELECT id, event, quote_id, revision, status, attempts, response_status, response_body, created_at, last_attempt_at
             FROM quoting.webhook_deliveries
            WHERE tenant_id = $1 AND webhook_id = $2
            ORDER BY created_at DESC, id DESC
            LIMIT ${DELIVERIES_LISTED}`,
          [tenantId, webhookId],
        ),
      ]),
    );
    if (found.length === 0) throw webhookNotFound();
    return rows.map(mapDelivery);
  }

  private assertUrl(url: string): void {
    const problem = webhookUrlProblem(url, this.settings.allowPrivateTargets);
    if (problem) throw appError('VALIDATION_FAILED', [problem]);
  }
}
