import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTenants1767225600000 implements MigrationInterface {
  name = 'CreateTenants1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tenancy"."tenants" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "keyword" text NOT NULL,
        "languages" text[] NOT NULL DEFAULT '{it}',
        "expiry_date" date NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "company_name" text NULL,
        "address" text NULL,
        "country" text NULL,
        "city" text NULL,
        "postal_code" text NULL,
        "phone" text NULL,
        "mobile" text NULL,
        "reference_email" text NULL,
        "website" text NULL,
        "vat_number" text NULL,
        "fiscal_code" text NULL,
        "logo_url" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "tenants_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "tenants_keyword_key" UNIQUE ("keyword")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tenancy"."tenants"`);
  }
}
