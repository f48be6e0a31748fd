import path from 'node:path';
import { quoteShortId } from '@quotebook/domain';
import { docxDocumentXml, docxText, inTextOrder, pdfImageSizes, pdfInfo, pdfText, TEST_REDIS_URL } from '@quotebook/testing';
import { documentJobEvents, documentScene, type DocumentScene, generateDocument, LOGO, SIGNATURE, storedDocuments } from './document-fixtures';
import { superadminToken } from './http';

jest.setTimeout(60_000);

const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What a printed quote must say, in this order: the layout is [premessa, quotes table, condizioni]. */
function expectQuoteDocument(text: string, scene: DocumentScene) {
  expect(text).toContain(scene.customer.name);
  expect(text).toContain('Spett.le');
  for (const product of scene.products) {
    expect(inTextOrder(text, [scene.premessa.text, product.title, scene.condizioni.text])).toEqual([
      scene.premessa.text,
      product.title,
      scene.condizioni.text,
    ]);
  }
  expect(inTextOrder(text, [scene.premessa.title, scene.premessa.text, scene.condizioni.title, scene.condizioni.text])).toEqual([
    scene.premessa.title,
    scene.premessa.text,
    scene.condizioni.title,
    scene.condizioni.text,
  ]);
  // 4 people at € 25 plus € 100 flat: € 200 per product, whatever the VAT
  expect(text).toContain('200,00');
}

describe('generated documents: what the PDF and the Word file say', () => {
  let scene: DocumentScene;
  const shortId = () => quoteShortId(scene.quoteId);
  const storageDir = () => path.join(process.env['API_LOG_DIR']!, 'storage');

  beforeAll(async () => {
    scene = await documentScene(await superadminToken());
  });

  it('the PDF is A4 and holds the logo, the customer, the products and the templates with the signature in layout order, named preventivo-{short id}.pdf', async () => {
    const sut = await generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'pdf');

    expect({ status: sut.status, json: sut.json }).toEqual({ status: 200, json: null });
    expect(sut.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(sut.headers.get('content-disposition')).toBe(`attachment; filename="preventivo-${shortId()}.pdf"`);
    expect(sut.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expectQuoteDocument(pdfText(sut.body), scene);
    expect(pdfInfo(sut.body)['Page size']).toMatch(/\(A4\)$/);
    expect(pdfImageSizes(sut.body).sort()).toEqual([`${LOGO.width}x${LOGO.height}`, `${SIGNATURE.width}x${SIGNATURE.height}`].sort());
  });

  it('the Word file holds the same, named preventivo-{short id}.docx', async () => {
    const sut = await generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'word');

    expect({ status: sut.status, json: sut.json }).toEqual({ status: 200, json: null });
    expect(sut.headers.get('content-type')).toMatch(new RegExp(`^${WORD_TYPE}`));
    expect(sut.headers.get('content-disposition')).toBe(`attachment; filename="preventivo-${shortId()}.docx"`);
    expectQuoteDocument(docxText(sut.body), scene);
    expect(docxDocumentXml(sut.body).match(/<pic:pic\b/g)).toHaveLength(2);
  });

  it('asking again for an unchanged quote answers the same file from the cache, without a new render job', async () => {
    const first = await generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'pdf');
    const before = await documentJobEvents(TEST_REDIS_URL, process.env['API_REDIS_KEY_PREFIX']!, scene.quoteId);
    expect(before.added).toBeGreaterThan(0);
    const filesBefore = storedDocuments(storageDir(), scene.agency.tenantId);

    const sut = await generateDocument(scene.agency, scene.quoteId, scene.layoutId, 'pdf');

    expect(sut.status).toBe(200);
    expect(sut.headers.get('content-disposition')).toBe(`attachment; filename="preventivo-${shortId()}.pdf"`);
    // a new render would differ at least in its creation date
    expect(sut.body.equals(first.body)).toBe(true);
    expect(await documentJobEvents(TEST_REDIS_URL, process.env['API_REDIS_KEY_PREFIX']!, scene.quoteId)).toEqual(before);
    expect(storedDocuments(storageDir(), scene.agency.tenantId)).toEqual(filesBefore);
    expect(filesBefore.filter((file) => file.endsWith('.pdf'))).toHaveLength(1);
  });
});
