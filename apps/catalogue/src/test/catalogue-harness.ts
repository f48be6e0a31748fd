import type { Principal } from '@quotebook/contracts';
import { queryDatabase, startBuiltService } from '@quotebook/testing';
import { useServiceHarness, type ServiceDefinition } from '@quotebook/testing/harness';
import { randomUUID } from 'node:crypto';
import { CatalogueModule } from '../app.module';
import { CatalogueEnv } from '../env';

/** The catalogue as main.ts runs it. */
export const catalogueService: ServiceDefinition<CatalogueEnv> = {
  name: 'catalogue',
  envClass: CatalogueEnv,
  createModule: (env) => CatalogueModule.forRoot(env),
};

/** The catalogue in this process for the tests of the enclosing `describe`, optionally with tenancy's process beside it. */
export const useCatalogueHarness = (options: { withTenancy?: boolean } = {}) =>
  useServiceHarness(catalogueService, options.withTenancy ? { companions: { tenancy: startTenancyProcess }, startTimeoutMs: 120_000 } : {});

/** The real tenancy service as its own process: catalogue asks it for an agency's languages and state. */
export const startTenancyProcess = (databaseUrl: string) => startBuiltService('tenancy', databaseUrl);

/**
 * A tenant as tenancy stores it. Written straight into tenancy's table: creating it through tenancy
 * would also need identity (for the tenant's admin), which has nothing to do with the catalogue.
 */
export async function insertTenant(databaseUrl: string, keyword: string, languages: string[]): Promise<string> {
  const [row] = await queryDatabase<{ id: string }>(
    databaseUrl,
    `INSERT INTO tenancy.tenants (name, keyword, languages, expiry_date) VALUES ($1, $2, $3, current_date + 365) RETURNING id`,
    [`Agenzia ${keyword}`, keyword, languages],
  );
  return row.id;
}

export const superadmin: Principal = { userId: randomUUID(), role: 'superadmin', tenantId: null, sessionVersion: 1 };
export const adminOf = (tenantId: string): Principal => ({ userId: randomUUID(), role: 'tenant_admin', tenantId, sessionVersion: 1 });
export const userOf = (tenantId: string): Principal => ({ userId: randomUUID(), role: 'tenant_user', tenantId, sessionVersion: 1 });

/** Two agencies that exist only by their ids, and an administrator of the first. */
export function twoAgencies() {
  const tenantA = randomUUID();
  return { tenantA, tenantB: randomUUID(), admin: adminOf(tenantA) };
}

export { registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
