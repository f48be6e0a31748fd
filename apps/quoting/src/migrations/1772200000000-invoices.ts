import { grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTING_RUNTIME_ROLE as APP_ROLE } from '../quoting.schema';

const TABLES = ['invoice_numbers', 'invoices'] as const;

/**
 * Electronic invoices: one per quote, numbered per agency and year without gaps. The year's counter
 * row is taken in the transaction that stores the invoice, so concurrent issues wait for each other's
 * number and one that fails gives its number back. An invoice keeps its XML as issued, and outlives its
 * quote: a document sent to the tax system is never deleted with the quote it came from.
 */
export class Invoices1772200000000 implements MigrationInterface {
  name = 'Invoices1772200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "quoting"."invoice_numbers" (
        "tenant_id" uuid NOT NULL,
        "year" integer NOT NULL,
        "last_number" integer NOT NULL,
        CONSTRAINT "invoice_numbers_pkey" PRIMARY KEY ("tenant_id", "year"),
        CONSTRAINT "invoice_numbers_last_number_check" CHECK ("last_number" >= 1)
      )`);
    await queryRunner.query(`
      CREATE TABLE "quoting"."invoices" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "quote_id" uuid NOT NULL,
        "year" integer NOT NULL,
        "number" integer NOT NULL,
        "scheme" text NOT NULL,
        "progressive" text NOT NULL,
        "file_name" text NOT NULL,
        "issued_on" date NOT NULL,
        "total_amount" numeric(12,2) NOT NULL,
        "xml" text NOT NULL,
        "created_by" uuid NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "invoices_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "invoices_number_key" UNIQUE ("tenant_id", "year", "number"),
        CONSTRAINT "invoices_quote_key" UNIQUE ("tenant_id", "quote_id"),
        CONSTRAINT "invoices_progressive_key" UNIQUE ("tenant_id", "progressive"),
        CONSTRAINT "invoices_scheme_check" CHECK ("scheme" IN ('ordinary', 'margin')),
        CONSTRAINT "invoices_number_check" CHECK ("number" >= 1)
      )`);
    await isolateTenantRows(queryRunner, 'quoting', TABLES);
    await grantRuntimeRole(queryRunner, 'quoting', APP_ROLE, TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE "quoting"."${table}"`);
  }
}
