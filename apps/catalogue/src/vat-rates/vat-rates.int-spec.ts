import {
  CATALOGUE_HEALTH,
  VAT_RATES_CREATE,
  VAT_RATES_DELETE,
  VAT_RATES_LIST,
  VAT_RATES_UPDATE,
  type VatRateDto,
} from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import { adminOf, registerTenantState, rpcError, superadmin, twoAgencies, useCatalogueHarness, userOf } from '../test/catalogue-harness';

describe('catalogue VAT rates (integration)', () => {
  const harness = useCatalogueHarness();
  /** The catalogue as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const { tenantA, tenantB, admin } = twoAgencies();

  const create = (data: Partial<VatRateDto> & Record<string, unknown>, principal = admin, tenantId = tenantA) =>
    sut.send(VAT_RATES_CREATE, { principal, tenantId, data: data as VatRateDto });

  it('answers its health pattern with its database up', async () => {
    await expect(sut.send(CATALOGUE_HEALTH, {})).resolves.toEqual({ service: 'catalogue', status: 'up', database: 'up' });
  });

  it('creates a rate with two decimals, from a number or a numeric string', async () => {
    const rate = await create({ description: '  IVA ordinaria ', rate: 22 });
    expect(rate).toEqual({ id: expect.any(String), description: 'IVA ordinaria', rate: '22.00', createdAt: expect.any(String) });
    await expect(create({ description: 'Ridotta', rate: '10.5' })).resolves.toMatchObject({ rate: '10.50' });
    const [row] = await harness.query('SELECT tenant_id, rate FROM catalogue.vat_rates WHERE id = $1', [rate.id]);
    expect(row).toEqual({ tenant_id: tenantA, rate: '22.00' });
  });

  it('accepts the tenantId the client repeats in the body but keeps the one of the request', async () => {
    const rate = await create({ description: 'Echo', rate: 4, tenantId: tenantB });
    const [row] = await harness.query('SELECT tenant_id FROM catalogue.vat_rates WHERE id = $1', [rate.id]);
    expect(row).toEqual({ tenant_id: tenantA });
  });

  it.each([
    [{ rate: 22 }, 'Description is required'],
    [{ description: '   ', rate: 22 }, 'Description is required'],
    [{ description: 'Troppo', rate: 100.01 }, 'Rate must be a number from 0 to 100 with at most 2 decimals'],
    [{ description: 'Negativa', rate: -1 }, 'Rate must be a number from 0 to 100 with at most 2 decimals'],
    [{ description: 'Decimali', rate: '4.123' }, 'Rate must be a number from 0 to 100 with at most 2 decimals'],
    [{ description: 'Extra', rate: 4, color: 'red' }, 'property color should not exist'],
  ])('refuses %j: 400 naming the field', async (data, message) => {
    const error = await rpcError(create(data));
    expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED' });
    expect(error.message).toContain(message);
  });

  it("lists only the tenant's rates, to its users too", async () => {
    await create({ description: 'Altra agenzia', rate: 5 }, adminOf(tenantB), tenantB);
    const rates = await sut.send(VAT_RATES_LIST, { principal: userOf(tenantA), tenantId: tenantA });
    expect(rates.map((rate) => rate.description).sort()).toEqual(['Echo', 'IVA ordinaria', 'Ridotta']);
    expect(rates.map((rate) => rate.rate)).toEqual(['22.00', '10.50', '4.00']);
  });

  it('updates a rate', async () => {
    const [rate] = await sut.send(VAT_RATES_LIST, { principal: admin, tenantId: tenantA });
    const updated = await sut.send(VAT_RATES_UPDATE, { principal: admin, tenantId: tenantA, id: rate.id, data: { description: 'IVA 22', rate: '22.00' } });
    expect(updated).toEqual({ ...rate, description: 'IVA 22' });
  });

  it('deletes a rate', async () => {
    const rate = await create({ description: 'Da togliere', rate: 0 });
    await expect(sut.send(VAT_RATES_DELETE, { principal: admin, tenantId: tenantA, id: rate.id })).resolves.toEqual({ deleted: true });
    expect(await harness.query('SELECT id FROM catalogue.vat_rates WHERE id = $1', [rate.id])).toEqual([]);
  });

  describe('permissions', () => {
    it('lets a superadmin manage any tenant', async () => {
      await registerTenantState(tenantB);
      await expect(create({ description: 'Da superadmin', rate: 10 }, superadmin, tenantB)).resolves.toMatchObject({ rate: '10.00' });
    });

    it.each([
      ['a tenant user', userOf(tenantA)],
      ['an admin of another tenant', adminOf(tenantB)],
    ])('refuses writes by %s: 403', async (_who, principal) => {
      const [rate] = await sut.send(VAT_RATES_LIST, { principal: admin, tenantId: tenantA });
      for (const call of [
        () => create({ description: 'No', rate: 1 }, principal),
        () => sut.send(VAT_RATES_UPDATE, { principal, tenantId: tenantA, id: rate.id, data: { description: 'No', rate: 1 } }),
        () => sut.send(VAT_RATES_DELETE, { principal, tenantId: tenantA, id: rate.id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 403, reason: 'FORBIDDEN' });
      }
      expect(await sut.send(VAT_RATES_LIST, { principal: admin, tenantId: tenantA })).toContainEqual(rate);
    });

    it("refuses to show another tenant's rates: 403", async () => {
      expect(await rpcError(sut.send(VAT_RATES_LIST, { principal: userOf(tenantB), tenantId: tenantA }))).toMatchObject({
        statusCode: 403,
        message: "You don't have access to this tenant.",
      });
    });

    it('refuses a request without a principal: 403', async () => {
      expect(await rpcError(sut.send(VAT_RATES_LIST, { tenantId: tenantA } as never))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('not found', () => {
    it("answers another tenant's rate as not found, and leaves it alone", async () => {
      const [foreign] = await sut.send(VAT_RATES_LIST, { principal: adminOf(tenantB), tenantId: tenantB });
      for (const call of [
        () => sut.send(VAT_RATES_UPDATE, { principal: admin, tenantId: tenantA, id: foreign.id, data: { description: 'Presa', rate: 1 } }),
        () => sut.send(VAT_RATES_DELETE, { principal: admin, tenantId: tenantA, id: foreign.id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404, message: 'VAT rate not found' });
      }
      expect(await sut.send(VAT_RATES_LIST, { principal: adminOf(tenantB), tenantId: tenantB })).toContainEqual(foreign);
    });

    it.each([randomUUID(), 'not-a-uuid'])('answers the unknown id %s as not found', async (id) => {
      expect(await rpcError(sut.send(VAT_RATES_DELETE, { principal: admin, tenantId: tenantA, id }))).toMatchObject({ statusCode: 404 });
    });
  });
});
