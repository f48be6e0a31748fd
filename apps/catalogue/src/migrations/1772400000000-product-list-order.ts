import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The products list's order (the Italian title without case, then the code and the id) kept by
 * PostgreSQL beside each row and indexed per agency: a page of the list is read by walking the index
 * to its window instead of working out every product's title and sorting the whole catalogue again for
 * each of the page's reads.
 */
export class ProductListOrder1772400000000 implements MigrationInterface {
  name = 'ProductListOrder1772400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."products" ADD COLUMN "sort_title" text GENERATED ALWAYS AS (lower("titles" ->> 'it')) STORED`);
    await queryRunner.query(`CREATE INDEX "products_list_order_idx" ON "catalogue"."products" ("tenant_id", "sort_title", "code", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."products_list_order_idx"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."products" DROP COLUMN "sort_title"`);
  }
}
