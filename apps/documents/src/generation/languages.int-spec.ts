import {
  DOCUMENTS_GENERATE,
  DOCUMENTS_RENDER_REVISION,
  type DocumentJobData,
  LAYOUTS_CREATE,
  LAYOUTS_DELETE,
  LAYOUTS_LIST,
  type QuoteDetailView,
  TEMPLATES_CREATE,
  TEMPLATES_LIST,
  TEMPLATES_UPDATE,
  TENANT_CREATED,
} from '@quotebook/contracts';
import { LOOP_MESSAGES, TEMPLATE_TRANSLATION_MESSAGES, TEMPLATE_TYPES } from '@quotebook/domain';
import { EventBus } from '@quotebook/server-core';
import { randomUUID } from 'node:crypto';
import { StarterKitService } from '../starter-kit/starter-kit.service';
import { agencyFixture, customerFixture, quoteFixture } from '../test/document-fixtures';
import { adminOf, neighbours, rpcError, startFakeWorker, useDocumentsHarness, userOf } from '../test/documents-harness';

/** Documents in the customer's language, the revisions quoting sends, and the starter layout of a new agency. */
describe('documents: languages, revisions and the starter layout (integration)', () => {
  const { harness, storage } = useDocumentsHarness();
  const sut = harness.rpc;
  const tenantId = randomUUID();
  const admin = adminOf(tenantId);
  let quote: QuoteDetailView;
  let layoutId: string;
  let worker: Awaited<ReturnType<typeof startFakeWorker>>;
  /** the HTML of every PDF the worker was asked for, by its storage key */
  const rendered = new Map<string, string>();

  const englishCustomer = customerFixture({ name: 'Lake Tours Ltd', language: 'en', contact: 'John Smith' });

  beforeAll(async () => {
    worker = await startFakeWorker(
      async (data: DocumentJobData) => {
        rendered.set(data.storageKey, data.html);
        return Buffer.from(`%PDF-fake ${data.html.length}`);
      },
      (key, file) => storage.put(key, file),
    );
    neighbours.agencies.set(tenantId, agencyFixture(tenantId, { languages: ['it', 'en'] }));
    neighbours.customers.set(englishCustomer.id, { tenantId, customer: englishCustomer });
    quote = quoteFixture(tenantId, {
      customerId: englishCustomer.id,
      items: [
        { description: 'Giro in barca', quantity: 4, totalPrice: '365.00', priceIncludesVat: true, vatRate: '22.00', catalogueDescription: 'Giro del lago' },
        { description: 'Pranzo tipico', quantity: 4, totalPrice: '100.00', priceIncludesVat: false, vatRate: '10.00' },
      ],
    });
    neighbours.quotes.set(quote.id, { tenantId, quote });
    const boat = quote.items[0].productId;
    neighbours.productTexts.set(`${boat}:en`, { tenantId, texts: { id: boat, title: 'Boat trip', shortDescription: 'A trip on the lake' } });

    const premessa = await sut.send(TEMPLATES_CREATE, {
      principal: admin,
      tenantId,
      data: {
        templateType: 'premessa',
        title: 'Premessa',
        content: '<p>Gentile cliente, ecco la proposta.</p>',
        translations: { en: { title: 'Introduction', content: '<p>Dear customer, <script>alert(1)</script>here is our offer.</p>' } },
      },
    });
    const condizioni = await sut.send(TEMPLATES_CREATE, {
      principal: admin,
      tenantId,
      data: { templateType: 'condizioni', title: 'Condizioni', content: '<p>Pagamento alla conferma.</p>' },
    });
    layoutId = (
      await sut.send(LAYOUTS_CREATE, {
        principal: admin,
        tenantId,
        data: { name: 'Standard', elements: [{ type: 'template', templateId: premessa.id }, { type: 'quotes' }, { type: 'template', templateId: condizioni.id }] },
      })
    ).id;
  });
  afterAll(() => worker.stop());

  describe('a template per language', () => {
    it('keeps its translations sanitized like its content, and keeps them when an update leaves them out', async () => {
      const created = await sut.send(TEMPLATES_CREATE, {
        principal: admin,
        tenantId,
        data: { templateType: 'conclusioni', title: 'Saluti', content: '<p>Cordiali saluti</p>', translations: { de: { title: '', content: '<p onclick="x()">Mit freundlichen Grüßen</p>' } } },
      });
      expect(created.translations).toEqual({ de: { title: '', content: '<p>Mit freundlichen Grüßen</p>' } });
      const updated = await sut.send(TEMPLATES_UPDATE, {
        principal: admin,
        tenantId,
        id: created.id,
        data: { templateType: 'conclusioni', title: 'Saluti cordiali', content: '<p>Cordiali saluti</p>' },
      });
      expect(updated.translations).toEqual(created.translations);
      const cleared = await sut.send(TEMPLATES_UPDATE, {
        principal: admin,
        tenantId,
        id: created.id,
        data: { templateType: 'conclusioni', title: 'Saluti cordiali', content: '<p>Cordiali saluti</p>', translations: {} },
      });
      expect(cleared.translations).toEqual({});
    });

    it.each([
      ['Italian as a translation', { it: { title: 'x', content: '<p>x</p>' } }, TEMPLATE_TRANSLATION_MESSAGES.shape],
      ['a key that is no language code', { english: { title: 'x', content: '<p>x</p>' } }, TEMPLATE_TRANSLATION_MESSAGES.shape],
      ['a list', [{ title: 'x', content: '<p>x</p>' }], TEMPLATE_TRANSLATION_MESSAGES.shape],
      ['a translation without text', { en: { title: 'Empty', content: '<p> </p>' } }, TEMPLATE_TRANSLATION_MESSAGES.content('en')],
    ])('refuses %s, naming translations', async (_case, translations, message) => {
      const error = await rpcError(
        sut.send(TEMPLATES_CREATE, { principal: admin, tenantId, data: { templateType: 'premessa', title: 'No', content: '<p>No</p>', translations: translations as never } }),
      );
      expect(error).toMatchObject({ statusCode: 400 });
      expect(error.message).toEqual(expect.arrayContaining([message]));
    });
  });

  describe('generating in a language', () => {
    it("prints the preview in English: the fixed words, the products' English texts, the template's English text", async () => {
      const document = await sut.send(DOCUMENTS_GENERATE, { principal: userOf(tenantId), tenantId, id: quote.id, data: { layoutId, format: 'preview', language: 'en' } });
      const html = (await storage.get(document.storageKey))?.toString('utf8') ?? '';
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Quote no.');
      expect(html).toContain('<div class="description">Boat trip</div><div class="detail catalogue">A trip on the lake</div>');
      // a product without English texts prints the line's own
      expect(html).toContain('<div class="description">Pranzo tipico</div>');
      expect(html).toContain('<tr class="total"><td>Total incl. VAT</td>');
      expect(html).toContain('<h2>Introduction</h2><div class="content"><p>Dear customer, here is our offer.</p></div>');
      // a template without an English text prints its Italian one
      expect(html).toContain('<h2>Condizioni</h2>');
      expect(html).not.toContain('<script');
    });

    it('prints Italian by default, without asking the catalogue for texts', async () => {
      neighbours.heard.length = 0;
      const document = await sut.send(DOCUMENTS_GENERATE, { principal: admin, tenantId, id: quote.id, data: { layoutId, format: 'preview' } });
      const html = (await storage.get(document.storageKey))?.toString('utf8') ?? '';
      expect(html).toContain('<html lang="it">');
      expect(html).toContain('<div class="description">Giro in barca</div>');
      expect(html).toContain('<h2>Premessa</h2>');
      expect(neighbours.heard.filter((heard) => heard.startsWith('texts asked'))).toEqual([]);
    });

    it('renders the PDF and Word download in the language asked', async () => {
      const pdf = await sut.send(DOCUMENTS_GENERATE, { principal: admin, tenantId, id: quote.id, data: { layoutId, format: 'pdf', language: 'en' } });
      expect(rendered.get(pdf.storageKey)).toContain('Total incl. VAT');
      const italian = await sut.send(DOCUMENTS_GENERATE, { principal: admin, tenantId, id: quote.id, data: { layoutId, format: 'pdf' } });
      expect(italian.storageKey).not.toBe(pdf.storageKey);
    });
  });

  describe('DOCUMENTS_RENDER_REVISION', () => {
    /** The quote as quoting froze it: another subject than the quote has now, which is never asked for. */
    const frozen = () => ({ ...quote, subject: 'As sent', number: '2026/0042' });
    const render = (overrides: Record<string, unknown> = {}, principal = admin) =>
      sut.send(DOCUMENTS_RENDER_REVISION, {
        principal,
        tenantId,
        quote: frozen(),
        customer: englishCustomer,
        texts: [{ id: quote.items[0].productId, title: 'Boat trip (as sent)', shortDescription: null }],
        language: 'en',
        layoutId,
        ...overrides,
      });

    it("renders the PDF from what it is given, in its language, and answers the layout's templates in it", async () => {
      neighbours.heard.length = 0;
      const answer = await render();
      expect(answer.layoutId).toBe(layoutId);
      expect(answer.document).toMatchObject({ format: 'pdf', contentType: 'application/pdf', fileName: `preventivo-${quote.shortId}.pdf` });
      expect((await storage.get(answer.document.storageKey))?.toString()).toMatch(/^%PDF-fake/);
      const html = rendered.get(answer.document.storageKey) ?? '';
      expect(html).toContain('Quote no. 2026/0042');
      expect(html).toContain('Subject: As sent');
      expect(html).toContain('<div class="description">Boat trip (as sent)</div>');
      expect(html).toContain('For the attention of John Smith');
      expect(answer.templates).toEqual([
        { templateType: 'premessa', title: 'Introduction', content: '<p>Dear customer, here is our offer.</p>' },
        { templateType: 'condizioni', title: 'Condizioni', content: '<p>Pagamento alla conferma.</p>' },
      ]);
      expect(neighbours.heard).not.toContain('quote asked');
      expect(neighbours.heard).not.toContain('customer asked');
    });

    it("uses the agency's default layout when none is named, else its first active one", async () => {
      const other = (await sut.send(LAYOUTS_CREATE, { principal: admin, tenantId, data: { name: 'A prima vista', elements: [{ type: 'quotes' }] } })).id;
      expect((await render({ layoutId: undefined })).layoutId).toBe(other);
      await harness.query('UPDATE documents.quote_layouts SET is_default = (id = $2) WHERE tenant_id = $1', [tenantId, layoutId]);
      expect((await render({ layoutId: undefined })).layoutId).toBe(layoutId);
      await harness.query('UPDATE documents.quote_layouts SET is_default = false WHERE tenant_id = $1', [tenantId]);
      await sut.send(LAYOUTS_DELETE, { principal: admin, tenantId, id: other });
    });

    it('answers 400 when the agency has no active layout, and 404 for a layout of another agency', async () => {
      const bare = randomUUID();
      neighbours.agencies.set(bare, agencyFixture(bare));
      // an agency that was given its starter set and deleted it
      await harness.get(StarterKitService).ensure(bare);
      await harness.query('DELETE FROM documents.quote_layouts WHERE tenant_id = $1', [bare]);
      const none = await rpcError(render({ tenantId: bare, principal: adminOf(bare), layoutId: undefined }));
      expect(none).toMatchObject({ statusCode: 400, message: LOOP_MESSAGES.noLayout });
      expect(await rpcError(render({ tenantId: bare, principal: adminOf(bare) }))).toMatchObject({ statusCode: 404 });
    });

    it('refuses a caller of another agency', async () => {
      expect(await rpcError(render({}, adminOf(randomUUID())))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('the starter layout', () => {
    const newAgency = () => {
      const id = randomUUID();
      neighbours.agencies.set(id, agencyFixture(id));
      return id;
    };

    it('gives a new agency, when tenancy announces it, a default layout and an example template of each type, once', async () => {
      const agency = newAgency();
      await harness.get(EventBus).publish(TENANT_CREATED, { tenantId: agency, createdAt: new Date().toISOString() });
      const seeded = async () => (await harness.query<{ count: string }>('SELECT count(*) FROM documents.quote_layouts WHERE tenant_id = $1', [agency]))[0].count;
      for (let waited = 0; (await seeded()) === '0' && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));

      const layouts = (await sut.send(LAYOUTS_LIST, { principal: userOf(agency), tenantId: agency })).items;
      expect(layouts).toHaveLength(1);
      expect(layouts[0]).toMatchObject({ name: 'Preventivo', isDefault: true, isActive: true });
      expect(layouts[0].elements.map((element) => element.elementType === 'quotes' ? 'quotes' : element.template?.templateType)).toEqual(['premessa', 'quotes', 'condizioni']);
      const templates = (await sut.send(TEMPLATES_LIST, { principal: adminOf(agency), tenantId: agency })).items;
      expect(templates.map((template) => template.templateType).sort()).toEqual([...TEMPLATE_TYPES].sort());
      for (const template of templates) expect(template.content.length).toBeGreaterThan(40);

      // announced again (a redelivery, a second replica): nothing more
      await harness.get(StarterKitService).ensure(agency);
      await harness.get(EventBus).publish(TENANT_CREATED, { tenantId: agency, createdAt: new Date().toISOString() });
      expect((await sut.send(TEMPLATES_LIST, { principal: adminOf(agency), tenantId: agency })).items).toHaveLength(TEMPLATE_TYPES.length);
    });

    it('lets a new agency print a PDF at once, in its default layout', async () => {
      const agency = newAgency();
      const [starter] = (await sut.send(LAYOUTS_LIST, { principal: adminOf(agency), tenantId: agency })).items;
      const ownQuote = quoteFixture(agency, { items: [{ description: 'Visita', quantity: 2, totalPrice: '50.00', priceIncludesVat: true, vatRate: '22.00' }] });
      neighbours.quotes.set(ownQuote.id, { tenantId: agency, quote: ownQuote });
      const pdf = await sut.send(DOCUMENTS_GENERATE, { principal: userOf(agency), tenantId: agency, id: ownQuote.id, data: { layoutId: starter.id, format: 'pdf' } });
      expect((await storage.get(pdf.storageKey))?.toString()).toMatch(/^%PDF-fake/);
      expect(rendered.get(pdf.storageKey)).toContain('<h2>Condizioni</h2>');
    });

    it('gives nothing to an agency that already has a layout, nor again to one that deleted its starter layout', async () => {
      const agency = newAgency();
      await sut.send(LAYOUTS_CREATE, { principal: adminOf(agency), tenantId: agency, data: { name: 'Mio', elements: [{ type: 'quotes' }] } });
      expect(await harness.get(StarterKitService).ensure(agency)).toBe(false);
      expect((await sut.send(LAYOUTS_LIST, { principal: adminOf(agency), tenantId: agency })).items.map((layout) => layout.name)).toEqual(['Mio']);

      const emptied = newAgency();
      const [starter] = (await sut.send(LAYOUTS_LIST, { principal: adminOf(emptied), tenantId: emptied })).items;
      await sut.send(LAYOUTS_DELETE, { principal: adminOf(emptied), tenantId: emptied, id: starter.id });
      expect((await sut.send(LAYOUTS_LIST, { principal: adminOf(emptied), tenantId: emptied })).items).toEqual([]);
    });
  });
});
