import { queryDatabase, startBuiltService } from '@quotebook/testing';
import { useServiceHarness, type ServiceDefinition } from '@quotebook/testing/harness';
import { CatalogueModule } from '../app.module';
import { CatalogueEnv } from '../env';
import { startQuotingStandIn } from './quoting-stand-in';

/** The catalogue as main.ts runs it. */
export const catalogueService: ServiceDefinition<CatalogueEnv> = {
  name: 'catalogue',
  envClass: CatalogueEnv,
  createModule: (env) => CatalogueModule.forRoot(env),
};

/**
 * The catalogue in this process for the tests of the enclosing `describe`, with a stand-in of quoting
 * (asked before a customer or a product is deleted: see quotesUsing) and optionally tenancy's process.
 */
export const useCatalogueHarness = (options: { withTenancy?: boolean } = {}) =>
  options.withTenancy
    ? useServiceHarness(catalogueService, { companions: { quoting: startQuotingStandIn, tenancy: startTenancyProcess }, startTimeoutMs: 120_000 })
    : useServiceHarness(catalogueService, { companions: { quoting: startQuotingStandIn } });

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

export { adminOf, superadmin, twoAgencies, userOf } from '@quotebook/testing';

export { registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
export { quotesUsing } from './quoting-stand-in';
