import { dropTenantTables, grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTING_RUNTIME_ROLE as APP_ROLE } from '../quoting.schema';

/** Every table of the schema, parents first (the order `down` reverses). */
const TABLES = ['quotes', 'quote_items', 'service_consumptions'] as const;

/**
 * Quotes with their items and the consumptions recorded during the service. Every table carries
 * tenant_id (child tables too, so the row-level security policies need no join), and child rows
 * reference their quote by (tenant_id, id): a row can never hang under another agency's quote.
 * Customers and products live in the catalogue's schema: a quote keeps their ids and what it needs
 * to show them (the customer's name, each item's code, price and VAT) without asking the catalogue.
 * Date-times of the service are the business time zone's wall clock, hence `timestamp` without zone.
 */
export class CreateQuoting1767744000000 implements MigrationInterface {
  name = 'CreateQuoting1767744000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "quoting"."quotes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "customer_id" uuid NOT NULL,
        "customer_name" text NOT NULL,
        "subject" text NULL,
        "service_date" date NOT NULL,
        "expiry_date" date NOT NULL,
        "booking_date_time" timestamp without time zone NULL,
        "actual_service_date_time" timestamp without time zone NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "service_start_time" timestamp without time zone NULL,
        "estimated_end_time" timestamp without time zone NULL,
        "service_end_time" timestamp without time zone NULL,
        "service_notes" text NULL,
        "actual_participants" integer NOT NULL DEFAULT 0,
        "total_amount" numeric(10,2) NOT NULL DEFAULT 0,
        "price_list_id" uuid NULL,
        "price_list_name" text NULL,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "quotes_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quotes_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "quotes_status_check" CHECK ("status" IN ('pending', 'waiting', 'confirmed', 'cancelled', 'closed')),
        CONSTRAINT "quotes_actual_participants_check" CHECK ("actual_participants" >= 0),
        CONSTRAINT "quotes_total_amount_check" CHECK ("total_amount" >= 0),
        CONSTRAINT "quotes_version_check" CHECK ("version" >= 1)
      )`);
    // the list: newest service date first, then newest creation, then id
    await queryRunner.query(
      `CREATE INDEX "quotes_list_idx" ON "quoting"."quotes" ("tenant_id", "service_date" DESC, "created_at" DESC, "id")`,
    );
    await queryRunner.query(`CREATE INDEX "quotes_customer_idx" ON "quoting"."quotes" ("tenant_id", "customer_id")`);
    // the dashboard: this month's quotes and the most recent ones
    await queryRunner.query(`CREATE INDEX "quotes_created_idx" ON "quoting"."quotes" ("tenant_id", "created_at" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."quote_items" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "quote_id" uuid NOT NULL,
        "product_id" uuid NOT NULL,
        "product_code" text NOT NULL,
        "description" text NOT NULL,
        "quantity" integer NOT NULL DEFAULT 1,
        "unit_price" numeric(10,2) NOT NULL DEFAULT 0,
        "total_price" numeric(10,2) NOT NULL,
        "computed_price" numeric(10,2) NOT NULL,
        "price_source" text NOT NULL DEFAULT 'auto',
        "order_confirmed" boolean NOT NULL DEFAULT false,
        "confirmed_participants" integer NOT NULL DEFAULT 0,
        "price_includes_vat" boolean NOT NULL DEFAULT false,
        "vat_rate" numeric(5,2) NULL,
        "price_list_applied" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "quote_items_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_items_quote_fkey" FOREIGN KEY ("tenant_id", "quote_id")
          REFERENCES "quoting"."quotes" ("tenant_id", "id") ON DELETE CASCADE,
        -- one item per product per quote, whatever requests run side by side
        CONSTRAINT "quote_items_quote_product_key" UNIQUE ("quote_id", "product_id"),
        CONSTRAINT "quote_items_quantity_range" CHECK ("quantity" BETWEEN 1 AND 999),
        CONSTRAINT "quote_items_confirmed_participants_check" CHECK ("confirmed_participants" >= 0),
        CONSTRAINT "quote_items_money_check" CHECK ("unit_price" >= 0 AND "total_price" >= 0 AND "computed_price" >= 0),
        CONSTRAINT "quote_items_price_source_check" CHECK ("price_source" IN ('auto', 'manual')),
        CONSTRAINT "quote_items_vat_rate_range" CHECK ("vat_rate" >= 0 AND "vat_rate" <= 100)
      )`);
    // the catalogue asks, before deleting a product, how many quotes use it
    await queryRunner.query(`CREATE INDEX "quote_items_product_idx" ON "quoting"."quote_items" ("tenant_id", "product_id")`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."service_consumptions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "quote_id" uuid NOT NULL,
        "product_id" uuid NULL,
        "description" text NOT NULL,
        "quantity" integer NOT NULL,
        "unit_value" numeric(10,2) NOT NULL,
        "total_value" numeric(10,2) NOT NULL,
        "consumed_at" timestamp without time zone NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "service_consumptions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "service_consumptions_quote_fkey" FOREIGN KEY ("tenant_id", "quote_id")
          REFERENCES "quoting"."quotes" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "service_consumptions_description_check" CHECK (btrim("description") <> ''),
        CONSTRAINT "service_consumptions_quantity_check" CHECK ("quantity" > 0),
        CONSTRAINT "service_consumptions_unit_value_check" CHECK ("unit_value" > 0),
        CONSTRAINT "service_consumptions_total_value_check" CHECK ("total_value" >= 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "service_consumptions_quote_idx" ON "quoting"."service_consumptions" ("tenant_id", "quote_id", "consumed_at")`,
    );

    await isolateTenantRows(queryRunner, 'quoting', TABLES);
    await grantRuntimeRole(queryRunner, 'quoting', APP_ROLE, TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropTenantTables(queryRunner, 'quoting', APP_ROLE, TABLES);
  }
}
