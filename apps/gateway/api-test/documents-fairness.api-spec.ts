import { startIsolatedStack } from '@quotebook/testing';
import { created, createAgency, customerBody, periodBody, productBody, type Agency } from './catalogue-fixtures';
import { documentScene, generateDocument, type DocumentResponse } from './document-fixtures';
import { api, superadminToken } from './http';

jest.setTimeout(240_000);

/** How long a render may take, retries and the wait for a worker included (the stack's setting). */
const JOB_TIMEOUT_MS = 30_000;

const ANSWERS_A_USER_CAN_ACT_ON = [200, 413, 422, 429];

/**
 * One agency's documents must not stall another's: agency A stores the deepest template the server
 * accepts, prints it in a layout and asks for four Word and four PDF documents at once, while agency B
 * asks for its own. This file runs a stack of its own, so nothing else loads its worker.
 */
describe("one agency's heavy documents and another agency's documents", () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let root: string;

  beforeAll(async () => {
    started = await startIsolatedStack('docfair', { DOCUMENT_JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) });
    base = started.stack.baseUrl;
    root = await superadminToken(base);
  });

  afterAll(async () => {
    await started?.stop();
  });

  /** A quote of the agency's products, a new document each time (its subject differs). */
  async function quoteOf(agency: Agency, customerId: string, productIds: string[], subject: string): Promise<string> {
    const quote = await created(
      agency.adminToken,
      `${agency.base}/quotes`,
      { customerId, serviceDate: '2030-07-15', subject, items: productIds.map((productId) => ({ productId, quantity: 3 })) },
      base,
    );
    return quote.id as string;
  }

  /**
   * The deepest template the server keeps: the 14,000 levels that stalled the Word converter if it
   * keeps them, else the depth its refusal names, filled with text up to nearly the length limit.
   */
  async function deepestTemplate(agency: Agency): Promise<{ id: string; depth: number }> {
    const nested = (depth: number, text: string) => `<p>${'<i>'.repeat(depth - 1)}${text}${'</i>'.repeat(depth - 1)}</p>`;
    const post = (content: string) =>
      api('POST', `${agency.base}/quote-templates`, { token: agency.adminToken, base, body: { templateType: 'condizioni', title: 'Profondo', content } });
    const deepest = await post(nested(14_000, 'x'));
    if (deepest.status === 201) return { id: deepest.body.id, depth: 14_000 };
    expect(deepest.status).toBe(400);
    const messages: string[] = deepest.body.message;
    const limit = Number(/(\d+) livelli/.exec(messages.join(' '))?.[1]);
    expect(limit).toBeGreaterThan(1);
    const text = 'Condizioni generali di vendita e di annullamento. '.repeat(1800);
    const kept = await post(nested(limit, text));
    expect(kept.status).toBe(201);
    expect((await post(nested(limit + 1, 'x'))).status).toBe(400);
    return { id: kept.body.id, depth: limit };
  }

  it("answers B's PDF and Word in their normal time while A's deepest template is printed, and A within the job timeout", async () => {
    // agency B, as any agency prints: a layout of two templates and the quote's table
    const b = await documentScene(root, base);
    const bQuotes = [b.quoteId];
    for (const subject of ['Durante', 'Dopo']) bQuotes.push(await quoteOf(b.agency, b.customer.id, b.products.map((product) => product.id), subject));
    const bDocuments = async (quoteId: string) => {
      const pdf = await generateDocument(b.agency, quoteId, b.layoutId, 'pdf', base);
      const word = await generateDocument(b.agency, quoteId, b.layoutId, 'word', base);
      return { pdf, word };
    };
    const normal = await bDocuments(bQuotes[0]);
    expect([normal.pdf.status, normal.word.status]).toEqual([200, 200]);

    // agency A: the deepest template it may keep, three times in its layout beside the quote's table
    const a = await createAgency(root, {}, base);
    const customer = await created(a.adminToken, `${a.base}/customers`, customerBody(), base);
    const product = await created(a.adminToken, `${a.base}/products`, productBody(), base);
    await created(a.adminToken, `${a.base}/products/${product.id}/availability`, periodBody('2030-01-01', '2030-12-31', { costPerPerson: 40 }), base);
    const deep = await deepestTemplate(a);
    const layoutResponse = await api('POST', `${a.base}/quote-layouts`, {
      token: a.adminToken,
      base,
      body: {
        name: 'Profondo',
        elements: [
          { type: 'template', templateId: deep.id, order: 0 },
          { type: 'quotes', order: 1 },
          { type: 'template', templateId: deep.id, order: 2 },
          { type: 'template', templateId: deep.id, order: 3 },
        ],
      },
    });
    expect(layoutResponse.status).toBe(201);
    const aQuotes = await Promise.all([1, 2, 3, 4].map((index) => quoteOf(a, customer.id, [product.id], `Pesante ${index}`)));

    // A asks for four Word and four PDF documents at once, as a tenant user
    const aUser = { ...a, adminToken: a.userToken };
    const aAnswers = Promise.all(
      aQuotes.flatMap((quoteId) => [
        generateDocument(aUser, quoteId, layoutResponse.body.id, 'word', base),
        generateDocument(aUser, quoteId, layoutResponse.body.id, 'pdf', base),
      ]),
    );
    // B asks while A's documents are queued and rendering
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = await bDocuments(bQuotes[1]);
    const answeredA: DocumentResponse[] = await aAnswers;
    const after = await bDocuments(bQuotes[2]);

    const inNormalTime = (response: DocumentResponse, usual: DocumentResponse) => response.elapsedMs <= Math.max(4 * usual.elapsedMs, usual.elapsedMs + 3000);
    const summary = (response: DocumentResponse) => `${response.status} in ${response.elapsedMs} ms`;
    for (const [label, answer, usual] of [
      ['PDF during', during.pdf, normal.pdf],
      ['Word during', during.word, normal.word],
      ['PDF after', after.pdf, normal.pdf],
      ['Word after', after.word, normal.word],
    ] as const) {
      expect({ label, status: answer.status, inTime: inNormalTime(answer, usual), took: summary(answer), usual: summary(usual) }).toEqual({
        label,
        status: 200,
        inTime: true,
        took: summary(answer),
        usual: summary(usual),
      });
    }
    for (const answer of answeredA) {
      expect(ANSWERS_A_USER_CAN_ACT_ON).toContain(answer.status);
      expect(answer.elapsedMs).toBeLessThanOrEqual(JOB_TIMEOUT_MS);
      if (answer.status !== 200) expect(answer.json?.message).toEqual(expect.any(String));
    }
  });
});
