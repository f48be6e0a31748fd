import { grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTING_RUNTIME_ROLE as APP_ROLE } from '../quoting.schema';

const TABLES = ['webhooks', 'webhook_deliveries'] as const;

/**
 * The endpoints an agency's integrators register, and each delivery of a quote's event to one of them.
 * The secret is stored as typed: every delivery is signed with it. A delivery keeps the payload it
 * sends (so every attempt sends the same body) and how its last attempt went; it goes with its
 * endpoint.
 */
export class Webhooks1769644800000 implements MigrationInterface {
  name = 'Webhooks1769644800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "quoting"."webhooks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "url" text NOT NULL,
        "events" text[] NOT NULL,
        "secret" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhooks_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "webhooks_events_check" CHECK ("events" <@ ARRAY['quote.sent', 'quote.viewed', 'quote.accepted', 'quote.declined']::text[]),
        CONSTRAINT "webhooks_secret_check" CHECK ("secret" <> '')
      )`);
    await queryRunner.query(`CREATE INDEX "webhooks_tenant_idx" ON "quoting"."webhooks" ("tenant_id", "created_at")`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."webhook_deliveries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "webhook_id" uuid NOT NULL,
        "event" text NOT NULL,
        "quote_id" uuid NOT NULL,
        "revision" integer NOT NULL,
        "payload" jsonb NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "response_status" integer NULL,
        "response_body" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_attempt_at" timestamptz NULL,
        CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "webhook_deliveries_webhook_fkey" FOREIGN KEY ("tenant_id", "webhook_id")
          REFERENCES "quoting"."webhooks" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed')),
        CONSTRAINT "webhook_deliveries_attempts_check" CHECK ("attempts" >= 0)
      )`);
    // an endpoint's deliveries, newest first
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_webhook_idx" ON "quoting"."webhook_deliveries" ("tenant_id", "webhook_id", "created_at" DESC)`,
    );

    await isolateTenantRows(queryRunner, 'quoting', TABLES);
    await grantRuntimeRole(queryRunner, 'quoting', APP_ROLE, TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE "quoting"."${table}"`);
  }
}
