import { grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTING_RUNTIME_ROLE as APP_ROLE } from '../quoting.schema';

const TABLES = ['quote_payments', 'agency_terms'] as const;

/**
 * What a quote asks to be paid and what it received: its deposit terms and balance days, the payments
 * recorded for it, and the agency's default balance days, kept here from tenancy's announcements so a
 * quote's schedule is read without asking tenancy. Row-level security as on every quoting table.
 */
export class DepositsPayments1772100000000 implements MigrationInterface {
  name = 'DepositsPayments1772100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes"
        ADD COLUMN "deposit_kind" text NOT NULL DEFAULT 'none',
        ADD COLUMN "deposit_value" numeric(10,2) NULL,
        ADD COLUMN "balance_due_days" integer NULL,
        ADD CONSTRAINT "quotes_deposit_kind_check" CHECK ("deposit_kind" IN ('none', 'percent', 'amount')),
        ADD CONSTRAINT "quotes_deposit_value_check" CHECK (("deposit_kind" = 'none') = ("deposit_value" IS NULL) AND "deposit_value" > 0),
        ADD CONSTRAINT "quotes_balance_due_days_check" CHECK ("balance_due_days" BETWEEN 0 AND 365)`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."quote_payments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "quote_id" uuid NOT NULL,
        "paid_on" date NOT NULL,
        "amount" numeric(10,2) NOT NULL,
        "method" text NOT NULL,
        "note" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "quote_payments_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_payments_quote_fkey" FOREIGN KEY ("tenant_id", "quote_id")
          REFERENCES "quoting"."quotes" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "quote_payments_amount_check" CHECK ("amount" > 0),
        CONSTRAINT "quote_payments_method_check" CHECK ("method" IN ('bonifico', 'carta', 'contanti', 'assegno', 'altro'))
      )`);
    // a quote's payments, summed with every read of the quote and by the dashboard
    await queryRunner.query(`CREATE INDEX "quote_payments_quote_idx" ON "quoting"."quote_payments" ("tenant_id", "quote_id")`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."agency_terms" (
        "tenant_id" uuid NOT NULL,
        "balance_due_days_default" integer NOT NULL,
        CONSTRAINT "agency_terms_pkey" PRIMARY KEY ("tenant_id"),
        CONSTRAINT "agency_terms_balance_due_days_default_check" CHECK ("balance_due_days_default" BETWEEN 0 AND 365)
      )`);

    await isolateTenantRows(queryRunner, 'quoting', TABLES);
    await grantRuntimeRole(queryRunner, 'quoting', APP_ROLE, TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE "quoting"."${table}"`);
    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes" DROP COLUMN "deposit_kind", DROP COLUMN "deposit_value", DROP COLUMN "balance_due_days"`);
  }
}
