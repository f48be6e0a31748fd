import { MigrationInterface, QueryRunner } from 'typeorm';

/** A user's session version: raised whenever the user's existing tokens must stop working. */
export class UserSessionVersion1767484800000 implements MigrationInterface {
  name = 'UserSessionVersion1767484800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD COLUMN "session_version" integer NOT NULL DEFAULT 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "session_version"`);
  }
}
