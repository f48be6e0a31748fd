import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the agency's electronic invoices say of it as the seller: its tax regime (ordinary unless it
 * says otherwise), its REA registration and the IBAN its customers pay to.
 */
export class EInvoice1772200000000 implements MigrationInterface {
  name = 'EInvoice1772200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "tenancy"."tenants"
        ADD COLUMN "regime_fiscale" text NOT NULL DEFAULT 'RF01',
        ADD COLUMN "rea_office" text NULL,
        ADD COLUMN "rea_number" text NULL,
        ADD COLUMN "iban" text NULL,
        ADD CONSTRAINT "tenants_regime_fiscale_check" CHECK ("regime_fiscale" ~ '^RF(0[1-9]|1[0-9])$' AND "regime_fiscale" <> 'RF03'),
        ADD CONSTRAINT "tenants_rea_office_check" CHECK ("rea_office" ~ '^[A-Z]{2}$')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "tenancy"."tenants" DROP COLUMN "regime_fiscale", DROP COLUMN "rea_office", DROP COLUMN "rea_number", DROP COLUMN "iban"`);
  }
}
