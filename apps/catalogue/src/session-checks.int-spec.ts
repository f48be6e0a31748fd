import { SESSION_ENDED_MESSAGE, TAGS_CREATE, VAT_RATES_CREATE, VAT_RATES_LIST, type Principal } from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import {
  adminOf,
  insertTenant,
  registerSession,
  registerTenantState,
  rpcError,
  superadmin,
  useCatalogueHarness,
} from './test/catalogue-harness';

/**
 * The catalogue's own check of the caller, reached straight over NATS as a caller that skipped the
 * gateway would: an ended session is refused, and nothing is written for an agency that does not exist.
 * Tenancy runs as its own process, so an agency Redis does not know is asked of the real owner.
 */
describe('catalogue session checks (integration)', () => {
  const harness = useCatalogueHarness({ withTenancy: true });
  /** The catalogue as a caller that skipped the gateway reaches it over NATS. */
  const sut = harness.rpc;
  let tenantId: string;

  beforeAll(async () => {
    tenantId = await insertTenant(harness.databaseUrl, `sessioni-${randomUUID().slice(0, 8)}`, ['it']);
  });

  const vatRate = { description: 'IVA ordinaria', rate: 22 };
  const vatRatesOf = async (id: string) =>
    (await harness.query<{ count: string }>('SELECT count(*) FROM catalogue.vat_rates WHERE tenant_id = $1', [id]))[0].count;

  it('serves a principal whose session is current', async () => {
    const admin = adminOf(tenantId);
    await expect(sut.send(VAT_RATES_CREATE, { principal: admin, tenantId, data: vatRate })).resolves.toMatchObject({ rate: '22.00' });
  });

  it('refuses a principal of an older session version (role or password changed since): 401, nothing written', async () => {
    const admin = adminOf(tenantId);
    await registerSession({ ...admin, sessionVersion: 2 });
    const before = await vatRatesOf(tenantId);
    for (const call of [
      sut.send(VAT_RATES_LIST, { principal: admin, tenantId }),
      sut.send(VAT_RATES_CREATE, { principal: admin, tenantId, data: vatRate }),
    ]) {
      expect(await rpcError(call)).toMatchObject({ statusCode: 401, reason: 'SESSION_ENDED', message: SESSION_ENDED_MESSAGE });
    }
    expect(await vatRatesOf(tenantId)).toBe(before);
  });

  it('refuses within a second a principal it has just served, once that session ended', async () => {
    const admin = adminOf(tenantId);
    await expect(sut.send(VAT_RATES_LIST, { principal: admin, tenantId })).resolves.toBeInstanceOf(Array);
    await registerSession({ ...admin, sessionVersion: 2 });
    const ended = Date.now();
    let error: unknown;
    while (error === undefined && Date.now() - ended < 2000) {
      error = await sut.send(VAT_RATES_LIST, { principal: admin, tenantId }).then(() => undefined, (failure: unknown) => failure);
    }
    expect(Date.now() - ended).toBeLessThan(1000);
    expect(await rpcError(Promise.reject(error))).toMatchObject({ statusCode: 401, reason: 'SESSION_ENDED' });
  });

  it('refuses a principal without a session version: 401', async () => {
    const { sessionVersion: _none, ...unversioned } = adminOf(tenantId);
    const error = await rpcError(sut.send(VAT_RATES_LIST, { principal: unversioned as Principal, tenantId }));
    expect(error).toMatchObject({ statusCode: 401, message: SESSION_ENDED_MESSAGE });
  });

  it.each([
    ['disabled', { version: 5, enabled: false, expiryDate: null }],
    ['expired', { version: 5, enabled: true, expiryDate: '2020-01-31' }],
    ['deleted', { deleted: true as const }],
  ])("refuses the users of an agency that is %s: 401, nothing written", async (_state, state) => {
    const agency = await insertTenant(harness.databaseUrl, `ferma-${randomUUID().slice(0, 8)}`, ['it']);
    const admin = await registerSession(adminOf(agency));
    await registerTenantState(agency, state);
    const error = await rpcError(sut.send(VAT_RATES_CREATE, { principal: admin, tenantId: agency, data: vatRate }));
    expect(error).toMatchObject({ statusCode: 401, message: SESSION_ENDED_MESSAGE });
    expect(await vatRatesOf(agency)).toBe('0');
  });

  it('answers a write into an agency that was never created 404, asking tenancy, and writes nothing', async () => {
    const nowhere = randomUUID();
    for (const call of [
      sut.send(VAT_RATES_CREATE, { principal: superadmin, tenantId: nowhere, data: vatRate }),
      sut.send(TAGS_CREATE, { principal: superadmin, tenantId: nowhere, data: { name: 'Lago', targetType: 'product' } }),
    ]) {
      expect(await rpcError(call)).toMatchObject({ statusCode: 404, reason: 'TENANT_NOT_FOUND', message: 'Tenant not found' });
    }
    expect(await vatRatesOf(nowhere)).toBe('0');
    const another = { ...vatRate, description: 'IVA dopo il rifiuto' };
    await expect(sut.send(VAT_RATES_CREATE, { principal: superadmin, tenantId, data: another })).resolves.toMatchObject({ rate: '22.00' });
  });
});
