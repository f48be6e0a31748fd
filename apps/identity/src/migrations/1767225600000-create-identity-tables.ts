import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdentityTables1767225600000 implements MigrationInterface {
  name = 'CreateIdentityTables1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "username" text NOT NULL,
        "password_hash" text NOT NULL,
        "name" text NOT NULL,
        "email" text NOT NULL,
        "role" text NOT NULL,
        "tenant_id" uuid NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "users_username_key" UNIQUE ("username"),
        CONSTRAINT "users_role_check" CHECK ("role" IN ('superadmin', 'tenant_admin', 'tenant_user')),
        CONSTRAINT "users_tenant_check" CHECK (("role" = 'superadmin') = ("tenant_id" IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "users_tenant_id_idx" ON "identity"."users" ("tenant_id")`);
    await queryRunner.query(`CREATE INDEX "users_email_lower_idx" ON "identity"."users" (lower("email"))`);

    await queryRunner.query(`
      CREATE TABLE "identity"."password_reset_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "email" text NOT NULL,
        "token_hash" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "password_reset_tokens_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "identity"."users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "password_reset_tokens_user_id_idx" ON "identity"."password_reset_tokens" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."password_reset_tokens"`);
    await queryRunner.query(`DROP TABLE "identity"."users"`);
  }
}
