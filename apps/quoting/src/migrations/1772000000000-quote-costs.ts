import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each line costs the agency (from its period, or set by hand), whether it is optional, and its
 * free places; the quote keeps its cost, margin and optional lines' total with its other figures.
 * Quotes from before have no cost: their cost and margin stay unknown (null) until their lines change.
 */
export class QuoteCosts1772000000000 implements MigrationInterface {
  name = 'QuoteCosts1772000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "quoting"."quote_items"
         ADD COLUMN "cost" numeric(10,2) NULL CHECK ("cost" >= 0),
         ADD COLUMN "cost_source" text NOT NULL DEFAULT 'auto' CHECK ("cost_source" IN ('auto', 'manual')),
         ADD COLUMN "optional" boolean NOT NULL DEFAULT false,
         ADD COLUMN "free_places" integer NOT NULL DEFAULT 0 CHECK ("free_places" >= 0)`,
    );
    await queryRunner.query(
      `ALTER TABLE "quoting"."quotes"
         ADD COLUMN "cost_total" numeric(12,2) NULL,
         ADD COLUMN "margin_total" numeric(12,2) NULL,
         ADD COLUMN "optional_total" numeric(12,2) NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "quoting"."quotes" DROP COLUMN "optional_total", DROP COLUMN "margin_total", DROP COLUMN "cost_total"`);
    await queryRunner.query(
      `ALTER TABLE "quoting"."quote_items" DROP COLUMN "free_places", DROP COLUMN "optional", DROP COLUMN "cost_source", DROP COLUMN "cost"`,
    );
  }
}
