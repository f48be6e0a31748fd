import { api, superadminToken } from './http';
import { Agency, createAgency, created, messages, periodBody, productBody, romeDate } from './catalogue-fixtures';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let root: string;
let agency: Agency;
let other: Agency;
let vatRate: { id: string };

beforeAll(async () => {
  root = await superadminToken();
  [agency, other] = await Promise.all([createAgency(root), createAgency(root)]);
  vatRate = await created(agency.adminToken, `${agency.base}/vat-rates`, { description: 'IVA ordinaria', rate: 22 });
});

const listProducts = async (token = agency.adminToken) => {
  const response = await api('GET', `${agency.base}/products`, { token });
  expect(response.status).toBe(200);
  return response.body as Array<Record<string, unknown> & { id: string }>;
};

describe('products', () => {
  it('creates a product in Italian (201) with a 6-character code and empty relations', async () => {
    const body = productBody({ vatRateId: vatRate.id, tenantId: agency.tenantId });
    const response = await api('POST', `${agency.base}/products`, { token: agency.adminToken, body });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        code: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
        titles: { it: body.title },
        subtitles: { it: 'Con guida' },
        shortDescriptions: { it: 'Tre ore nella Roma antica' },
        extendedDescriptions: { it: 'Ingresso prioritario e guida archeologa' },
        durationHours: 3,
        durationMinutes: 30,
        vatRateId: vatRate.id,
        tagIds: [],
        availability: [],
        currentPrice: null,
      }),
    );
  });

  it('gives every product its own code and durations default to 0', async () => {
    const [a, b] = await Promise.all([
      created(agency.adminToken, `${agency.base}/products`, { language: 'it', title: 'Transfer Fiumicino' }),
      created(agency.adminToken, `${agency.base}/products`, { language: 'it', title: 'Transfer Ciampino' }),
    ]);
    expect(a.code).not.toBe(b.code);
    expect(a).toEqual(expect.objectContaining({ durationHours: 0, durationMinutes: 0, vatRateId: null }));
  });

  it('updates one language at a time and leaves the others untouched (200)', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const english = await api('PUT', `${agency.base}/products/${product.id}`, {
      token: agency.adminToken,
      body: { language: 'en', title: 'Colosseum tour', subtitle: 'Guided', durationHours: 2, durationMinutes: 45 },
    });
    expect(english.status).toBe(200);
    expect(english.body.titles).toEqual({ it: product.titles.it, en: 'Colosseum tour' });
    expect(english.body.subtitles).toEqual({ it: 'Con guida', en: 'Guided' });
    expect(english.body).toEqual(expect.objectContaining({ code: product.code, durationHours: 2, durationMinutes: 45 }));

    const listed = (await listProducts()).find((candidate) => candidate.id === product.id);
    expect(listed?.['titles']).toEqual({ it: product.titles.it, en: 'Colosseum tour' });
  });

  it('accepts only languages the agency has enabled', async () => {
    const response = await api('POST', `${agency.base}/products`, { token: agency.adminToken, body: productBody({ language: 'de' }) });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(/de/);
  });

  it.each([
    [{ title: '' }, /Title is required/],
    [{ title: undefined }, /Title is required/],
    [{ language: 'ita' }, /language must be a 2-letter code/],
    [{ durationHours: 24 }, /durationHours must be a whole number from 0 to 23/],
    [{ durationHours: -1 }, /durationHours/],
    [{ durationMinutes: 7 }, /durationMinutes must be 0 to 55 in steps of 5/],
    [{ durationMinutes: 60 }, /durationMinutes/],
    [{ vatRateId: 'iva-22' }, /vatRateId must be a UUID/],
    [{ code: 'ABCDEF' }, /code should not exist/],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const response = await api('POST', `${agency.base}/products`, { token: agency.adminToken, body: productBody(overrides) });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it("refuses another agency's VAT rate exactly as an unknown one (400 naming vatRateId)", async () => {
    const foreign = await created(other.adminToken, `${other.base}/vat-rates`, { description: 'IVA altrui', rate: 10 });
    for (const vatRateId of [foreign.id, UNKNOWN_ID]) {
      const response = await api('POST', `${agency.base}/products`, { token: agency.adminToken, body: productBody({ vatRateId }) });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toMatch(/vatRateId/);
    }
  });

  it('deletes a product (204) with its periods and tag links', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const tag = await created(agency.adminToken, `${agency.base}/tags`, { name: 'Da cancellare', targetType: 'product' });
    await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body: { tagIds: [tag.id] } });
    await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, periodBody('2030-01-01', '2030-01-31'));

    expect((await api('DELETE', `${agency.base}/products/${product.id}`, { token: agency.adminToken })).status).toBe(204);
    expect((await listProducts()).map((candidate) => candidate.id)).not.toContain(product.id);
    expect((await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken })).status).toBe(404);
    expect((await api('GET', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken })).status).toBe(404);
    expect((await api('DELETE', `${agency.base}/tags/${tag.id}`, { token: agency.adminToken })).status).toBe(204);
  });

  it('answers 409 when a VAT rate in use is deleted, and keeps it', async () => {
    const rate = await created(agency.adminToken, `${agency.base}/vat-rates`, { description: 'IVA in uso', rate: 10 });
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody({ vatRateId: rate.id }));
    const response = await api('DELETE', `${agency.base}/vat-rates/${rate.id}`, { token: agency.adminToken });
    expect(response.status).toBe(409);
    expect(typeof response.body.message).toBe('string');
    const rates = await api('GET', `${agency.base}/vat-rates`, { token: agency.adminToken });
    expect(rates.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: rate.id, description: 'IVA in uso', rate: '10.00' })]));
    expect((await listProducts()).find((candidate) => candidate.id === product.id)?.['vatRateId']).toBe(rate.id);
  });
});

describe('product tags', () => {
  it('replaces the tags (200), reads them back and lists them with the product', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const [culture, guided] = await Promise.all([
      created(agency.adminToken, `${agency.base}/tags`, { name: 'Arte e cultura', targetType: 'product' }),
      created(agency.adminToken, `${agency.base}/tags`, { name: 'Tour guidato', targetType: 'product' }),
    ]);
    const set = await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body: { tagIds: [culture.id, guided.id] } });
    expect(set.status).toBe(200);
    expect([...set.body.tagIds].sort()).toEqual([culture.id, guided.id].sort());

    const read = await api('GET', `${agency.base}/products/${product.id}/tags`, { token: agency.userToken });
    expect(read.status).toBe(200);
    expect([...read.body.tagIds].sort()).toEqual([culture.id, guided.id].sort());

    const replaced = await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body: { tagIds: [guided.id] } });
    expect(replaced.body.tagIds).toEqual([guided.id]);
    expect((await listProducts()).find((candidate) => candidate.id === product.id)?.['tagIds']).toEqual([guided.id]);

    const cleared = await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body: { tagIds: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.tagIds).toEqual([]);
  });

  it.each([
    [{}, /tagIds must be a list of tag ids/],
    [{ tagIds: 'abc' }, /tagIds must be a list of tag ids/],
    [{ tagIds: ['abc'] }, /tagIds must contain only tag ids/],
  ])('refuses %j with 400', async (body, message) => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const response = await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it("refuses unknown tags and other agencies' tags, and changes nothing", async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const own = await created(agency.adminToken, `${agency.base}/tags`, { name: 'Natura', targetType: 'product' });
    await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body: { tagIds: [own.id] } });
    const foreign = await created(other.adminToken, `${other.base}/tags`, { name: 'Altrui', targetType: 'product' });
    for (const tagId of [foreign.id, UNKNOWN_ID]) {
      const response = await api('PUT', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken, body: { tagIds: [own.id, tagId] } });
      expect(response.status).toBe(400);
      expect(messages(response.body)).toMatch(/tagIds/);
    }
    const read = await api('GET', `${agency.base}/products/${product.id}/tags`, { token: agency.adminToken });
    expect(read.body.tagIds).toEqual([own.id]);
  });
});

describe('copy from Italian', () => {
  it('copies the Italian texts into the target languages (200)', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const response = await api('POST', `${agency.base}/products/${product.id}/copy-from-italian`, {
      token: agency.adminToken,
      body: { targetLanguages: ['en'] },
    });
    expect(response.status).toBe(200);
    expect(response.body.titles).toEqual({ it: product.titles.it, en: product.titles.it });
    expect(response.body.subtitles).toEqual({ it: 'Con guida', en: 'Con guida' });
    expect(response.body.shortDescriptions.en).toBe('Tre ore nella Roma antica');
    expect(response.body.extendedDescriptions.en).toBe('Ingresso prioritario e guida archeologa');
  });

  it.each([
    [{}, /targetLanguages must be a list of language codes/],
    [{ targetLanguages: 'en' }, /targetLanguages must be a list of language codes/],
    [{ targetLanguages: ['english'] }, /targetLanguages must contain 2-letter codes/],
  ])('refuses %j with 400', async (body, message) => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const response = await api('POST', `${agency.base}/products/${product.id}/copy-from-italian`, { token: agency.adminToken, body });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });
});

describe('availability periods', () => {
  let product: { id: string };

  beforeAll(async () => {
    product = await created(agency.adminToken, `${agency.base}/products`, productBody());
  });

  it('creates (201), lists, updates (200) and deletes (204) a period; money as 2-decimal strings', async () => {
    const create = await api('POST', `${agency.base}/products/${product.id}/availability`, {
      token: agency.adminToken,
      body: periodBody('2031-04-01', '2031-06-14', {
        hasMinParticipants: true,
        minParticipants: 2,
        costPerPerson: '49.5',
        hasAdditionalCosts: true,
        additionalCosts: 10,
      }),
    });
    expect(create.status).toBe(201);
    expect(create.body).toEqual({
      id: expect.any(String),
      productId: product.id,
      startDate: '2031-04-01',
      endDate: '2031-06-14',
      hasMinParticipants: true,
      minParticipants: 2,
      hasCostPerPerson: true,
      costPerPerson: '49.50',
      hasFlatRate: false,
      flatRate: null,
      hasAdditionalCosts: true,
      additionalCosts: '10.00',
      priceIncludesVat: false,
      supplierCostPerPerson: null,
      supplierCostPerBooking: null,
      freePlacesEvery: null,
      freePlacesCount: null,
    });
    const id = create.body.id;

    const list = await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.userToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id, costPerPerson: '49.50' })]);

    const update = await api('PUT', `${agency.base}/products/${product.id}/availability/${id}`, {
      token: agency.adminToken,
      body: periodBody('2031-04-01', '2031-06-30', { hasCostPerPerson: false, costPerPerson: null, hasFlatRate: true, flatRate: 300, priceIncludesVat: true }),
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual(
      expect.objectContaining({ id, endDate: '2031-06-30', hasFlatRate: true, flatRate: '300.00', hasCostPerPerson: false, priceIncludesVat: true }),
    );

    expect((await api('DELETE', `${agency.base}/products/${product.id}/availability/${id}`, { token: agency.adminToken })).status).toBe(204);
    const after = await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken });
    expect(after.body).toEqual([]);
  });

  it('answers 409 for a period overlapping another of the same product, and stores nothing', async () => {
    const first = await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, periodBody('2032-06-01', '2032-06-30'));
    for (const [start, end] of [
      ['2032-06-30', '2032-07-15'],
      ['2032-05-01', '2032-06-01'],
      ['2032-06-10', '2032-06-12'],
      ['2032-05-01', '2032-07-31'],
    ]) {
      const clash = await api('POST', `${agency.base}/products/${product.id}/availability`, {
        token: agency.adminToken,
        body: periodBody(start, end),
      });
      expect(clash.status).toBe(409);
      expect(typeof clash.body.message).toBe('string');
    }
    const second = await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, periodBody('2032-07-01', '2032-07-31'));
    const stretch = await api('PUT', `${agency.base}/products/${product.id}/availability/${second.id}`, {
      token: agency.adminToken,
      body: periodBody('2032-06-15', '2032-07-31'),
    });
    expect(stretch.status).toBe(409);
    const list = await api('GET', `${agency.base}/products/${product.id}/availability`, { token: agency.adminToken });
    const stored = list.body.filter((period: { startDate: string }) => period.startDate.startsWith('2032'));
    expect(stored.map((period: { id: string; startDate: string; endDate: string }) => [period.id, period.startDate, period.endDate])).toEqual([
      [first.id, '2032-06-01', '2032-06-30'],
      [second.id, '2032-07-01', '2032-07-31'],
    ]);
    // the same period of another product is no overlap
    const sibling = await created(agency.adminToken, `${agency.base}/products`, productBody());
    await created(agency.adminToken, `${agency.base}/products/${sibling.id}/availability`, periodBody('2032-06-01', '2032-06-30'));
  });

  it.each([
    [{ startDate: undefined }, /Start date is required/],
    [{ endDate: '' }, /End date is required/],
    [{ startDate: '2033-05-10', endDate: '2033-05-01' }, /date/i],
    [{ hasMinParticipants: true, minParticipants: 0 }, /minParticipants must be a whole number of at least 1/],
    [{ minParticipants: 1.5 }, /minParticipants must be a whole number of at least 1/],
    [{ costPerPerson: -1 }, /costPerPerson/],
    [{ flatRate: '12.345' }, /flatRate/],
    [{ additionalCosts: 'tanti' }, /additionalCosts/],
    [{ priceIncludesVat: 'no' }, /priceIncludesVat/],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const response = await api('POST', `${agency.base}/products/${product.id}/availability`, {
      token: agency.adminToken,
      body: periodBody('2033-05-01', '2033-05-10', overrides),
    });
    expect(response.status).toBe(400);
    expect(messages(response.body)).toMatch(message);
  });

  it("answers 404 for unknown periods, other products' periods and other agencies' products", async () => {
    const period = await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, periodBody('2034-01-01', '2034-01-31'));
    const sibling = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const body = periodBody('2034-01-01', '2034-01-31');
    expect((await api('PUT', `${agency.base}/products/${product.id}/availability/${UNKNOWN_ID}`, { token: agency.adminToken, body })).status).toBe(404);
    expect((await api('PUT', `${agency.base}/products/${sibling.id}/availability/${period.id}`, { token: agency.adminToken, body })).status).toBe(404);
    expect((await api('DELETE', `${agency.base}/products/${sibling.id}/availability/${period.id}`, { token: agency.adminToken })).status).toBe(404);

    const foreignProduct = await created(other.adminToken, `${other.base}/products`, productBody());
    const foreignPeriod = await created(other.adminToken, `${other.base}/products/${foreignProduct.id}/availability`, body);
    const attempts = await Promise.all([
      api('GET', `${agency.base}/products/${foreignProduct.id}/availability`, { token: agency.adminToken }),
      api('POST', `${agency.base}/products/${foreignProduct.id}/availability`, { token: agency.adminToken, body: periodBody('2035-01-01', '2035-01-31') }),
      api('PUT', `${agency.base}/products/${foreignProduct.id}/availability/${foreignPeriod.id}`, { token: agency.adminToken, body }),
      api('DELETE', `${agency.base}/products/${foreignProduct.id}/availability/${foreignPeriod.id}`, { token: agency.adminToken }),
    ]);
    expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    const theirs = await api('GET', `${other.base}/products/${foreignProduct.id}/availability`, { token: other.adminToken });
    expect(theirs.body).toEqual([expect.objectContaining({ id: foreignPeriod.id, startDate: '2034-01-01' })]);
  });
});

describe('the product list (one call for the products page)', () => {
  it("returns each product with its tag ids, its periods and today's price", async () => {
    const tag = await created(agency.adminToken, `${agency.base}/tags`, { name: 'Enogastronomia', targetType: 'product' });
    const perPerson = await created(agency.adminToken, `${agency.base}/products`, productBody({ title: 'Degustazione nel Chianti' }));
    await api('PUT', `${agency.base}/products/${perPerson.id}/tags`, { token: agency.adminToken, body: { tagIds: [tag.id] } });
    const past = await created(agency.adminToken, `${agency.base}/products/${perPerson.id}/availability`, periodBody(romeDate(-30), romeDate(-1), { costPerPerson: 10 }));
    const current = await created(agency.adminToken, `${agency.base}/products/${perPerson.id}/availability`, periodBody(romeDate(0), romeDate(30), { costPerPerson: '89.90' }));

    const flat = await created(agency.adminToken, `${agency.base}/products`, productBody({ title: 'Transfer privato' }));
    await created(agency.adminToken, `${agency.base}/products/${flat.id}/availability`, periodBody(romeDate(-5), romeDate(0), {
      hasCostPerPerson: false,
      costPerPerson: null,
      hasFlatRate: true,
      flatRate: 140,
    }));

    const zero = await created(agency.adminToken, `${agency.base}/products`, productBody({ title: 'Omaggio' }));
    await created(agency.adminToken, `${agency.base}/products/${zero.id}/availability`, periodBody(romeDate(-1), romeDate(1), { costPerPerson: 0 }));

    const future = await created(agency.adminToken, `${agency.base}/products`, productBody({ title: 'Solo in estate' }));
    await created(agency.adminToken, `${agency.base}/products/${future.id}/availability`, periodBody(romeDate(2), romeDate(60), { costPerPerson: 99 }));

    const products = await listProducts(agency.userToken);
    const byId = new Map(products.map((product) => [product.id, product]));
    expect(byId.get(perPerson.id)).toEqual(
      expect.objectContaining({
        tagIds: [tag.id],
        currentPrice: '89.90',
        availability: expect.arrayContaining([
          expect.objectContaining({ id: past.id, costPerPerson: '10.00' }),
          expect.objectContaining({ id: current.id, startDate: romeDate(0), costPerPerson: '89.90' }),
        ]),
      }),
    );
    expect((byId.get(perPerson.id)?.['availability'] as unknown[]).length).toBe(2);
    expect(byId.get(flat.id)?.['currentPrice']).toBe('140.00');
    expect(byId.get(zero.id)?.['currentPrice']).toBeNull();
    expect(byId.get(future.id)?.['currentPrice']).toBeNull();
  });

  it("never shows another agency's products", async () => {
    const foreign = await created(other.adminToken, `${other.base}/products`, productBody({ title: 'Prodotto altrui' }));
    expect((await listProducts()).map((product) => product.id)).not.toContain(foreign.id);
    expect((await api('GET', `${agency.base}/products`, { token: other.adminToken })).status).toBe(403);
  });
});

describe('product permissions and foreign ids', () => {
  it('lets a tenant user read products but not write them (403), and changes nothing', async () => {
    const product = await created(agency.adminToken, `${agency.base}/products`, productBody());
    const period = await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, periodBody('2037-01-01', '2037-01-31'));
    const token = agency.userToken;
    const writes = await Promise.all([
      api('POST', `${agency.base}/products`, { token, body: productBody() }),
      api('PUT', `${agency.base}/products/${product.id}`, { token, body: productBody({ title: 'Rubato' }) }),
      api('DELETE', `${agency.base}/products/${product.id}`, { token }),
      api('PUT', `${agency.base}/products/${product.id}/tags`, { token, body: { tagIds: [] } }),
      api('POST', `${agency.base}/products/${product.id}/copy-from-italian`, { token, body: { targetLanguages: ['en'] } }),
      api('POST', `${agency.base}/products/${product.id}/availability`, { token, body: periodBody('2038-01-01', '2038-01-31') }),
      api('PUT', `${agency.base}/products/${product.id}/availability/${period.id}`, { token, body: periodBody('2037-01-01', '2037-01-31') }),
      api('DELETE', `${agency.base}/products/${product.id}/availability/${period.id}`, { token }),
    ]);
    expect(writes.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    const listed = (await listProducts(token)).find((candidate) => candidate.id === product.id);
    expect(listed).toEqual(expect.objectContaining({ titles: product.titles, availability: [expect.objectContaining({ id: period.id })] }));
    expect((await api('GET', `${agency.base}/products/${product.id}/tags`, { token })).status).toBe(200);
    expect((await api('GET', `${agency.base}/products/${product.id}/availability`, { token })).status).toBe(200);
  });

  it("answers 404 for unknown ids and another agency's product ids, on every product route", async () => {
    const foreign = await created(other.adminToken, `${other.base}/products`, productBody({ title: 'Prodotto altrui' }));
    const token = agency.adminToken;
    for (const id of [UNKNOWN_ID, foreign.id]) {
      const attempts = await Promise.all([
        api('PUT', `${agency.base}/products/${id}`, { token, body: productBody() }),
        api('DELETE', `${agency.base}/products/${id}`, { token }),
        api('GET', `${agency.base}/products/${id}/tags`, { token }),
        api('PUT', `${agency.base}/products/${id}/tags`, { token, body: { tagIds: [] } }),
        api('POST', `${agency.base}/products/${id}/copy-from-italian`, { token, body: { targetLanguages: ['en'] } }),
        api('GET', `${agency.base}/products/${id}/availability`, { token }),
      ]);
      expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    }
    const theirs = await api('GET', `${other.base}/products`, { token: other.adminToken });
    expect(theirs.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: foreign.id, titles: { it: 'Prodotto altrui' } })]));
  });

  it('answers 401 without a token and 400 for ids that are not UUIDs', async () => {
    expect((await api('GET', `${agency.base}/products`)).status).toBe(401);
    expect((await api('POST', `${agency.base}/products`, { body: productBody() })).status).toBe(401);
    const bad = await api('PUT', `${agency.base}/products/abc/availability/def`, { token: agency.adminToken, body: periodBody('2039-01-01', '2039-01-31') });
    expect(bad.status).toBe(400);
    expect(messages(bad.body)).toMatch(/must be a UUID/);
  });
});
