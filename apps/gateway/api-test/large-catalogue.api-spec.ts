import { queryDatabase } from '@quotebook/testing';
import { createAgency, created, productBody, type Agency } from './catalogue-fixtures';
import { api, baseUrl, superadminToken } from './http';

jest.setTimeout(180_000);

const PRODUCTS = 400;
const LANGUAGES = ['it', 'en', 'de', 'fr'];
/** Escapes, accents, CJK and an emoji: what crosses the bus must come back byte for byte. */
const PATTERN = '{lang} «Città d\'arte» "virgolette" \\ a capo\n漢字 😀 prodotto {n}. ';
const REPEAT = 300;

const extendedText = (language: string, n: number) => PATTERN.replace('{lang}', language).replace('{n}', String(n)).repeat(REPEAT);

/**
 * The agency's products written with set-based SQL into the stack's database (the API would take
 * minutes for 20 MB): an Italian title per product and a long extended description in four languages.
 */
async function seedLongProducts(tenantId: string, count: number): Promise<void> {
  await queryDatabase(
    process.env['API_DATABASE_URL'] as string,
    `INSERT INTO catalogue.products (tenant_id, code, titles, extended_descriptions)
     SELECT $1, upper(substr(md5(random()::text || n), 1, 6)),
            jsonb_build_object('it', 'Prodotto lungo ' || n),
            (SELECT jsonb_object_agg(lang, repeat(replace(replace($2, '{lang}', lang), '{n}', n::text), $3))
               FROM unnest($4::text[]) AS lang)
       FROM generate_series(1, $5::int) AS n`,
    [tenantId, PATTERN, REPEAT, LANGUAGES, count],
  );
}

async function removeAgency(root: string, agency: Agency | undefined): Promise<void> {
  if (agency) await api('DELETE', agency.base, { token: root });
}

describe('a large catalogue', () => {
  let root: string;
  let large: Agency;
  let other: Agency;

  beforeAll(async () => {
    root = await superadminToken();
    [large, other] = await Promise.all([createAgency(root), createAgency(root)]);
    await seedLongProducts(large.tenantId, PRODUCTS);
  });

  afterAll(async () => {
    await Promise.all([removeAgency(root, large), removeAgency(root, other)]);
  });

  it('lists more than 20 MB of products in one HTTP call, every text intact, and the platform keeps working', async () => {
    const response = await api('GET', `${large.base}/products`, { token: large.userToken });
    expect(response.status).toBe(200);
    const products = response.body as Array<{ titles: Record<string, string>; extendedDescriptions: Record<string, string> }>;
    expect(products).toHaveLength(PRODUCTS);

    const textBytes = products.reduce(
      (sum, product) => sum + Object.values(product.extendedDescriptions).reduce((bytes, text) => bytes + Buffer.byteLength(text), 0),
      0,
    );
    expect(textBytes).toBeGreaterThan(20 * 1024 * 1024);
    const numbers = products.map((product) => Number(product.titles['it'].replace('Prodotto lungo ', ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: PRODUCTS }, (_, index) => index + 1));
    for (const product of products) {
      const n = Number(product.titles['it'].replace('Prodotto lungo ', ''));
      expect(product.extendedDescriptions).toEqual(Object.fromEntries(LANGUAGES.map((language) => [language, extendedText(language, n)])));
    }

    // the pages go out one after the other under the length of them all (no chunked answer), for a HEAD too
    const raw = await fetch(`${baseUrl()}${large.base}/products`, { headers: { authorization: `Bearer ${large.userToken}` } });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(raw.headers.get('transfer-encoding')).toBeNull();
    expect(Number(raw.headers.get('content-length'))).toBe(bytes.length);
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(products);
    const head = await fetch(`${baseUrl()}${large.base}/products`, { method: 'HEAD', headers: { authorization: `Bearer ${large.userToken}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    expect((await api('GET', '/api/health')).status).toBe(200);
    const rates = await api('GET', `${other.base}/vat-rates`, { token: other.adminToken });
    expect(rates.status).toBe(200);
    await created(other.adminToken, `${other.base}/vat-rates`, { description: 'Ordinaria', rate: 22 });
    await created(other.adminToken, `${other.base}/products`, productBody({ title: 'Dopo il catalogo grande' }));
    expect((await api('GET', `${other.base}/products`, { token: other.userToken })).body).toEqual([
      expect.objectContaining({ titles: { it: 'Dopo il catalogo grande' } }),
    ]);
  });

  it('answers a product too large for the bus with a 502, and the catalogue service stays up for everyone', async () => {
    const broken = await createAgency(root);
    try {
      // 2 MB of text written past the validation (as data from before the limit could be)
      await queryDatabase(
        process.env['API_DATABASE_URL'] as string,
        `INSERT INTO catalogue.products (tenant_id, code, titles, extended_descriptions)
         VALUES ($1, upper(substr(md5(random()::text), 1, 6)), '{"it": "Enorme"}', jsonb_build_object('it', repeat('x', 2 * 1024 * 1024)))`,
        [broken.tenantId],
      );
      const list = await api('GET', `${broken.base}/products`, { token: broken.adminToken });
      expect(list.status).toBe(502);
      expect(list.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });

      expect((await api('GET', '/api/health')).status).toBe(200);
      expect((await api('GET', `${other.base}/vat-rates`, { token: other.userToken })).status).toBe(200);
      expect((await api('GET', `${broken.base}/customers`, { token: broken.adminToken })).status).toBe(200);
    } finally {
      await removeAgency(root, broken);
    }
  });

  it('refuses texts that would take a product past 512 KB in all its languages together, naming the field, and keeps it as it was', async () => {
    const languages = ['it', 'en', 'de', 'fr', 'es', 'pt', 'nl', 'sv', 'da'];
    const agency = await createAgency(root, { languages });
    try {
      // three bytes a character at every length limit: about 67 KB a language
      const full = (language: string) =>
        productBody({ language, title: '漢'.repeat(300), subtitle: '漢'.repeat(300), shortDescription: '漢'.repeat(2000), extendedDescription: '漢'.repeat(20_000) });
      const product = await created(agency.adminToken, `${agency.base}/products`, full('it'));
      const copy = (targetLanguages: string[]) =>
        api('POST', `${agency.base}/products/${product.id}/copy-from-italian`, { token: agency.adminToken, body: { targetLanguages } });
      expect((await copy(['en', 'de', 'fr', 'es', 'pt'])).status).toBe(200);
      expect((await api('PUT', `${agency.base}/products/${product.id}`, { token: agency.adminToken, body: full('nl') })).status).toBe(200);

      const tooManyCopies = await copy(languages.slice(1));
      expect(tooManyCopies.status).toBe(400);
      expect(tooManyCopies.body.message).toEqual([expect.stringMatching(/^targetLanguages: .*512 KB/)]);
      const oneLanguageTooMany = await api('PUT', `${agency.base}/products/${product.id}`, { token: agency.adminToken, body: full('sv') });
      expect(oneLanguageTooMany.status).toBe(400);
      expect(oneLanguageTooMany.body.message).toEqual([expect.stringMatching(/512 KB: shorten extendedDescription/)]);

      const list = await api('GET', `${agency.base}/products`, { token: agency.userToken });
      expect(list.status).toBe(200);
      expect(Object.keys(list.body[0].extendedDescriptions).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    } finally {
      await removeAgency(root, agency);
    }
  });
});
