import { dropTenantTables, grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { DOCUMENTS_RUNTIME_ROLE as APP_ROLE } from '../documents.schema';

/** Every table of the schema, parents first (the order `down` reverses). */
const TABLES = ['quote_templates', 'quote_layouts', 'quote_layout_elements', 'signature_uploads'] as const;

/**
 * Description templates, the layouts that arrange them around the quote's table, and the signed
 * upload URLs of signature images. Every table carries tenant_id (so the row-level security policies
 * need no join), and elements reference their layout and template by (tenant_id, id): a layout can
 * never print another agency's template.
 */
export class CreateDocuments1767830400000 implements MigrationInterface {
  name = 'CreateDocuments1767830400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "documents"."quote_templates" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "template_type" text NOT NULL,
        "title" text NOT NULL,
        "content" text NOT NULL,
        "signature_image_path" text NULL,
        "header_print" boolean NOT NULL DEFAULT true,
        "is_active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "quote_templates_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_templates_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        CONSTRAINT "quote_templates_type_check" CHECK ("template_type" IN (
          'premessa', 'presentazione', 'complementi', 'condizioni', 'conclusioni', 'firma'
        ))
      )`);
    await queryRunner.query(`CREATE INDEX "quote_templates_tenant_idx" ON "documents"."quote_templates" ("tenant_id", "created_at", "id")`);

    await queryRunner.query(`
      CREATE TABLE "documents"."quote_layouts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "name" text NOT NULL,
        "description" text NULL,
        "is_active" boolean NOT NULL DEFAULT true,
        "is_default" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "quote_layouts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_layouts_tenant_id_id_key" UNIQUE ("tenant_id", "id")
      )`);
    // at most one default layout per agency, whatever requests run side by side
    await queryRunner.query(`CREATE UNIQUE INDEX "quote_layouts_one_default" ON "documents"."quote_layouts" ("tenant_id") WHERE "is_default"`);

    await queryRunner.query(`
      CREATE TABLE "documents"."quote_layout_elements" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "layout_id" uuid NOT NULL,
        "element_type" text NOT NULL,
        "template_id" uuid NULL,
        "sort_order" integer NOT NULL,
        CONSTRAINT "quote_layout_elements_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_layout_elements_order_key" UNIQUE ("layout_id", "sort_order"),
        CONSTRAINT "quote_layout_elements_type_check" CHECK ("element_type" IN ('quotes', 'template')),
        CONSTRAINT "quote_layout_elements_template_check" CHECK (("element_type" = 'template') = ("template_id" IS NOT NULL)),
        CONSTRAINT "quote_layout_elements_layout_fkey" FOREIGN KEY ("tenant_id", "layout_id")
          REFERENCES "documents"."quote_layouts" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "quote_layout_elements_template_fkey" FOREIGN KEY ("tenant_id", "template_id")
          REFERENCES "documents"."quote_templates" ("tenant_id", "id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      `CREATE INDEX "quote_layout_elements_template_idx" ON "documents"."quote_layout_elements" ("tenant_id", "template_id")`,
    );

    // A signed upload URL: its token is kept only as a hash; it is claimed once, before it expires.
    await queryRunner.query(`
      CREATE TABLE "documents"."signature_uploads" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "object_id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "expires_at" timestamptz NOT NULL,
        "extension" text NULL,
        "claimed_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "signature_uploads_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "signature_uploads_token_key" UNIQUE ("token_hash"),
        CONSTRAINT "signature_uploads_object_key" UNIQUE ("object_id"),
        CONSTRAINT "signature_uploads_extension_check" CHECK ("extension" IN ('png', 'jpg', 'gif', 'webp')),
        CONSTRAINT "signature_uploads_claim_check" CHECK (("claimed_at" IS NULL) = ("extension" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "signature_uploads_tenant_idx" ON "documents"."signature_uploads" ("tenant_id", "object_id")`,
    );

    await isolateTenantRows(queryRunner, 'documents', TABLES);
    await grantRuntimeRole(queryRunner, 'documents', APP_ROLE, TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropTenantTables(queryRunner, 'documents', APP_ROLE, TABLES);
  }
}
