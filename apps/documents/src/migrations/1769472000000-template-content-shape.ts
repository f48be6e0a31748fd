import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a template's HTML holds, kept by PostgreSQL beside the row, so that a layout's templates can be
 * summed against the layout's bounds without reading their content. The content is the sanitizer's
 * output, where `<` only ever starts a tag (text and attribute values have it escaped) and lists carry
 * no attributes: the start tags are the `<` that are no `</`, the lists the `<ul>` and `<ol>`, the same
 * counts `htmlShape` of @quotebook/domain gives (a test holds the two together).
 */
export class TemplateContentShape1769472000000 implements MigrationInterface {
  name = 'TemplateContentShape1769472000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "documents"."quote_templates"
        ADD COLUMN "content_characters" integer GENERATED ALWAYS AS (length("content")) STORED,
        ADD COLUMN "content_elements" integer GENERATED ALWAYS AS (
          length("content") - length(replace("content", '<', '')) - (length("content") - length(replace("content", '</', ''))) / 2
        ) STORED,
        ADD COLUMN "content_lists" integer GENERATED ALWAYS AS (
          (length("content") - length(replace("content", '<ul>', ''))) / 4 + (length("content") - length(replace("content", '<ol>', ''))) / 4
        ) STORED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "documents"."quote_templates"
        DROP COLUMN "content_characters", DROP COLUMN "content_elements", DROP COLUMN "content_lists"`);
  }
}
