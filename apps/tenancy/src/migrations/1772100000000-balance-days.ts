import { MigrationInterface, QueryRunner } from 'typeorm';

/** The agency's default days before the service a quote's balance is due. */
export class BalanceDays1772100000000 implements MigrationInterface {
  name = 'BalanceDays1772100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "tenancy"."tenants"
        ADD COLUMN "balance_due_days_default" integer NOT NULL DEFAULT 30,
        ADD CONSTRAINT "tenants_balance_due_days_default_check" CHECK ("balance_due_days_default" BETWEEN 0 AND 365)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenancy"."tenants" DROP COLUMN "balance_due_days_default"`);
  }
}
