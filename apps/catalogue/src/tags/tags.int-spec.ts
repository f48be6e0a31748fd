import {
  CUSTOMERS_CREATE,
  CUSTOMERS_GET_TAGS,
  CUSTOMERS_SET_TAGS,
  TAGS_CREATE,
  TAGS_DELETE,
  TAGS_LIST,
  TAGS_UPDATE,
  type TagDto,
} from '@quotebook/contracts';
import { adminOf, rpcError, twoAgencies, useCatalogueHarness, userOf } from '../test/catalogue-harness';

describe('catalogue tags (integration)', () => {
  const harness = useCatalogueHarness();
  /** The catalogue as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const { tenantA, tenantB, admin } = twoAgencies();

  // loose on purpose: the tests also send what a client may get wrong ('Product', 'supplier', no type)
  const create = (data: Record<string, unknown>, principal = admin, tenantId = tenantA) =>
    sut.send(TAGS_CREATE, { principal, tenantId, data: data as unknown as TagDto });
  const list = (targetType?: string, principal = admin) =>
    sut.send(TAGS_LIST, { principal, tenantId: tenantA, ...(targetType === undefined ? {} : { targetType: targetType as never }) });

  describe('create and list', () => {
    beforeAll(async () => {
      await create({ name: 'Lago', targetType: 'product', description: 'Sul lago' });
      await create({ name: 'Barca', targetType: 'Product' });
      await create({ name: 'VIP', targetType: 'customer', description: '' });
      await create({ name: 'Altrove', targetType: 'product' }, adminOf(tenantB), tenantB);
    });

    it('creates a tag, the target type in lower case and an empty description as none', async () => {
      const tags = await list();
      expect(tags).toEqual([
        { id: expect.any(String), name: 'Barca', targetType: 'product', description: null, createdAt: expect.any(String) },
        { id: expect.any(String), name: 'Lago', targetType: 'product', description: 'Sul lago', createdAt: expect.any(String) },
        { id: expect.any(String), name: 'VIP', targetType: 'customer', description: null, createdAt: expect.any(String) },
      ]);
    });

    it('filters by target type, for the tenant users as well', async () => {
      expect((await list('product', userOf(tenantA))).map((tag) => tag.name)).toEqual(['Barca', 'Lago']);
      expect((await list('customer', userOf(tenantA))).map((tag) => tag.name)).toEqual(['VIP']);
    });

    it('refuses an unknown target type in the list: 400', async () => {
      expect(await rpcError(list('supplier'))).toMatchObject({ statusCode: 400, message: ['targetType must be product or customer'] });
    });

    it.each([
      [{ targetType: 'product' }, 'Tag name is required'],
      [{ name: ' ', targetType: 'product' }, 'Tag name is required'],
      [{ name: 'Senza tipo' }, 'Target type is required'],
      [{ name: 'Fornitore', targetType: 'supplier' }, 'Target type is required'],
    ])('refuses %j: 400 with the message of the rule', async (data, message) => {
      const error = await rpcError(create(data));
      expect(error).toMatchObject({ statusCode: 400 });
      expect(error.message).toContain(message);
    });
  });

  describe('update and delete', () => {
    it('updates name, type and description of a tag nobody carries', async () => {
      const tag = await create({ name: 'Provvisorio', targetType: 'product' });
      const updated = await sut.send(TAGS_UPDATE, {
        principal: admin,
        tenantId: tenantA,
        id: tag.id,
        data: { name: 'Definitivo', targetType: 'customer', description: 'Clienti fedeli' },
      });
      expect(updated).toEqual({ ...tag, name: 'Definitivo', targetType: 'customer', description: 'Clienti fedeli' });
    });

    it('keeps the target type of a tag in use: 409, nothing changed', async () => {
      const tag = await create({ name: 'Fedele', targetType: 'customer' });
      const customer = await sut.send(CUSTOMERS_CREATE, {
        principal: admin,
        tenantId: tenantA,
        data: { title: 'Spett.le', name: 'Hotel Lago', email: 'info@lago.test' },
      });
      await sut.send(CUSTOMERS_SET_TAGS, { principal: admin, tenantId: tenantA, id: customer.id, data: { tagIds: [tag.id] } });

      const error = await rpcError(
        sut.send(TAGS_UPDATE, { principal: admin, tenantId: tenantA, id: tag.id, data: { name: 'Fedele', targetType: 'product' } }),
      );

      expect(error).toMatchObject({ statusCode: 409, message: 'Tag is assigned to 1 customer(s): its target type cannot change' });
      expect((await list('customer')).map((each) => each.name)).toContain('Fedele');
    });

    it("removes the tag and its assignments", async () => {
      const tag = await create({ name: 'Effimero', targetType: 'customer' });
      const customer = await sut.send(CUSTOMERS_CREATE, {
        principal: admin,
        tenantId: tenantA,
        data: { title: 'Spett.le', name: 'Hotel Monte', email: 'info@monte.test' },
      });
      await sut.send(CUSTOMERS_SET_TAGS, { principal: admin, tenantId: tenantA, id: customer.id, data: { tagIds: [tag.id] } });

      await expect(sut.send(TAGS_DELETE, { principal: admin, tenantId: tenantA, id: tag.id })).resolves.toEqual({ deleted: true });

      await expect(sut.send(CUSTOMERS_GET_TAGS, { principal: admin, tenantId: tenantA, id: customer.id })).resolves.toEqual({ tagIds: [] });
      expect(await harness.query('SELECT * FROM catalogue.customer_tags WHERE tag_id = $1', [tag.id])).toEqual([]);
    });

    it("answers another tenant's tag as not found", async () => {
      const foreign = await create({ name: 'Loro', targetType: 'product' }, adminOf(tenantB), tenantB);
      for (const call of [
        () => sut.send(TAGS_UPDATE, { principal: admin, tenantId: tenantA, id: foreign.id, data: { name: 'Nostro', targetType: 'product' } }),
        () => sut.send(TAGS_DELETE, { principal: admin, tenantId: tenantA, id: foreign.id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404, message: 'Tag not found' });
      }
    });

    it('refuses writes by a tenant user: 403', async () => {
      const [tag] = await list();
      const user = userOf(tenantA);
      for (const call of [
        () => create({ name: 'No', targetType: 'product' }, user),
        () => sut.send(TAGS_UPDATE, { principal: user, tenantId: tenantA, id: tag.id, data: { name: 'No', targetType: 'product' } }),
        () => sut.send(TAGS_DELETE, { principal: user, tenantId: tenantA, id: tag.id }),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 403 });
      }
    });
  });
});
