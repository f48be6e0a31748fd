import type { QueryRunner } from 'typeorm';
import { TENANT_SETTING } from './tenant-transaction';

/*
 * What a service's first migration does for its tenant tables: row-level security on `tenant_id`, and
 * the runtime role (see DatabaseOptions.runtimeRole) that the service's connections switch to. A
 * migration's SQL must never change once it ran somewhere: change these only by adding new functions.
 */

/** The tenant of the current transaction, as withTenant sets it; unset, it matches no row. */
const CURRENT_TENANT = `nullif(current_setting('${TENANT_SETTING}', true), '')::uuid`;

/**
 * Row-level security on each table, FORCEd so that it binds the tables' owner too (superusers are never
 * bound): a row is seen and written only in a transaction set to its tenant.
 */
export async function isolateTenantRows(queryRunner: QueryRunner, schema: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await queryRunner.query(`ALTER TABLE "${schema}"."${table}" ENABLE ROW LEVEL SECURITY`);
    await queryRunner.query(`ALTER TABLE "${schema}"."${table}" FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`
        CREATE POLICY "tenant_isolation" ON "${schema}"."${table}"
          USING ("tenant_id" = ${CURRENT_TENANT})
          WITH CHECK ("tenant_id" = ${CURRENT_TENANT})`);
  }
}

/**
 * The runtime role: no login, no table of its own, no BYPASSRLS, allowed to read and write the rows of
 * `tables` only. The connecting user becomes a member, so its connections may switch to it.
 */
export async function grantRuntimeRole(queryRunner: QueryRunner, schema: string, role: string, tables: readonly string[]): Promise<void> {
  // Roles belong to the whole cluster, so another database (a test run, a second deployment) may have
  // created it already, possibly at this very moment (then the unique index of pg_authid answers
  // instead of duplicate_object).
  await queryRunner.query(`
      DO $$ BEGIN
        CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
  // the connecting user must be a member to SET ROLE to it (a superuser needs no membership)
  await queryRunner.query(`
      DO $$ BEGIN
        IF NOT pg_has_role(current_user, '${role}', 'MEMBER') THEN
          EXECUTE format('GRANT ${role} TO %I', current_user);
        END IF;
      EXCEPTION WHEN unique_violation THEN NULL;
      END $$`);
  await queryRunner.query(`GRANT USAGE ON SCHEMA "${schema}" TO ${role}`);
  await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables.map((table) => `"${schema}"."${table}"`).join(', ')} TO ${role}`);
}

/**
 * What such a migration's `down` undoes: the tables, children first, and the role's use of the schema.
 * The role itself stays: other databases of the cluster may still use it.
 */
export async function dropTenantTables(queryRunner: QueryRunner, schema: string, role: string, tables: readonly string[]): Promise<void> {
  for (const table of [...tables].reverse()) await queryRunner.query(`DROP TABLE "${schema}"."${table}"`);
  await queryRunner.query(`REVOKE USAGE ON SCHEMA "${schema}" FROM ${role}`);
}
