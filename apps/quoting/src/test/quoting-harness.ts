import { Controller, Module } from '@nestjs/common';
import { AUTH_ME, type RpcRequest, type RpcResponse } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { insertPeriod, insertProduct, startBuiltService, twoAgencies } from '@quotebook/testing';
import { startStandIn, useServiceHarness, type ServiceDefinition } from '@quotebook/testing/harness';
import { QuotingModule } from '../app.module';
import { randomBytes } from 'node:crypto';
import { QuotingEnv } from '../env';

/** Quoting as main.ts runs it. */
export const quotingService: ServiceDefinition<QuotingEnv> = {
  name: 'quoting',
  envClass: QuotingEnv,
  createModule: (env) => QuotingModule.forRoot(env),
};

/** What quoting requires besides the test's database, bus and Redis: the key of its public links. */
export const quotingTestEnv = (): Record<string, string> => ({ LINK_SECRET: randomBytes(32).toString('hex') });

/** The real catalogue as its own process: quoting asks it for prices, customers and counts. */
export const startCatalogueProcess = (databaseUrl: string) => startBuiltService('catalogue', databaseUrl);

/** The full names identity gives users, by id; a user not named here is "Utente <first 8 characters of the id>". */
export const userNames = new Map<string, string>();
export const userNameOf = (userId: string) => userNames.get(userId) ?? `Utente ${userId.slice(0, 8)}`;

/** Identity as quoting asks it (who is creating a quote), played by a real NATS responder. */
@Controller()
class IdentityStandInController {
  @Handles(AUTH_ME)
  async me({ principal }: RpcRequest<typeof AUTH_ME>): Promise<RpcResponse<typeof AUTH_ME>> {
    const { userId, role, tenantId } = principal;
    return { id: userId, username: userId.slice(0, 8), name: userNameOf(userId), email: `${userId.slice(0, 8)}@example.com`, role, tenantId, createdAt: new Date(0).toISOString() };
  }
}

@Module({ controllers: [IdentityStandInController] })
class IdentityStandInModule {}

/**
 * Quoting in this process for the tests of the enclosing `describe`, with the real catalogue beside it
 * on the same database (its rows are arranged with the catalogue-row helpers of @quotebook/testing)
 * and identity played by a stand-in.
 */
const useQuotingHarness = () =>
  useServiceHarness(quotingService, {
    env: quotingTestEnv(),
    companions: { catalogue: startCatalogueProcess, identity: () => startStandIn(IdentityStandInModule, 'identity') },
    startTimeoutMs: 120_000,
  });

/**
 * What every quoting integration test starts from: the harness of the enclosing `describe`, quoting
 * (and the real catalogue beside it) as the gateway reaches it over NATS (`sut`), and two agencies:
 * `tenantA` with its `admin`, and `tenantB`.
 */
export function useQuotingTest() {
  const harness = useQuotingHarness();
  return { harness, sut: harness.rpc, ...twoAgencies() };
}

/** The season of the product the acceptance prices are given for. */
export const SEASON = { startDate: '2030-06-01', endDate: '2030-09-30' };
export const IN_SEASON = '2030-07-15';
export const OFF_SEASON = '2030-11-15';

/**
 * A product of the agency priced, in SEASON, at € 25 per person for at least 10 people, € 100 flat and
 * € 15 additional: 4 people cost 365.00, 12 cost 415.00.
 */
export async function seasonalProduct(databaseUrl: string, tenantId: string, titleIt: string | null = 'Tour del lago') {
  const product = await insertProduct(databaseUrl, tenantId, { titleIt });
  await insertPeriod(databaseUrl, tenantId, product.id, { ...SEASON, minParticipants: 10, costPerPerson: '25.00', flatRate: '100.00', additionalCosts: '15.00' });
  return product;
}

export { adminOf, insertCustomer, insertPeriod, insertPriceList, insertProduct, insertVatRate, superadmin, twoAgencies, userOf } from '@quotebook/testing';
export { registerTenantState, rpcError, watchRequests } from '@quotebook/testing/rpc';
