import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer speaks one of the agency's languages: its documents, e-mails and public quote page use it.
 * Every customer stored before is Italian, as every document printed for it was.
 */
export class CustomerLanguage1770000000000 implements MigrationInterface {
  name = 'CustomerLanguage1770000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "catalogue"."customers" ADD COLUMN "language" char(2) NOT NULL DEFAULT 'it' CHECK ("language" ~ '^[a-z]{2}$')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."customers" DROP COLUMN "language"`);
  }
}
