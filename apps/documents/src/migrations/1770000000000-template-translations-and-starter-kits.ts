import { grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { DOCUMENTS_RUNTIME_ROLE as APP_ROLE } from '../documents.schema';

/**
 * A template keeps its text in other languages beside its Italian one (`{ "en": { "title", "content" } }`,
 * sanitized like the content). And each agency is given a starter set once (a default layout and an
 * example template of each type): `starter_kits` remembers that it was, so a replayed announcement of
 * the agency, or an agency that deleted the set, never gets it again.
 */
export class TemplateTranslationsAndStarterKits1770000000000 implements MigrationInterface {
  name = 'TemplateTranslationsAndStarterKits1770000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "documents"."quote_templates"
        ADD COLUMN "translations" jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD CONSTRAINT "quote_templates_translations_check" CHECK (jsonb_typeof("translations") = 'object')`);
    await queryRunner.query(`
      CREATE TABLE "documents"."starter_kits" (
        "tenant_id" uuid NOT NULL,
        "given_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "starter_kits_pkey" PRIMARY KEY ("tenant_id")
      )`);
    // an agency that already has a layout has arranged its documents: it is given nothing. Reading every
    // agency's layouts: row-level security would show none
    await queryRunner.query(`ALTER TABLE "documents"."quote_layouts" NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`
      INSERT INTO "documents"."starter_kits" ("tenant_id")
      SELECT DISTINCT "tenant_id" FROM "documents"."quote_layouts"`);
    await queryRunner.query(`ALTER TABLE "documents"."quote_layouts" FORCE ROW LEVEL SECURITY`);
    await isolateTenantRows(queryRunner, 'documents', ['starter_kits']);
    await grantRuntimeRole(queryRunner, 'documents', APP_ROLE, ['starter_kits']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "documents"."starter_kits"`);
    await queryRunner.query(`ALTER TABLE "documents"."quote_templates" DROP COLUMN "translations"`);
  }
}
