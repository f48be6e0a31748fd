import {
  DOCUMENTS_GENERATE,
  documentJobFailureMessage,
  type DocumentJobData,
  type GeneratedDocument,
  LAYOUTS_CREATE,
  type LayoutElementDto,
  type Principal,
  type QuoteDetailView,
  SIGNATURE_CLAIM_UPLOAD,
  SIGNATURE_UPLOAD_URL,
  TEMPLATES_CREATE,
  type QuoteTemplateDto,
} from '@quotebook/contracts';
import { DOCUMENT_MESSAGES, type DocumentFormat, htmlShape, LAYOUT_CONTENT_LIMITS, TEMPLATE_CONTENT_LIMITS } from '@quotebook/domain';
import { UnrecoverableError } from 'bullmq';
import { gifOf, pngOf } from '@quotebook/testing';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agencyFixture, customerFixture, quoteFixture } from '../test/document-fixtures';
import { adminOf, neighbours, rpcError, startFakeWorker, useDocumentsHarness, userOf } from '../test/documents-harness';

/** Renders end after this long: a job no worker takes is answered 503 then. */
const JOB_TIMEOUT_MS = 5000;

describe('documents: generating a quote document (integration)', () => {
  const { harness, storage, uploadDir } = useDocumentsHarness({ jobTimeoutMs: JOB_TIMEOUT_MS });
  /** The documents service as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  const tenantA = randomUUID();
  const tenantB = randomUUID();
  const admin = adminOf(tenantA);
  const logo = pngOf(3, 3);
  const signature = gifOf(5, 5);
  let quote: QuoteDetailView;
  let foreignQuote: QuoteDetailView;
  const layouts: Record<string, string> = {};

  const generate = (format: DocumentFormat, layout = layouts['full'], quoteId = quote.id, principal: Principal = admin, tenantId = tenantA) =>
    sut.send(DOCUMENTS_GENERATE, { principal, tenantId, id: quoteId, data: { layoutId: layout, format } });
  const htmlOf = async (document: GeneratedDocument) => (await storage.get(document.storageKey))?.toString('utf8') ?? '';
  const templateOf = async (data: Partial<QuoteTemplateDto>) =>
    (await sut.send(TEMPLATES_CREATE, { principal: admin, tenantId: tenantA, data: { templateType: 'premessa', title: 'T', content: '<p>T</p>', ...data } })).id;
  const layoutOf = async (name: string, elements: LayoutElementDto[], tenantId = tenantA) =>
    (await sut.send(LAYOUTS_CREATE, { principal: adminOf(tenantId), tenantId, data: { name, elements } })).id;

  beforeAll(async () => {
    const logoFile = `${randomUUID()}.png`;
    mkdirSync(join(uploadDir, 'logos', tenantA), { recursive: true });
    writeFileSync(join(uploadDir, 'logos', tenantA, logoFile), logo);
    neighbours.agencies.set(tenantA, agencyFixture(tenantA, { logoUrl: `/uploads/logos/${tenantA}/${logoFile}` }));
    neighbours.agencies.set(tenantB, agencyFixture(tenantB, { name: 'Agenzia Luna', companyName: 'Luna S.p.A.' }));
    const customer = customerFixture({ title: 'Gent.mo', name: 'Mario Bianchi & Figli <srl>' });
    neighbours.customers.set(customer.id, { tenantId: tenantA, customer });
    quote = quoteFixture(tenantA, {
      customerId: customer.id,
      subject: 'Gita <b>in</b> laguna',
      items: [
        { description: 'Giro in barca', quantity: 4, totalPrice: '365.00', priceIncludesVat: true, vatRate: '22.00' },
        { description: 'Pranzo tipico', quantity: 10, totalPrice: '100.00', priceIncludesVat: false, vatRate: '10.00' },
        { description: 'Guida', quantity: 1, totalPrice: '10.05', priceIncludesVat: false, vatRate: '22.00' },
      ],
    });
    neighbours.quotes.set(quote.id, { tenantId: tenantA, quote });
    foreignQuote = quoteFixture(tenantB);
    neighbours.quotes.set(foreignQuote.id, { tenantId: tenantB, quote: foreignQuote });

    const { uploadURL } = await sut.send(SIGNATURE_UPLOAD_URL, { principal: admin, tenantId: tenantA });
    const claimed = await sut.send(SIGNATURE_CLAIM_UPLOAD, { token: uploadURL.split('/').pop() ?? '', extension: 'gif' });
    await storage.put(claimed.storageKey, signature);

    const premessa = await templateOf({ title: 'Premessa', content: '<p>Gentile cliente, ecco la nostra proposta.</p>', headerPrint: true });
    const condizioni = await templateOf({ templateType: 'condizioni', title: 'Condizioni', content: '<p>Pagamento alla conferma.</p>', headerPrint: false });
    const firma = await templateOf({ templateType: 'firma', title: 'Firma', content: '<p>Il direttore</p>', headerPrint: false, signatureImagePath: claimed.objectPath });
    const inactive = await templateOf({ templateType: 'complementi', title: 'Spento', content: '<p>Non stampare</p>', isActive: false });
    layouts['full'] = await layoutOf('Completo', [
      { type: 'template', templateId: premessa },
      { type: 'quotes' },
      { type: 'template', templateId: condizioni },
      { type: 'template', templateId: inactive },
      { type: 'template', templateId: firma },
    ]);
    layouts['plain'] = await layoutOf('Senza intestazione', [{ type: 'template', templateId: condizioni }, { type: 'quotes' }]);
    layouts['foreign'] = await layoutOf('Altrui', [{ type: 'quotes' }], tenantB);
  });

  describe('the preview', () => {
    let document: GeneratedDocument;
    let html: string;

    beforeAll(async () => {
      document = await generate('preview');
      html = await htmlOf(document);
    });

    it('is an HTML file in the storage, under its content hash', () => {
      expect(document).toEqual({
        format: 'preview',
        storageKey: expect.stringMatching(new RegExp(`^documents/${tenantA}/[0-9a-f]{64}\\.html$`)),
        fileName: null,
        contentType: 'text/html; charset=utf-8',
        cached: false,
      });
      expect(document.storageKey).toContain(createHash('sha256').update(`preview\n\n`).update(html).digest('hex'));
    });

    it("prints the agency's header with its logo inlined, since a printed template asks for it", () => {
      expect(html).toContain('<header class="agency">');
      expect(html).toContain(`<img class="logo" src="data:image/png;base64,${logo.toString('base64')}" alt="Logo">`);
      expect(html).toContain('Sole Viaggi S.r.l.');
    });

    it('greets the customer with its salutation, every value escaped', () => {
      expect(html).toContain('<div class="salutation">Gent.mo</div><div class="name">Mario Bianchi &amp; Figli &lt;srl&gt;</div>');
      expect(html).toContain('Oggetto: Gita &lt;b&gt;in&lt;/b&gt; laguna');
    });

    it('prints the active elements in the order of the layout, the signature inlined', () => {
      const order = [...html.matchAll(/<section class="(?:template template-\w+"><h2>(\w+)|(quote)")/g)].map((match) => match[1] ?? match[2]);
      expect(order).toEqual(['Premessa', 'quote', 'Condizioni', 'Firma']);
      expect(html).not.toContain('Non stampare');
      expect(html).toContain(`<img class="signature" src="data:image/gif;base64,${signature.toString('base64')}" alt="Firma">`);
    });

    it('prints the items with their VAT labels, the VAT by rate and the total with VAT, in cents for VAT included and excluded items together', () => {
      const rows = [...html.matchAll(/<tr class="item[^"]*">(.*?)<\/tr>/g)].map(
        (row) => `|${[...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()).join('|')}|`,
      );
      expect(rows).toEqual(['|Giro in barca|4||€ 365,00|IVA inclusa|', '|Pranzo tipico|10||€ 100,00|+ IVA 10%|', '|Guida|1||€ 10,05|+ IVA 22%|']);
      expect(html).toContain('<tr class="vat-rate"><td>IVA 22%</td><td class="number">€ 309,23</td><td class="number">€ 68,03</td><td class="number">€ 377,26</td></tr>');
      expect(html).toContain('<tr class="vat-rate"><td>IVA 10%</td><td class="number">€ 100,00</td><td class="number">€ 10,00</td><td class="number">€ 110,00</td></tr>');
      expect(html).toContain('<tr class="total"><td>Totale IVA incl.</td><td class="number">€ 487,26</td></tr>');
    });

    it("shows the running header once at the preview's top: the agency and the quote's number", () => {
      expect(html).toContain(`<div class="running-header">Sole Viaggi S.r.l. · Preventivo n. ${quote.number}</div>`);
    });

    it('is answered from the cache the second time', async () => {
      await expect(generate('preview')).resolves.toEqual({ ...document, cached: true });
    });
  });

  it('prints no header when no printed template asks for it', async () => {
    const html = await htmlOf(await generate('preview', layouts['plain']));
    expect(html).not.toContain('class="agency"');
    expect(html).not.toContain('<img');
    expect(html).toContain('Pagamento alla conferma.');
  });

  it('sanitizes template HTML again as it prints it', async () => {
    const id = await templateOf({ title: 'Pulito', content: '<p>Pulito</p>' });
    await harness.query(`UPDATE documents.quote_templates SET content = $2 WHERE id = $1`, [
      id,
      '<p onclick="x()">Sporco</p><script>alert(1)</script><img src="https://tracker.example/p.png" onerror="alert(2)"><a href="javascript:alert(3)">l</a>',
    ]);
    const html = await htmlOf(await generate('preview', await layoutOf('Sporco', [{ type: 'template', templateId: id }])));
    expect(html).toContain('<div class="content"><p>Sporco</p><a>l</a></div>');
    expect(html).not.toMatch(/<script|onclick|onerror|tracker\.example|javascript:/);
  });

  it('prints content stored deeper than the limit flattened to it, every word kept', async () => {
    const id = await templateOf({ title: 'Annidato', content: '<p>Annidato</p>' });
    const layout = await layoutOf('Annidato', [{ type: 'template', templateId: id }]);
    // stored before the bound
    const deep = `<p>${'<i>'.repeat(14_000)}in fondo${'</i>'.repeat(14_000)}</p><p>dopo</p>`;
    await harness.query(`UPDATE documents.quote_templates SET content = $2 WHERE id = $1`, [id, deep]);

    const html = await htmlOf(await generate('preview', layout));

    const content = /<div class="content">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
    expect(htmlShape(content).depth).toBe(TEMPLATE_CONTENT_LIMITS.depth);
    expect(content).toBe(`<p>${'<i>'.repeat(31)}in fondo${'</i>'.repeat(31)}</p><p>dopo</p>`);
  });

  it('refuses a document whose templates together pass the layout bounds with 413, before any render', async () => {
    // stored before the bounds: each template within its own, five of them past the layout's
    const big = `<p>${'parola '.repeat(Math.floor(LAYOUT_CONTENT_LIMITS.characters / 5 / 7))}</p>`;
    const id = await templateOf({ title: 'Lungo', content: '<p>breve</p>' });
    const layout = await layoutOf('Troppo', [{ type: 'template', templateId: id }]);
    await harness.query(`UPDATE documents.quote_templates SET content = $2 WHERE id = $1`, [id, big]);
    await harness.query(
      `INSERT INTO documents.quote_layout_elements (tenant_id, layout_id, element_type, template_id, sort_order)
       SELECT $1, $2, 'template', $3, n FROM generate_series(1, 5) AS n`,
      [tenantA, layout, id],
    );

    for (const format of ['preview', 'pdf', 'word'] as const) {
      const started = Date.now();
      expect(await rpcError(generate(format, layout))).toMatchObject({ statusCode: 413, reason: 'DOCUMENT_TOO_LARGE', message: DOCUMENT_MESSAGES.documentTooLarge });
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it("tells a document the converter failed on as too complex (422) after one attempt, and one too large for it as 413", async () => {
    let attempts = 0;
    let failure: 'too-complex' | 'too-large' = 'too-complex';
    const failing = await startFakeWorker(async () => {
      attempts += 1;
      throw new UnrecoverableError(documentJobFailureMessage(failure, 'the converter gave up'));
    }, (key, file) => storage.put(key, file));
    try {
      const started = Date.now();
      expect(await rpcError(generate('word', layouts['plain']))).toMatchObject({
        statusCode: 422,
        reason: 'DOCUMENT_TOO_COMPLEX',
        message: DOCUMENT_MESSAGES.documentTooComplex,
      });
      expect(attempts).toBe(1);
      expect(Date.now() - started).toBeLessThan(1500);

      failure = 'too-large';
      expect(await rpcError(generate('pdf', layouts['plain']))).toMatchObject({ statusCode: 413, reason: 'DOCUMENT_TOO_LARGE' });
      expect(attempts).toBe(2);
    } finally {
      await failing.stop();
    }
  });

  describe("the quote's customer", () => {
    const first = customerFixture({ name: 'Primo Cliente' });
    const second = customerFixture({ name: 'Secondo Cliente' });
    let ownQuote: QuoteDetailView;

    beforeAll(() => {
      neighbours.customers.set(first.id, { tenantId: tenantA, customer: first });
      neighbours.customers.set(second.id, { tenantId: tenantA, customer: second });
      ownQuote = quoteFixture(tenantA, { customerId: first.id });
      neighbours.quotes.set(ownQuote.id, { tenantId: tenantA, quote: ownQuote });
    });
    afterEach(() => {
      neighbours.quoteAnswers = async () => undefined;
    });

    /** Quoting answers only once the catalogue was asked for the customer, or after a second. */
    const quotingWaitsForTheCustomer = () => {
      neighbours.quoteAnswers = () =>
        new Promise<void>((resolve) => {
          const started = Date.now();
          const poll = setInterval(() => {
            if (neighbours.heard.includes('customer asked') || Date.now() - started > 1000) {
              clearInterval(poll);
              resolve();
            }
          }, 5);
        });
    };

    it('is asked for beside the quote once a document of the quote named it, and printed', async () => {
      await generate('preview', layouts['plain'], ownQuote.id);
      quotingWaitsForTheCustomer();
      neighbours.heard = [];
      const html = await htmlOf(await generate('preview', layouts['plain'], ownQuote.id));
      // both asked at once (in either order), before quoting answered
      expect(neighbours.heard.slice(0, 2).sort()).toEqual(['customer asked', 'quote asked']);
      expect(neighbours.heard.slice(2)).toEqual(['quote answered']);
      expect(html).toContain('<div class="name">Primo Cliente</div>');
    });

    it("is the quote's new customer when the quote changed its customer", async () => {
      await generate('preview', layouts['plain'], ownQuote.id);
      neighbours.quotes.set(ownQuote.id, { tenantId: tenantA, quote: { ...ownQuote, customerId: second.id } });
      neighbours.heard = [];
      const html = await htmlOf(await generate('preview', layouts['plain'], ownQuote.id));
      // the customer named last time was asked for beside the quote, then the quote's own after it
      expect(neighbours.heard.slice(0, 2).sort()).toEqual(['customer asked', 'quote asked']);
      expect(neighbours.heard.slice(2)).toEqual(['quote answered', 'customer asked']);
      expect(html).toContain('<div class="name">Secondo Cliente</div>');
      expect(html).not.toContain('Primo Cliente');
    });
  });

  describe('PDF and Word', () => {
    let worker: Awaited<ReturnType<typeof startFakeWorker>>;

    beforeAll(async () => {
      worker = await startFakeWorker(async (data) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return Buffer.from(`%PDF-fake ${data.format} ${data.html.length}`);
      }, (key, file) => storage.put(key, file));
    });
    afterAll(() => worker.stop());

    it('renders a PDF through the queue once, and answers it from the cache after', async () => {
      const [first, same] = await Promise.all([generate('pdf'), generate('pdf')]);
      expect(first).toEqual({
        format: 'pdf',
        storageKey: expect.stringMatching(new RegExp(`^documents/${tenantA}/[0-9a-f]{64}\\.pdf$`)),
        fileName: `preventivo-${quote.shortId}.pdf`,
        contentType: 'application/pdf',
        cached: false,
      });
      expect(same.storageKey).toBe(first.storageKey);
      expect(worker.jobs).toHaveLength(1);
      expect((await storage.get(first.storageKey))?.toString()).toMatch(/^%PDF-fake pdf/);
      await expect(generate('pdf')).resolves.toEqual({ ...first, cached: true });
      expect(worker.jobs).toHaveLength(1);
    });

    it('gives the job the HTML with its images as named files of the storage', async () => {
      const job: DocumentJobData = worker.jobs[0];
      expect(job).toMatchObject({ tenantId: tenantA, format: 'pdf' });
      const logoName = `logo-${createHash('sha256').update(logo).digest('hex').slice(0, 16)}.png`;
      const signatureName = `signature-${createHash('sha256').update(signature).digest('hex').slice(0, 16)}.gif`;
      expect(job.html).toContain(`<img class="logo" src="${logoName}" alt="Logo">`);
      expect(job.html).toContain(`<img class="signature" src="${signatureName}" alt="Firma">`);
      expect(job.html).not.toContain('data:');
      expect(job.assets).toEqual([
        { name: logoName, storageKey: `assets/${tenantA}/${createHash('sha256').update(logo).digest('hex')}.png`, contentType: 'image/png' },
        { name: signatureName, storageKey: expect.stringMatching(new RegExp(`^signatures/${tenantA}/[0-9a-f-]{36}\\.gif$`)), contentType: 'image/gif' },
      ]);
      for (const asset of job.assets) expect(await storage.exists(asset.storageKey)).toBe(true);
    });

    it('renders a Word file as its own document', async () => {
      const word = await generate('word');
      expect(word).toMatchObject({ format: 'word', fileName: `preventivo-${quote.shortId}.docx`, cached: false });
      expect(word.storageKey).toMatch(/\.docx$/);
      expect(worker.jobs.at(-1)?.format).toBe('word');
    });

    it('renders again once the quote changed', async () => {
      const changed = { ...quote, version: quote.version + 1, subject: 'Gita cambiata' };
      neighbours.quotes.set(quote.id, { tenantId: tenantA, quote: changed });
      try {
        const document = await generate('pdf');
        expect(document.cached).toBe(false);
        expect(worker.jobs.at(-1)?.html).toContain('Gita cambiata');
      } finally {
        neighbours.quotes.set(quote.id, { tenantId: tenantA, quote });
      }
    });

    it('lets a tenant user generate, and nobody of another agency', async () => {
      await expect(generate('pdf', layouts['full'], quote.id, userOf(tenantA))).resolves.toMatchObject({ cached: true });
      expect(await rpcError(generate('pdf', layouts['full'], quote.id, adminOf(tenantB)))).toMatchObject({ statusCode: 403 });
    });
  });

  it("answers an unknown layout, another agency's layout, an unknown or another agency's quote as not found", async () => {
    for (const layout of [randomUUID(), layouts['foreign']]) {
      expect(await rpcError(generate('preview', layout))).toMatchObject({ statusCode: 404, message: DOCUMENT_MESSAGES.layoutNotFound });
    }
    for (const quoteId of [randomUUID(), foreignQuote.id]) {
      expect(await rpcError(generate('preview', layouts['full'], quoteId))).toMatchObject({ statusCode: 404, message: 'Quote not found' });
    }
  });

  it('refuses a format it does not know: 400', async () => {
    expect(await rpcError(generate('rtf' as DocumentFormat))).toMatchObject({ statusCode: 400, message: ['format must be one of: preview, pdf, word'] });
  });

  it('answers 503 when the PDF service fails every attempt (4, backing off from 500 ms)', async () => {
    let attempts = 0;
    const failing = await startFakeWorker(async () => {
      attempts += 1;
      throw new Error('Gotenberg is down');
    }, (key, file) => storage.put(key, file));
    try {
      const started = Date.now();
      const error = await rpcError(generate('pdf', layouts['plain']));
      expect(error).toMatchObject({ statusCode: 503, reason: 'SERVICE_UNAVAILABLE', message: DOCUMENT_MESSAGES.pdfServiceUnavailable });
      expect(attempts).toBe(4);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
    } finally {
      await failing.stop();
    }
  }, 20_000);

  it('answers 503 when no worker renders the document in time, and renders it once one is back', async () => {
    const started = Date.now();
    const error = await rpcError(generate('word', layouts['plain']));
    expect(error).toMatchObject({ statusCode: 503, message: DOCUMENT_MESSAGES.generationFailed });
    expect(Date.now() - started).toBeGreaterThanOrEqual(JOB_TIMEOUT_MS - 100);
    const back = await startFakeWorker(undefined, (key, file) => storage.put(key, file));
    try {
      await expect(generate('word', layouts['plain'])).resolves.toMatchObject({ format: 'word' });
    } finally {
      await back.stop();
    }
  }, 20_000);
});
