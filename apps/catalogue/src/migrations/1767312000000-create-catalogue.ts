import { dropTenantTables, grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { CATALOGUE_RUNTIME_ROLE as APP_ROLE } from '../catalogue.schema';

/** Every table of the schema, parents first (the order `down` reverses). */
const TABLES = [
  'vat_rates',
  'tags',
  'price_lists',
  'products',
  'product_tags',
  'product_availability',
  'customers',
  'customer_tags',
] as const;

/**
 * The catalogue: VAT rates, tags, price lists, products with their tags and availability periods,
 * customers with their tags. Every table carries tenant_id (child tables too, so the row-level security
 * policies need no join), and child rows reference their parents by (tenant_id, id): a row can never
 * point at another tenant's VAT rate, price list, product, customer or tag.
 */
export class CreateCatalogue1767312000000 implements MigrationInterface {
  name = 'CreateCatalogue1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // btree_gist lets the availability exclusion constraint compare product_id (a uuid) with `=` in a
    // GiST index. It is a trusted extension (PostgreSQL 13+): a database owner may create it, a superuser
    // (as on our machines) certainly may.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."vat_rates" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "description" text NOT NULL,
        "rate" numeric(5,2) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "vat_rates_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "vat_rates_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "vat_rates_rate_range" CHECK ("rate" >= 0 AND "rate" <= 100)
      )`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."tags" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "name" text NOT NULL,
        "target_type" text NOT NULL,
        "description" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "tags_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "tags_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "tags_target_type_check" CHECK ("target_type" IN ('product', 'customer'))
      )`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."price_lists" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "name" text NOT NULL,
        "start_date" date NOT NULL,
        "end_date" date NOT NULL,
        "reduction_amount" numeric(10,2) NULL,
        "reduction_percentage" numeric(5,2) NULL,
        "is_active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "price_lists_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "price_lists_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "price_lists_dates_ordered" CHECK ("start_date" <= "end_date"),
        CONSTRAINT "price_lists_reduction_amount_check" CHECK ("reduction_amount" >= 0),
        CONSTRAINT "price_lists_reduction_percentage_check" CHECK ("reduction_percentage" >= 0 AND "reduction_percentage" <= 100)
      )`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."products" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "code" char(6) NOT NULL,
        "titles" jsonb NOT NULL DEFAULT '{}',
        "subtitles" jsonb NOT NULL DEFAULT '{}',
        "short_descriptions" jsonb NOT NULL DEFAULT '{}',
        "extended_descriptions" jsonb NOT NULL DEFAULT '{}',
        "duration_hours" integer NOT NULL DEFAULT 0,
        "duration_minutes" integer NOT NULL DEFAULT 0,
        "vat_rate_id" uuid NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "products_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "products_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "products_code_key" UNIQUE ("code"),
        CONSTRAINT "products_code_format" CHECK ("code" ~ '^[A-Z0-9]{6}$'),
        CONSTRAINT "products_duration_hours_range" CHECK ("duration_hours" BETWEEN 0 AND 23),
        CONSTRAINT "products_duration_minutes_range" CHECK ("duration_minutes" BETWEEN 0 AND 59),
        CONSTRAINT "products_vat_rate_fkey" FOREIGN KEY ("tenant_id", "vat_rate_id")
          REFERENCES "catalogue"."vat_rates" ("tenant_id", "id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(`CREATE INDEX "products_vat_rate_idx" ON "catalogue"."products" ("tenant_id", "vat_rate_id")`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."product_tags" (
        "tenant_id" uuid NOT NULL,
        "product_id" uuid NOT NULL,
        "tag_id" uuid NOT NULL,
        CONSTRAINT "product_tags_pkey" PRIMARY KEY ("product_id", "tag_id"),
        CONSTRAINT "product_tags_product_fkey" FOREIGN KEY ("tenant_id", "product_id")
          REFERENCES "catalogue"."products" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "product_tags_tag_fkey" FOREIGN KEY ("tenant_id", "tag_id")
          REFERENCES "catalogue"."tags" ("tenant_id", "id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "product_tags_tenant_idx" ON "catalogue"."product_tags" ("tenant_id", "tag_id")`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."product_availability" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "product_id" uuid NOT NULL,
        "start_date" date NOT NULL,
        "end_date" date NOT NULL,
        "has_min_participants" boolean NOT NULL DEFAULT false,
        "min_participants" integer NULL,
        "has_cost_per_person" boolean NOT NULL DEFAULT false,
        "cost_per_person" numeric(10,2) NULL,
        "has_flat_rate" boolean NOT NULL DEFAULT false,
        "flat_rate" numeric(10,2) NULL,
        "has_additional_costs" boolean NOT NULL DEFAULT false,
        "additional_costs" numeric(10,2) NULL,
        "price_includes_vat" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "product_availability_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "product_availability_product_fkey" FOREIGN KEY ("tenant_id", "product_id")
          REFERENCES "catalogue"."products" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "product_availability_dates_ordered" CHECK ("start_date" <= "end_date"),
        CONSTRAINT "product_availability_min_participants_check" CHECK ("min_participants" >= 1),
        CONSTRAINT "product_availability_money_check"
          CHECK ("cost_per_person" >= 0 AND "flat_rate" >= 0 AND "additional_costs" >= 0),
        -- a service date finds at most one period of a product, whatever requests run side by side
        CONSTRAINT "product_availability_no_overlap" EXCLUDE USING gist (
          "product_id" WITH =,
          daterange("start_date", "end_date", '[]') WITH &&
        )
      )`);
    await queryRunner.query(
      `CREATE INDEX "product_availability_tenant_idx" ON "catalogue"."product_availability" ("tenant_id", "product_id", "start_date")`,
    );

    await queryRunner.query(`
      CREATE TABLE "catalogue"."customers" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "title" text NOT NULL DEFAULT 'Spett.le',
        "name" text NOT NULL,
        "email" text NOT NULL,
        "phone" text NULL,
        "contact" text NULL,
        "address" text NULL,
        "country" text NULL,
        "city" text NULL,
        "postal_code" text NULL,
        "price_list_id" uuid NULL,
        "vat_number" text NULL,
        "sdi" text NULL,
        "pec" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "customers_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "customers_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "customers_title_check" CHECK ("title" IN (
          'Spett.le', 'Gent.mo', 'Gent.ma', 'Dott.', 'Dott.ssa', 'Egregio dott.', 'Gent.ma Dottoressa'
        )),
        CONSTRAINT "customers_price_list_fkey" FOREIGN KEY ("tenant_id", "price_list_id")
          REFERENCES "catalogue"."price_lists" ("tenant_id", "id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(`CREATE INDEX "customers_price_list_idx" ON "catalogue"."customers" ("tenant_id", "price_list_id")`);

    await queryRunner.query(`
      CREATE TABLE "catalogue"."customer_tags" (
        "tenant_id" uuid NOT NULL,
        "customer_id" uuid NOT NULL,
        "tag_id" uuid NOT NULL,
        CONSTRAINT "customer_tags_pkey" PRIMARY KEY ("customer_id", "tag_id"),
        CONSTRAINT "customer_tags_customer_fkey" FOREIGN KEY ("tenant_id", "customer_id")
          REFERENCES "catalogue"."customers" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "customer_tags_tag_fkey" FOREIGN KEY ("tenant_id", "tag_id")
          REFERENCES "catalogue"."tags" ("tenant_id", "id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "customer_tags_tenant_idx" ON "catalogue"."customer_tags" ("tenant_id", "tag_id")`);

    await isolateTenantRows(queryRunner, 'catalogue', TABLES);
    await grantRuntimeRole(queryRunner, 'catalogue', APP_ROLE, TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropTenantTables(queryRunner, 'catalogue', APP_ROLE, TABLES);
  }
}
