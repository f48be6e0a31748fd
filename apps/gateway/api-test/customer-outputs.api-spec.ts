import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { docxText, pdfText } from '@quotebook/testing';
import { type Agency, created, createAgency, customerBody, messages, periodBody, productBody } from './catalogue-fixtures';
import { generateDocument } from './document-fixtures';
import { api, baseUrl, superadminToken } from './http';
import { createQuote, IN_PERIOD, letters, quoteBody, readQuote } from './quote-fixtures';
import { mailsTo } from './smtp-sink';

/*
 * What a customer is given never shows what the agency pays or earns. A quote whose lines carry
 * distinctive supplier costs (and so distinctive margins) is rendered in every customer-facing output:
 * the document's preview, PDF and Word file, the e-mail with its PDF, the public page's JSON and PDF,
 * and the webhooks' deliveries. Each is searched for the costs and margins, written every way a person
 * or a program could print them, and for the words. The same outputs show the price per person, the
 * free places, the optional services apart and the deposit. Then the customer's choice of optional
 * lines when accepting: refused unless it names optional lines of the revision, recorded with the
 * revision, and followed by the quote's total.
 */

jest.setTimeout(180_000);

/** € 50 per person, 1 free every 20 paying; no VAT rate, so net = gross. */
const FREE_PLACES_PERIOD = periodBody('2030-01-01', '2030-12-31', { costPerPerson: '50.00', freePlacesEvery: 20, freePlacesCount: 1 });
/** € 45 per person. */
const OPTIONAL_PERIOD = periodBody('2030-01-01', '2030-12-31', { costPerPerson: '45.00' });

const COST_FIELDS = ['cost', 'margin', 'marginPercent', 'costTotal', 'marginTotal'];
const COST_WORDS = /\b(costo|costi|margine|margini|cost|costs|margin|margins)\b/i;

// answers are whatever JSON the API gives; each test asserts the fields it reads
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Every value of a cost or margin field anywhere in an answer. */
function costValuesIn(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.flatMap(costValuesIn);
  if (answer === null || typeof answer !== 'object') return [];
  return Object.entries(answer).flatMap(([key, value]) => (COST_FIELDS.includes(key) ? (typeof value === 'string' ? [value] : []) : costValuesIn(value)));
}

/** An amount ("-1234.56") as it could be printed: "1234.56", "1234,56", "1.234,56", "1,234.56". */
function writings(amount: string): string[] {
  const [whole, cents] = amount.replace(/^-/, '').split('.');
  const grouped = (separator: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return [...new Set([`${whole}.${cents}`, `${whole},${cents}`, `${grouped('.')},${cents}`, `${grouped(',')}.${cents}`])];
}

/** What an HTML page reads as: its text, without its style sheet (where CSS says "margin") or tags. */
const readableText = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/gs, ' ').replace(/<[^>]+>/g, ' ');

/** What of the needles a text holds anywhere (an HTML page's markup included), or of the cost words where it is read. */
function leaksIn(name: string, text: string, needles: readonly string[]): string[] {
  const found = needles.filter((needle) => text.includes(needle));
  const word = COST_WORDS.exec(/HTML|preview/.test(name) ? readableText(text) : text);
  return word ? [...found, word[0]] : found;
}

let root: string;
let agency: Agency;
let layoutId: string;
let mainProductId: string;
let optionalProductId: string;

const received: string[] = [];
// the integrator's endpoint: the test stack lets webhooks reach 127.0.0.1
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(204).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  root = await superadminToken();
  agency = await createAgency(root);
  const settings = await api('PATCH', `${agency.base}/settings`, { token: agency.adminToken, body: { referenceEmail: `info-${letters()}@agency.example` } });
  expect(settings.status).toBe(200);
  const main = await created(agency.adminToken, `${agency.base}/products`, productBody({ title: `Gita in barca ${letters()}` }));
  await created(agency.adminToken, `${agency.base}/products/${main.id}/availability`, FREE_PLACES_PERIOD);
  const optional = await created(agency.adminToken, `${agency.base}/products`, productBody({ title: `Cena tipica ${letters()}` }));
  await created(agency.adminToken, `${agency.base}/products/${optional.id}/availability`, OPTIONAL_PERIOD);
  mainProductId = main.id;
  optionalProductId = optional.id;
  layoutId = (await created(agency.adminToken, `${agency.base}/quote-layouts`, { name: `Tabella ${letters()}`, elements: [{ type: 'quotes', order: 0 }] })).id;
});

afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** An Italian customer and its quote: 21 people on the boat (20 + 1 free) with a cost set by hand, an optional dinner for 2, a 30 % deposit. */
async function costedQuote() {
  const email = `cliente-${letters()}@mail.example`;
  const customer = await created(agency.adminToken, `${agency.base}/customers`, customerBody({ name: `Hotel ${letters()}`, email, language: 'it' }));
  const quote = await createQuote(
    agency,
    quoteBody(customer.id, {
      serviceDate: IN_PERIOD,
      depositKind: 'percent',
      depositValue: '30.00',
      items: [
        { productId: mainProductId, quantity: 21, cost: '1234.56' },
        { productId: optionalProductId, quantity: 2, cost: '987.65', optional: true },
      ],
    }),
  );
  return { quote, email };
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) QuotebookTest/1.0' };
const accept = (token: string, body: Record<string, unknown> = {}) =>
  api('POST', `/api/public/quotes/${token}/accept`, {
    headers: BROWSER,
    body: { signerName: 'Giulia Neri', consent: true, signature: { type: 'typed', value: 'Giulia Neri' }, ...body },
  });

async function send(quoteId: string) {
  const response = await api('POST', `${agency.base}/quotes/${quoteId}/send`, { token: agency.adminToken, body: { layoutId } });
  if (response.status !== 201) throw new Error(`send: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { revision: number; link: string };
}

async function publicPdf(token: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl()}/api/public/quotes/${token}/pdf`, { headers: BROWSER });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The webhook bodies about the quote, once `count` of them have arrived. */
async function deliveriesOf(quoteId: string, count: number): Promise<string[]> {
  const about = () => received.filter((body) => body.includes(quoteId));
  for (const until = Date.now() + 30_000; about().length < count && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 250));
  return about();
}

describe('no customer-facing output carries a cost or a margin', () => {
  it('renders every output of a quote with distinctive costs and margins and finds none of them, nor the words', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const hook = await api('POST', `${agency.base}/webhooks`, { token: agency.adminToken, body: { url, events: ['quote.sent', 'quote.accepted'], secret: `s-${letters()}` } });
    expect(hook.status).toBe(201);

    const { quote, email } = await costedQuote();
    const agencyView = await readQuote(agency, quote.id);
    // the agency sees the costs and margins the outputs must not show
    expect(agencyView).toMatchObject({ costTotal: '1234.56', marginTotal: '-234.56', totalAmount: '1000.00', optionalTotal: '90.00', depositAmount: '300.00' });
    const needles = [...new Set(costValuesIn(agencyView).flatMap(writings))];
    expect(needles).toEqual(expect.arrayContaining(['1234.56', '1.234,56', '987,65', '234.56', '897.65']));

    const outputs: Record<string, string> = {};
    const preview = await generateDocument(agency, quote.id, layoutId, 'preview');
    expect(preview.status).toBe(200);
    outputs['document preview'] = preview.body.toString('utf8');
    const pdf = await generateDocument(agency, quote.id, layoutId, 'pdf');
    expect(pdf.status).toBe(200);
    outputs['document PDF'] = pdfText(pdf.body);
    const word = await generateDocument(agency, quote.id, layoutId, 'word');
    expect(word.status).toBe(200);
    outputs['document Word'] = docxText(word.body);

    const { link } = await send(quote.id);
    const token = tokenOf(link);
    const [mail] = await mailsTo(email);
    outputs['e-mail text'] = mail.text;
    outputs['e-mail HTML'] = mail.html;
    outputs['e-mail subject'] = mail.subject;
    outputs['e-mail PDF'] = pdfText(Buffer.from(mail.attachments[0].contentBase64, 'base64'));
    const page = await api('GET', `/api/public/quotes/${token}`, { headers: BROWSER });
    expect(page.status).toBe(200);
    outputs['public page'] = JSON.stringify(page.body);
    outputs['public PDF'] = pdfText(await publicPdf(token));
    const optionalItemId = agencyView.items.find((item: any) => item.optional).id;
    expect((await accept(token, { optionalItemIds: [optionalItemId] })).status).toBe(201);
    const accepted = await api('GET', `/api/public/quotes/${token}`, { headers: BROWSER });
    outputs['public page, accepted'] = JSON.stringify(accepted.body);
    const deliveries = await deliveriesOf(quote.id, 2);
    expect(deliveries.map((body) => JSON.parse(body).event).sort()).toEqual(['quote.accepted', 'quote.sent']);
    deliveries.forEach((body, index) => (outputs[`webhook delivery ${index + 1}`] = body));

    // what the customer is meant to see is there: per person, free places, optional services apart, the schedule
    for (const name of ['document preview', 'document PDF', 'document Word', 'e-mail PDF', 'public PDF']) {
      const text = outputs[name].replace(/\s+/g, ' ');
      expect({ name, freePlaces: text.includes('20 + 1 gratuità') }).toEqual({ name, freePlaces: true });
      expect({ name, optional: text.includes('Servizi facoltativi') }).toEqual({ name, optional: true });
      expect({ name, deposit: text.includes('Acconto € 300,00 alla conferma') }).toEqual({ name, deposit: true });
      expect({ name, balance: text.includes('Saldo € 700,00 entro il 15/06/2030') }).toEqual({ name, balance: true });
    }
    expect(outputs['e-mail text']).toContain('Acconto € 300,00 alla conferma');
    expect(page.body.schedule).toMatchObject({ depositAmount: '300.00', balanceAmount: '700.00', balanceDueDate: '2030-06-15' });
    expect(page.body.items.map((item: any) => [item.optional, item.freePlaces, item.unitPrice])).toEqual([
      [false, 1, '50.00'],
      [true, 0, '45.00'],
    ]);

    const leaks = Object.entries(outputs).map(([name, text]) => ({ name, leaks: leaksIn(name, text, needles) }));
    expect(leaks).toEqual(Object.keys(outputs).map((name) => ({ name, leaks: [] })));
  });
});

describe('the customer chooses optional lines when accepting', () => {
  async function sentQuote() {
    const { quote } = await costedQuote();
    const { link } = await send(quote.id);
    const view = await readQuote(agency, quote.id);
    return { quoteId: quote.id as string, token: tokenOf(link), view, optionalId: view.items.find((item: any) => item.optional).id as string, mainId: view.items.find((item: any) => !item.optional).id as string };
  }

  it.each([
    ['an unknown line', () => [randomUUID()]],
    ['a line that is not optional', (ids: { mainId: string }) => [ids.mainId]],
    ['the same line twice', (ids: { optionalId: string }) => [ids.optionalId, ids.optionalId]],
    ['something other than an id', () => ['dinner']],
    ['something other than a list', () => 'dinner'],
  ])('refuses %s: 400 naming optionalItemIds, nothing answered or changed', async (_case, choice) => {
    const scene = await sentQuote();
    const refused = await accept(scene.token, { optionalItemIds: (choice as (ids: object) => unknown)(scene) });
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toContain('optionalItemIds');
    const revisions = await api('GET', `${agency.base}/quotes/${scene.quoteId}/revisions`, { token: agency.adminToken });
    expect(revisions.body[0].answer).toBeNull();
    expect(await readQuote(agency, scene.quoteId)).toMatchObject({ totalAmount: '1000.00', optionalTotal: '90.00', version: scene.view.version });
  });

  it('records the choice with the accepted revision, and the chosen line joins the quote: its total, deposit and version follow', async () => {
    const scene = await sentQuote();
    const answered = await accept(scene.token, { optionalItemIds: [scene.optionalId] });
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ kind: 'accepted', acceptedTotal: '1090.00', optionalLines: [{ itemId: scene.optionalId, grossPrice: '90.00', title: expect.stringMatching(/^Cena tipica/) }] });

    const revisions = await api('GET', `${agency.base}/quotes/${scene.quoteId}/revisions`, { token: agency.adminToken });
    expect(revisions.body[0].answer).toMatchObject({ kind: 'accepted', acceptedTotal: '1090.00', optionalLines: [{ itemId: scene.optionalId }] });
    const page = await api('GET', `/api/public/quotes/${scene.token}`, { headers: BROWSER });
    expect(page.body.answer).toMatchObject({ acceptedTotal: '1090.00', optionalLines: [{ itemId: scene.optionalId }] });

    const quote = await readQuote(agency, scene.quoteId);
    expect(quote).toMatchObject({ totalAmount: '1090.00', optionalTotal: '0.00', depositAmount: '327.00', balanceAmount: '763.00', customerAnswer: { kind: 'accepted' } });
    expect(quote.version).toBeGreaterThan(scene.view.version);
    expect(quote.items.find((item: any) => item.id === scene.optionalId).optional).toBe(false);
  });

  it('accepts without a choice: the optional lines stay offered and out of the total', async () => {
    const scene = await sentQuote();
    const answered = await accept(scene.token);
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ optionalLines: [], acceptedTotal: '1000.00' });
    expect(await readQuote(agency, scene.quoteId)).toMatchObject({ totalAmount: '1000.00', optionalTotal: '90.00', version: scene.view.version });
  });
});
