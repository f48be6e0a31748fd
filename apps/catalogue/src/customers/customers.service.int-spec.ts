import { CUSTOMERS_GET, type CustomerDto, type PriceListDto, type SetTagsDto, type TagDto } from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import { PriceListsService } from '../price-lists/price-lists.service';
import { TagsService } from '../tags/tags.service';
import { adminOf, rpcError, twoAgencies, useCatalogueHarness, userOf } from '../test/catalogue-harness';
import { CustomersService } from './customers.service';

/** The customers service called directly, on the real database. */
describe(CustomersService.name, () => {
  const harness = useCatalogueHarness();
  let sut: CustomersService;
  const { tenantA: tenantId, tenantB: otherTenantId, admin } = twoAgencies();

  beforeAll(() => (sut = harness.get(CustomersService)));

  const customer = (dto: Partial<CustomerDto> = {}, agency = tenantId) =>
    sut.create(adminOf(agency), agency, { title: 'Spett.le', name: 'Scuola Dante', email: 'segreteria@dante.test', ...dto } as CustomerDto);
  const priceList = (isActive: boolean, agency = tenantId) =>
    harness
      .get(PriceListsService)
      .create(adminOf(agency), agency, { name: `Listino ${randomUUID()}`, startDate: '2030-01-01', endDate: '2030-12-31', isActive } as PriceListDto);
  const tag = (targetType: 'product' | 'customer', agency = tenantId) =>
    harness.get(TagsService).create(adminOf(agency), agency, { name: `Tag ${randomUUID()}`, targetType } as TagDto);
  const listed = async (id: string, agency = tenantId) => (await sut.list(userOf(agency), agency)).items.find((each) => each.id === id);

  describe('create and update', () => {
    it('stores an optional text trimmed and an empty one as none', async () => {
      const created = await customer({ phone: '  06 1234567 ', city: '', pec: null });
      expect(created).toMatchObject({ title: 'Spett.le', name: 'Scuola Dante', phone: '06 1234567', city: null, pec: null, priceListId: null, tagIds: [] });
      expect(await listed(created.id)).toEqual(created);
    });

    it('keeps an optional text the update leaves out and clears one it sends empty', async () => {
      const created = await customer({ phone: '06 1234567', city: 'Roma' });
      const updated = await sut.update(admin, tenantId, created.id, { title: 'Gent.ma', name: 'Scuola Dante', email: 'info@dante.test', city: '' } as CustomerDto);
      expect(updated).toMatchObject({ title: 'Gent.ma', email: 'info@dante.test', phone: '06 1234567', city: null });
    });

    it('lets only an administrator write: 403 for a tenant user', async () => {
      const error = await rpcError(sut.create(userOf(tenantId), tenantId, { title: 'Spett.le', name: 'No', email: 'no@x.test' } as CustomerDto));
      expect(error).toMatchObject({ statusCode: 403 });
    });
  });

  describe('price list', () => {
    it('takes an active price list of the agency', async () => {
      const active = await priceList(true);
      await expect(customer({ priceListId: active.id })).resolves.toMatchObject({ priceListId: active.id });
    });

    it.each([
      ['an inactive price list', () => priceList(false)],
      ["another agency's price list", () => priceList(true, otherTenantId)],
    ])('refuses %s, naming priceListId, and stores nothing', async (_which, make) => {
      const refused = await make();
      const name = `Rifiutato ${randomUUID()}`;
      const error = await rpcError(customer({ name, priceListId: refused.id }));
      expect(error).toMatchObject({ statusCode: 400, message: ['priceListId must be an active price list of this tenant'] });
      expect(await harness.query('SELECT id FROM catalogue.customers WHERE name = $1', [name])).toEqual([]);
    });

    it('keeps a price list switched off since, when other fields change, but refuses switching to another inactive one', async () => {
      const list = await priceList(true);
      const created = await customer({ priceListId: list.id });
      await harness.query('UPDATE catalogue.price_lists SET is_active = false WHERE id = $1', [list.id]);
      const base = { title: 'Spett.le', name: 'Scuola Dante', email: 'segreteria@dante.test' };

      const moved = await sut.update(admin, tenantId, created.id, { ...base, city: 'Milano', priceListId: list.id } as CustomerDto);
      expect(moved).toMatchObject({ city: 'Milano', priceListId: list.id });

      const inactive = await priceList(false);
      const error = await rpcError(sut.update(admin, tenantId, created.id, { ...base, priceListId: inactive.id } as CustomerDto));
      expect(error).toMatchObject({ statusCode: 400, message: ['priceListId must be an active price list of this tenant'] });
      expect((await listed(created.id))?.priceListId).toBe(list.id);
    });

    it('drops the price list when sent null', async () => {
      const created = await customer({ priceListId: (await priceList(true)).id });
      const base = { title: 'Spett.le', name: 'Scuola Dante', email: 'segreteria@dante.test' };
      await expect(sut.update(admin, tenantId, created.id, { ...base, priceListId: null } as CustomerDto)).resolves.toMatchObject({ priceListId: null });
    });
  });

  describe('tags', () => {
    it('becomes exactly the customer tags given, and refuses a product tag without changing anything', async () => {
      const created = await customer();
      const [vip, school, lake] = [await tag('customer'), await tag('customer'), await tag('product')];
      await sut.setTags(admin, tenantId, created.id, { tagIds: [vip.id, school.id] } as SetTagsDto);
      await expect(sut.setTags(admin, tenantId, created.id, { tagIds: [school.id] } as SetTagsDto)).resolves.toEqual({ tagIds: [school.id] });

      const error = await rpcError(sut.setTags(admin, tenantId, created.id, { tagIds: [vip.id, lake.id] } as SetTagsDto));
      expect(error).toMatchObject({ statusCode: 400, message: ['tagIds must contain only customer tags of this tenant'] });
      expect((await listed(created.id))?.tagIds).toEqual([school.id]);
    });
  });

  it('reads one customer to every user of the agency, over the bus too (CUSTOMERS_GET)', async () => {
    const created = await customer({ title: 'Gent.ma Dottoressa', address: 'Via Dante 1', city: 'Roma' });
    await expect(harness.rpc.send(CUSTOMERS_GET, { principal: userOf(tenantId), tenantId, id: created.id })).resolves.toEqual(created);
    expect(await rpcError(harness.rpc.send(CUSTOMERS_GET, { principal: userOf(otherTenantId), tenantId, id: created.id }))).toMatchObject({ statusCode: 403 });
    expect(await rpcError(harness.rpc.send(CUSTOMERS_GET, { principal: admin, tenantId, id: 'nope' }))).toMatchObject({ statusCode: 404 });
  });

  describe('tenant isolation', () => {
    it("answers another agency's customer as not found and leaves it as it was", async () => {
      const foreign = await customer({ name: 'Hotel Altrove' }, otherTenantId);
      for (const call of [
        () => sut.update(admin, tenantId, foreign.id, { title: 'Spett.le', name: 'Preso', email: 'preso@x.test' } as CustomerDto),
        () => sut.get(admin, tenantId, foreign.id),
        () => sut.getTags(admin, tenantId, foreign.id),
        () => sut.setTags(admin, tenantId, foreign.id, { tagIds: [] } as SetTagsDto),
        () => sut.delete(admin, tenantId, foreign.id),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404, message: 'Customer not found' });
      }
      expect(await listed(foreign.id, otherTenantId)).toMatchObject({ name: 'Hotel Altrove' });
      expect(await listed(foreign.id)).toBeUndefined();
    });

    it('refuses to act in another agency: 403', async () => {
      expect(await rpcError(sut.list(userOf(otherTenantId), tenantId))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('delete', () => {
    it('removes the customer and its tag links, and keeps the tag', async () => {
      const created = await customer();
      const vip = await tag('customer');
      await sut.setTags(admin, tenantId, created.id, { tagIds: [vip.id] } as SetTagsDto);

      await expect(sut.delete(admin, tenantId, created.id)).resolves.toEqual({ deleted: true });

      expect(await listed(created.id)).toBeUndefined();
      expect(await harness.query('SELECT * FROM catalogue.customer_tags WHERE customer_id = $1', [created.id])).toEqual([]);
      expect(await harness.query('SELECT id FROM catalogue.tags WHERE id = $1', [vip.id])).toHaveLength(1);
      expect(await rpcError(sut.delete(admin, tenantId, created.id))).toMatchObject({ statusCode: 404 });
    });
  });
});
