import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether an agency's tenant users see cost and margin: on until the agency turns it off. */
export class CostVisibility1772000000000 implements MigrationInterface {
  name = 'CostVisibility1772000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenancy"."tenants" ADD COLUMN "cost_visible_to_users" boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenancy"."tenants" DROP COLUMN "cost_visible_to_users"`);
  }
}
