import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The JSON size of a product's four text columns, kept by PostgreSQL beside the row, so that a list
 * page can be filled up to a number of bytes without reading every product's texts to measure them.
 * jsonb's text form escapes as JSON does (with a space after each separator), so it is never smaller
 * than what the service sends.
 */
export class ProductTextBytes1767398400000 implements MigrationInterface {
  name = 'ProductTextBytes1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "catalogue"."products" ADD COLUMN "text_bytes" integer GENERATED ALWAYS AS (
        octet_length("titles"::text) + octet_length("subtitles"::text)
        + octet_length("short_descriptions"::text) + octet_length("extended_descriptions"::text)
      ) STORED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."products" DROP COLUMN "text_bytes"`);
  }
}
