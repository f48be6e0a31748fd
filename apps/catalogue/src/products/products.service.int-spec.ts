import type { AvailabilityDto, ProductDto, SetTagsDto, TagDto, VatRateDto } from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import { adminOf, insertTenant, registerSession, rpcError, useCatalogueHarness, userOf } from '../test/catalogue-harness';
import { TagsService } from '../tags/tags.service';
import { VatRatesService } from '../vat-rates/vat-rates.service';
import { AvailabilityService } from './availability.service';
import { ProductsService } from './products.service';

/** The products service called directly, on the real database; tenancy (its own process) owns the agencies' languages. */
describe(ProductsService.name, () => {
  const harness = useCatalogueHarness({ withTenancy: true });
  let sut: ProductsService;
  let tenantId: string;
  let otherTenantId: string;
  const admin = () => adminOf(tenantId);

  beforeAll(async () => {
    sut = harness.get(ProductsService);
    const suffix = randomUUID().slice(0, 8);
    tenantId = await insertTenant(harness.databaseUrl, `prodotti-${suffix}`, ['it', 'en']);
    otherTenantId = await insertTenant(harness.databaseUrl, `altri-${suffix}`, ['it']);
  });

  /** An admin of the agency whose session tenancy accepts (it checks the caller when asked for the languages). */
  const signedInAdmin = (agency = tenantId) => registerSession(adminOf(agency));
  const product = (dto: Partial<ProductDto> = {}, agency = tenantId) =>
    signedInAdmin(agency).then((principal) => sut.create(principal, agency, { language: 'it', title: 'Tour del Colosseo', ...dto } as ProductDto));
  const tag = (name: string, targetType: 'product' | 'customer', agency = tenantId) =>
    harness.get(TagsService).create(adminOf(agency), agency, { name, targetType } as TagDto);
  const period = (productId: string, dto: Partial<AvailabilityDto>) =>
    harness.get(AvailabilityService).create(admin(), tenantId, productId, { hasCostPerPerson: true, ...dto } as AvailabilityDto);
  const productRows = (table: 'product_availability' | 'product_tags', productId: string) =>
    harness.query(`SELECT * FROM catalogue.${table} WHERE product_id = $1`, [productId]);

  describe('create', () => {
    it('gives each new product its own code of 6 letters and digits', async () => {
      const [first, second] = [await product(), await product()];
      expect(first.code).toMatch(/^[A-Z0-9]{6}$/);
      expect(second.code).toMatch(/^[A-Z0-9]{6}$/);
      expect(second.code).not.toBe(first.code);
    });

    it('stores the texts under the language they were written in, with no tags, periods or price yet', async () => {
      const created = await product({ language: 'en', title: 'Boat trip', subtitle: 'On the lake', durationHours: 2, durationMinutes: 30 });
      expect(created).toMatchObject({
        titles: { en: 'Boat trip' },
        subtitles: { en: 'On the lake' },
        shortDescriptions: {},
        durationHours: 2,
        durationMinutes: 30,
        vatRateId: null,
        tagIds: [],
        availability: [],
        currentPrice: null,
      });
    });

    it('takes a VAT rate of the agency and refuses one of another agency, naming vatRateId', async () => {
      const own = await harness.get(VatRatesService).create(admin(), tenantId, { description: 'Ordinaria', rate: 22 } as VatRateDto);
      const foreign = await harness.get(VatRatesService).create(adminOf(otherTenantId), otherTenantId, { description: 'Altra', rate: 10 } as VatRateDto);
      await expect(product({ vatRateId: own.id })).resolves.toMatchObject({ vatRateId: own.id });
      expect(await rpcError(product({ vatRateId: foreign.id }))).toMatchObject({
        statusCode: 400,
        message: ['vatRateId must be a VAT rate of this tenant'],
      });
    });

    it('refuses a language the agency has not enabled, naming it', async () => {
      const error = await rpcError(product({ language: 'de', title: 'Kolosseum' }));
      expect(error).toMatchObject({ statusCode: 400 });
      expect(error.message).toEqual([expect.stringMatching(/^language: de is not enabled/)]);
    });

    it('lets only an administrator create: 403 for a tenant user', async () => {
      const user = await registerSession(userOf(tenantId));
      expect(await rpcError(sut.create(user, tenantId, { language: 'it', title: 'No' } as ProductDto))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('texts per language', () => {
    it('changes one language and leaves the others as they were', async () => {
      const created = await product({ subtitle: 'Con guida' });
      const english = await sut.update(await signedInAdmin(), tenantId, created.id, { language: 'en', title: 'Colosseum tour' } as ProductDto);
      expect(english.titles).toEqual({ it: 'Tour del Colosseo', en: 'Colosseum tour' });
      expect(english.subtitles).toEqual({ it: 'Con guida' });
      expect(english.code).toBe(created.code);
    });

    it('removes a language’s text sent empty and keeps a text not sent', async () => {
      const created = await product({ subtitle: 'Con guida', shortDescription: 'Due ore' });
      const updated = await sut.update(await signedInAdmin(), tenantId, created.id, { language: 'it', title: 'Colosseo', subtitle: '' } as ProductDto);
      expect(updated.titles).toEqual({ it: 'Colosseo' });
      expect(updated.subtitles).toEqual({});
      expect(updated.shortDescriptions).toEqual({ it: 'Due ore' });
    });

    it('copies the Italian texts into another language, and refuses a product with no Italian title', async () => {
      const created = await product({ shortDescription: 'Visita guidata' });
      const copied = await sut.copyFromItalian(await signedInAdmin(), tenantId, created.id, { targetLanguages: ['en'] });
      expect(copied.titles).toEqual({ it: 'Tour del Colosseo', en: 'Tour del Colosseo' });
      expect(copied.shortDescriptions).toEqual({ it: 'Visita guidata', en: 'Visita guidata' });

      const englishOnly = await product({ language: 'en', title: 'Only English' });
      const error = await rpcError(sut.copyFromItalian(await signedInAdmin(), tenantId, englishOnly.id, { targetLanguages: ['en'] }));
      expect(error).toMatchObject({ statusCode: 400, message: ['The product has no Italian title to copy from'] });
    });
  });

  describe('tags', () => {
    it('becomes exactly the product tags given, and refuses a customer tag without changing anything', async () => {
      const created = await product();
      const [lake, boat, vip] = [await tag(`Lago ${randomUUID()}`, 'product'), await tag(`Barca ${randomUUID()}`, 'product'), await tag(`VIP ${randomUUID()}`, 'customer')];
      await sut.setTags(admin(), tenantId, created.id, { tagIds: [lake.id, boat.id] } as SetTagsDto);
      await expect(sut.setTags(admin(), tenantId, created.id, { tagIds: [boat.id] } as SetTagsDto)).resolves.toEqual({ tagIds: [boat.id] });

      const error = await rpcError(sut.setTags(admin(), tenantId, created.id, { tagIds: [lake.id, vip.id] } as SetTagsDto));
      expect(error).toMatchObject({ statusCode: 400, message: ['tagIds must contain only product tags of this tenant'] });
      await expect(sut.getTags(userOf(tenantId), tenantId, created.id)).resolves.toEqual({ tagIds: [boat.id] });
    });
  });

  describe('periods and the current price', () => {
    it('prices the product from the period that contains today, not from one that is over', async () => {
      const created = await product();
      await period(created.id, { startDate: '2001-01-01', endDate: '2001-12-31', costPerPerson: 99 });
      await period(created.id, { startDate: '2002-01-01', endDate: '2099-12-31', costPerPerson: '45.50' });

      const [listed] = (await sut.list(userOf(tenantId), tenantId)).items.filter((each) => each.id === created.id);
      expect(listed.currentPrice).toBe('45.50');
      expect(listed.availability.map((each) => each.startDate)).toEqual(['2001-01-01', '2002-01-01']);
    });

    it('has no current price when no period contains today', async () => {
      const created = await product();
      await period(created.id, { startDate: '2001-01-01', endDate: '2001-12-31', costPerPerson: 30 });
      const [listed] = (await sut.list(userOf(tenantId), tenantId)).items.filter((each) => each.id === created.id);
      expect(listed.currentPrice).toBeNull();
    });
  });

  describe('tenant isolation', () => {
    it("answers another agency's product as not found and leaves it as it was", async () => {
      const foreign = await product({ title: 'Giro in gondola' }, otherTenantId);
      const intruder = await signedInAdmin();
      for (const call of [
        () => sut.update(intruder, tenantId, foreign.id, { language: 'it', title: 'Preso' } as ProductDto),
        () => sut.getTags(intruder, tenantId, foreign.id),
        () => sut.setTags(intruder, tenantId, foreign.id, { tagIds: [] } as SetTagsDto),
        () => sut.copyFromItalian(intruder, tenantId, foreign.id, { targetLanguages: ['en'] }),
        () => sut.delete(intruder, tenantId, foreign.id),
      ]) {
        expect(await rpcError(call())).toMatchObject({ statusCode: 404, message: 'Product not found' });
      }
      const [stored] = (await sut.list(userOf(otherTenantId), otherTenantId)).items.filter((each) => each.id === foreign.id);
      expect(stored.titles).toEqual({ it: 'Giro in gondola' });
    });

    it("refuses to act in another agency: 403", async () => {
      expect(await rpcError(sut.list(userOf(otherTenantId), tenantId))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('delete', () => {
    it('removes the product with its periods and tag links, and keeps the tag', async () => {
      const created = await product();
      const lake = await tag(`Lago ${randomUUID()}`, 'product');
      await sut.setTags(admin(), tenantId, created.id, { tagIds: [lake.id] } as SetTagsDto);
      await period(created.id, { startDate: '2030-01-01', endDate: '2030-12-31', costPerPerson: 10 });

      await expect(sut.delete(admin(), tenantId, created.id)).resolves.toEqual({ deleted: true });

      expect((await sut.list(userOf(tenantId), tenantId)).items.map((each) => each.id)).not.toContain(created.id);
      expect(await productRows('product_availability', created.id)).toEqual([]);
      expect(await productRows('product_tags', created.id)).toEqual([]);
      expect(await harness.query('SELECT id FROM catalogue.tags WHERE id = $1', [lake.id])).toHaveLength(1);
      expect(await rpcError(sut.delete(admin(), tenantId, created.id))).toMatchObject({ statusCode: 404 });
    });
  });
});
