import { MigrationInterface, QueryRunner } from 'typeorm';

/** An agency's session version: raised with every change of its switch or expiry, so states can be ordered. */
export class TenantSessionVersion1767484800000 implements MigrationInterface {
  name = 'TenantSessionVersion1767484800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenancy"."tenants" ADD COLUMN "session_version" integer NOT NULL DEFAULT 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenancy"."tenants" DROP COLUMN "session_version"`);
  }
}
