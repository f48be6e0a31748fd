import { MigrationInterface, QueryRunner } from 'typeorm';

/** A customer's codice fiscale: the buyer of an electronic invoice is named by it, its VAT number, or both. */
export class CustomerFiscalCode1772200000000 implements MigrationInterface {
  name = 'CustomerFiscalCode1772200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "catalogue"."customers" ADD COLUMN "fiscal_code" text NULL CHECK ("fiscal_code" ~ '^([0-9]{11}|[A-Z0-9]{16})$')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."customers" DROP COLUMN "fiscal_code"`);
  }
}
