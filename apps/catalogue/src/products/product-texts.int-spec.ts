import type { ProductDto } from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';
import { adminOf, insertTenant, registerSession, rpcError, useCatalogueHarness, userOf } from '../test/catalogue-harness';
import { PRODUCT_SHORT_TEXT_MAX, ProductTextsService } from './product-texts.service';
import { ProductsService } from './products.service';

/** The products' texts in one language, as a document or a public quote page asks for them. */
describe(ProductTextsService.name, () => {
  const harness = useCatalogueHarness({ withTenancy: true });
  let sut: ProductTextsService;
  let tenantId: string;
  let otherTenantId: string;

  beforeAll(async () => {
    sut = harness.get(ProductTextsService);
    const suffix = randomUUID().slice(0, 8);
    tenantId = await insertTenant(harness.databaseUrl, `testi-${suffix}`, ['it', 'en', 'de']);
    otherTenantId = await insertTenant(harness.databaseUrl, `altri-testi-${suffix}`, ['it', 'en']);
  });

  const write = async (agency: string, texts: Partial<ProductDto>[]) => {
    const principal = await registerSession(adminOf(agency));
    const products = harness.get(ProductsService);
    let product = await products.create(principal, agency, { language: 'it', title: 'Tour del Colosseo', ...texts[0] } as ProductDto);
    for (const more of texts.slice(1)) product = await products.update(principal, agency, product.id, { title: product.titles['it'], ...more } as ProductDto);
    return product;
  };

  it('answers the title and short description in the language, Italian where it has none, as plain text', async () => {
    const translated = await write(tenantId, [
      { language: 'it', title: 'Giro in battello', shortDescription: '<p>Giro del lago <b>in battello</b></p>' },
      { language: 'en', title: 'Boat trip', shortDescription: '<p>A trip on the lake &amp; lunch</p>' },
    ]);
    const italianOnly = await write(tenantId, [{ language: 'it', title: 'Visita guidata', shortDescription: 'Con guida' }]);
    const titleOnly = await write(tenantId, [{ language: 'it', title: 'Museo' }, { language: 'en', title: 'Museum' }]);

    const english = await sut.textsIn(userOf(tenantId), tenantId, [translated.id, italianOnly.id, titleOnly.id], 'en');
    expect(english).toEqual([
      { id: translated.id, title: 'Boat trip', shortDescription: 'A trip on the lake & lunch' },
      { id: italianOnly.id, title: 'Visita guidata', shortDescription: 'Con guida' },
      { id: titleOnly.id, title: 'Museum', shortDescription: null },
    ]);
    expect(await sut.textsIn(userOf(tenantId), tenantId, [translated.id], 'it')).toEqual([
      { id: translated.id, title: 'Giro in battello', shortDescription: 'Giro del lago in battello' },
    ]);
    // a language the product has no text in is Italian throughout
    expect(await sut.textsIn(userOf(tenantId), tenantId, [translated.id], 'de')).toEqual([
      { id: translated.id, title: 'Giro in battello', shortDescription: 'Giro del lago in battello' },
    ]);
  });

  it("leaves out another agency's products, unknown ids and ids that are no UUID", async () => {
    const own = await write(tenantId, [{ language: 'it', title: 'Proprio' }]);
    const foreign = await write(otherTenantId, [{ language: 'it', title: 'Altrui' }, { language: 'en', title: 'Foreign' }]);
    const answer = await sut.textsIn(userOf(tenantId), tenantId, [foreign.id, own.id, randomUUID(), 'not-a-uuid'], 'en');
    expect(answer).toEqual([{ id: own.id, title: 'Proprio', shortDescription: null }]);
  });

  it('cuts a long description to its bound, so the answer always fits a message', async () => {
    const long = await write(tenantId, [{ language: 'it', title: 'Lungo', shortDescription: 'parola '.repeat(2000) }]);
    const [texts] = await sut.textsIn(userOf(tenantId), tenantId, [long.id], 'it');
    expect(texts.shortDescription?.length).toBe(PRODUCT_SHORT_TEXT_MAX);
    expect(texts.shortDescription?.endsWith('…')).toBe(true);
  });

  it("refuses a caller of another agency: 403", async () => {
    const own = await write(tenantId, [{ language: 'it', title: 'Riservato' }]);
    expect(await rpcError(sut.textsIn(userOf(otherTenantId), tenantId, [own.id], 'en'))).toMatchObject({ statusCode: 403 });
  });
});
