import { grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTING_RUNTIME_ROLE as APP_ROLE } from '../quoting.schema';

/** The loop's tables, parents first (the order `down` reverses). */
const TABLES = ['quote_links', 'quote_revisions', 'quote_revision_views', 'notifications'] as const;

/**
 * The customer loop: the public link of a quote, the revisions sent (each frozen as sent, with the
 * customer's answer), the views of each revision (one per visitor and day), and the notifications of
 * the agents who sent them. The quote keeps what its list shows of them (its latest revision, when it
 * was sent, the customer's answer to it), written by the send and the answer, so the list reads no
 * other table. Row-level security as on every quoting table; a public link is found by its token's hash
 * before its agency is known, through one function that answers only the agency and the quote.
 */
export class CustomerLoop1771200000000 implements MigrationInterface {
  name = 'CustomerLoop1771200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes"
        ADD COLUMN "latest_revision" integer NULL,
        ADD COLUMN "last_sent_at" timestamptz NULL,
        ADD COLUMN "customer_answer" jsonb NULL`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."quote_links" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "quote_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "nonce" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz NULL,
        CONSTRAINT "quote_links_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_links_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "quote_links_quote_fkey" FOREIGN KEY ("tenant_id", "quote_id")
          REFERENCES "quoting"."quotes" ("tenant_id", "id") ON DELETE CASCADE
      )`);
    // one live link per quote, whatever sends run side by side
    await queryRunner.query(`CREATE UNIQUE INDEX "quote_links_live_key" ON "quoting"."quote_links" ("quote_id") WHERE "revoked_at" IS NULL`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."quote_revisions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "quote_id" uuid NOT NULL,
        "number" integer NOT NULL,
        "snapshot" jsonb NOT NULL,
        "layout_id" uuid NOT NULL,
        "language" text NOT NULL,
        "storage_key" text NOT NULL,
        "sent_to" text NOT NULL,
        "cc" text[] NOT NULL DEFAULT '{}',
        "message" text NULL,
        "sent_by_id" uuid NULL,
        "sent_by_name" text NULL,
        "sent_by_email" text NULL,
        "total_amount" numeric(10,2) NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now(),
        "first_viewed_at" timestamptz NULL,
        "answer_kind" text NULL,
        "signer_name" text NULL,
        "signature_type" text NULL,
        "signature_value" text NULL,
        "answer_reason" text NULL,
        "answered_at" timestamptz NULL,
        "answer_ip" text NULL,
        "answer_user_agent" text NULL,
        CONSTRAINT "quote_revisions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quote_revisions_tenant_id_id_key" UNIQUE ("tenant_id", "id"),
        -- a concurrent send of the same quote takes the same number: one of them fails
        CONSTRAINT "quote_revisions_quote_number_key" UNIQUE ("quote_id", "number"),
        CONSTRAINT "quote_revisions_quote_fkey" FOREIGN KEY ("tenant_id", "quote_id")
          REFERENCES "quoting"."quotes" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "quote_revisions_number_check" CHECK ("number" >= 1),
        CONSTRAINT "quote_revisions_answer_kind_check" CHECK ("answer_kind" IN ('accepted', 'declined')),
        CONSTRAINT "quote_revisions_signature_type_check" CHECK ("signature_type" IN ('typed', 'drawn')),
        CONSTRAINT "quote_revisions_answered_check" CHECK (("answer_kind" IS NULL) = ("answered_at" IS NULL))
      )`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."quote_revision_views" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "revision_id" uuid NOT NULL,
        "visitor_hash" text NOT NULL,
        "day" date NOT NULL,
        "viewed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "quote_revision_views_pkey" PRIMARY KEY ("id"),
        -- a view counts once per visitor and day
        CONSTRAINT "quote_revision_views_visit_key" UNIQUE ("revision_id", "visitor_hash", "day"),
        CONSTRAINT "quote_revision_views_revision_fkey" FOREIGN KEY ("tenant_id", "revision_id")
          REFERENCES "quoting"."quote_revisions" ("tenant_id", "id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE "quoting"."notifications" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tenant_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "quote_id" uuid NOT NULL,
        "revision" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "read_at" timestamptz NULL,
        CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "notifications_quote_fkey" FOREIGN KEY ("tenant_id", "quote_id")
          REFERENCES "quoting"."quotes" ("tenant_id", "id") ON DELETE CASCADE,
        CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('viewed', 'accepted', 'declined'))
      )`);
    // the bell: a user's newest first, and how many are unread
    await queryRunner.query(`CREATE INDEX "notifications_user_idx" ON "quoting"."notifications" ("tenant_id", "user_id", "created_at" DESC)`);

    await isolateTenantRows(queryRunner, 'quoting', TABLES);
    await grantRuntimeRole(queryRunner, 'quoting', APP_ROLE, TABLES);

    // The public page's first step: the agency and quote of a live link, found by the token's hash
    // before any agency is set. It runs as the migrating role, which owns the table; FORCEd row-level
    // security binds an owner too, so that role alone gets a policy to read the links (the service's
    // own role never does). It answers nothing but the two ids.
    await queryRunner.query(`
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY "link_lookup" ON "quoting"."quote_links" FOR SELECT TO %I USING (true)', current_user);
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "quoting"."quote_link_target"(token_hash text)
        RETURNS TABLE (tenant_id uuid, quote_id uuid)
        LANGUAGE sql STABLE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
      AS $fn$
        SELECT link.tenant_id, link.quote_id FROM "quoting"."quote_links" link
         WHERE link.token_hash = quote_link_target.token_hash AND link.revoked_at IS NULL
      $fn$`);
    await queryRunner.query(`REVOKE ALL ON FUNCTION "quoting"."quote_link_target"(text) FROM PUBLIC`);
    await queryRunner.query(`GRANT EXECUTE ON FUNCTION "quoting"."quote_link_target"(text) TO ${APP_ROLE}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "quoting"."quote_link_target"(text)`);
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TABLE "quoting"."${table}"`);
    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes" DROP COLUMN "latest_revision", DROP COLUMN "last_sent_at", DROP COLUMN "customer_answer"`);
  }
}
