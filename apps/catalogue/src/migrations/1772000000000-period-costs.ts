import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a period costs the agency (per person and per booking) and the free places it gives (count free
 * for every `every` paying, both or neither); a price list's markup over cost, set instead of reductions.
 */
export class PeriodCosts1772000000000 implements MigrationInterface {
  name = 'PeriodCosts1772000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "catalogue"."product_availability"
         ADD COLUMN "supplier_cost_per_person" numeric(10,2) NULL CHECK ("supplier_cost_per_person" >= 0),
         ADD COLUMN "supplier_cost_per_booking" numeric(10,2) NULL CHECK ("supplier_cost_per_booking" >= 0),
         ADD COLUMN "free_places_every" integer NULL CHECK ("free_places_every" >= 1),
         ADD COLUMN "free_places_count" integer NULL CHECK ("free_places_count" >= 1),
         ADD CONSTRAINT "product_availability_free_places_pair" CHECK (("free_places_every" IS NULL) = ("free_places_count" IS NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalogue"."price_lists"
         ADD COLUMN "markup_percentage" numeric(6,2) NULL CHECK ("markup_percentage" >= 0),
         ADD CONSTRAINT "price_lists_markup_or_reduction"
             CHECK ("markup_percentage" IS NULL OR ("reduction_amount" IS NULL AND "reduction_percentage" IS NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "catalogue"."price_lists" DROP CONSTRAINT "price_lists_markup_or_reduction", DROP COLUMN "markup_percentage"`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalogue"."product_availability"
         DROP CONSTRAINT "product_availability_free_places_pair",
         DROP COLUMN "free_places_count", DROP COLUMN "free_places_every",
         DROP COLUMN "supplier_cost_per_booking", DROP COLUMN "supplier_cost_per_person"`,
    );
  }
}
