import { randomBytes } from 'node:crypto';
import { pngOf, queryDatabase } from '@quotebook/testing';
import { type Agency, createAgency, created, customerBody, messages, productBody } from './catalogue-fixtures';
import { api, type ApiResponse, baseUrl, superadminToken } from './http';
import { createQuote, letters, pricedProduct, quoteBody, readQuote } from './quote-fixtures';
import { type CapturedMail, mailsTo } from './smtp-sink';

/*
 * The customer loop through HTTP alone: an agency sends a quote (the mail caught by the layer's own
 * SMTP server), the customer opens the link without any token of the agency, views are counted,
 * the customer answers once, the agency is told. Each test makes its own quote and customer, so
 * their mails, views and answers are theirs alone.
 */

jest.setTimeout(120_000);

/** What PublicQuoteView carries, and nothing else may be there. */
const PUBLIC_VIEW_KEYS = ['agency', 'answer', 'customer', 'expired', 'items', 'language', 'optionalTotal', 'quote', 'revision', 'schedule', 'templates', 'total', 'vatSummary'];
const PUBLIC_AGENCY_KEYS = ['address', 'email', 'logoUrl', 'name', 'phone', 'vatNumber', 'website'];
const PUBLIC_CUSTOMER_KEYS = ['address', 'city', 'country', 'name', 'postalCode', 'title'];
const PUBLIC_QUOTE_KEYS = ['expiryDate', 'number', 'serviceDate', 'shortId', 'subject'];
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

let root: string;
let agency: Agency;
let foreign: Agency;
let layoutId: string;
let agencyEmail: string;
let product: { id: string; italianTitle: string; englishTitle: string };

beforeAll(async () => {
  root = await superadminToken();
  [agency, foreign] = await Promise.all([createAgency(root), createAgency(root)]);
  agencyEmail = `info-${letters()}@agency.example`;
  const settings = await api('PATCH', `${agency.base}/settings`, { token: agency.adminToken, body: { referenceEmail: agencyEmail } });
  expect(settings.status).toBe(200);
  const word = letters();
  product = { id: '', italianTitle: `Giro in barca ${word}`, englishTitle: `Boat tour ${word}` };
  product.id = (await pricedProduct(agency, { title: product.italianTitle, shortDescription: 'Tre ore lungo la costa' })).id;
  const english = await api('PUT', `${agency.base}/products/${product.id}`, {
    token: agency.adminToken,
    body: productBody({ language: 'en', title: product.englishTitle, subtitle: 'Guided', shortDescription: 'Three hours along the coast' }),
  });
  expect(english.status).toBe(200);
  const layout = await created(agency.adminToken, `${agency.base}/quote-layouts`, { name: `Tabella ${letters()}`, elements: [{ type: 'quotes', order: 0 }] });
  layoutId = layout.id;
});

interface Scene {
  quoteId: string;
  customerId: string;
  customerName: string;
  email: string;
}

/** An English-speaking customer with an address of its own, and a quote of twelve people for it. */
async function scene(owner: Agency = agency, customer: Record<string, unknown> = {}): Promise<Scene> {
  const email = `customer-${letters()}@mail.example`;
  const record = await created(owner.adminToken, `${owner.base}/customers`, customerBody({ name: `Hotel ${letters()}`, email, language: 'en', ...customer }));
  const quote = await createQuote(owner, quoteBody(record.id, { items: [{ productId: product.id, quantity: 12 }] }));
  return { quoteId: quote.id, customerId: record.id, customerName: record.name, email };
}

const send = (quoteId: string, body: Record<string, unknown> = {}, token = agency.adminToken, owner = agency) =>
  api('POST', `${owner.base}/quotes/${quoteId}/send`, { token, body: { layoutId, ...body } });

/** Sends and insists on 201: for the tests of what comes after. */
async function sent(quoteId: string, body: Record<string, unknown> = {}, token = agency.adminToken) {
  const response = await send(quoteId, body, token);
  if (response.status !== 201) throw new Error(`send ${quoteId}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { revision: number; link: string; sentAt: string };
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) QuotebookTest/1.0' };
const publicRead = (token: string, headers: Record<string, string> = BROWSER) => api('GET', `/api/public/quotes/${token}`, { headers });
const accept = (token: string, body: Record<string, unknown> = {}) =>
  api('POST', `/api/public/quotes/${token}/accept`, {
    headers: BROWSER,
    body: { signerName: 'Jane Smith', consent: true, signature: { type: 'typed', value: 'Jane Smith' }, ...body },
  });
const decline = (token: string, body: Record<string, unknown> = {}) => api('POST', `/api/public/quotes/${token}/decline`, { headers: BROWSER, body });
const revisions = (quoteId: string, token = agency.adminToken, owner = agency) => api('GET', `${owner.base}/quotes/${quoteId}/revisions`, { token });
const notifications = (token: string) => api('GET', `${agency.base}/notifications`, { token });

/** A token of the links' form that no link has. */
const unknownToken = () => randomBytes(32).toString('base64url');

const pdfOf = (attachment: CapturedMail['attachments'][number]) => Buffer.from(attachment.contentBase64, 'base64');

function expectPublicHeaders(response: ApiResponse): void {
  expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
}

describe('sending a quote', () => {
  it("freezes revision 1, mails the customer (cc, the agency's Reply-To, the link, the PDF) in English, and the quote knows it", async () => {
    const { quoteId, email } = await scene();
    const cc = `office-${letters()}@mail.example`;
    const message = `See you on board ${letters()}`;

    const response = await send(quoteId, { cc: [cc], message });

    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['link', 'revision', 'sentAt']);
    expect(response.body.revision).toBe(1);
    expect(response.body.link).toMatch(new RegExp(`^${baseUrl()}/q/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(response.body.sentAt)).toBeGreaterThan(Date.now() - 60_000);

    const [mail] = await mailsTo(email);
    const quote = await readQuote(agency, quoteId);
    expect(mail.to).toEqual([email]);
    expect(mail.cc).toEqual([cc]);
    expect(mail.envelopeTo.sort()).toEqual([email, cc].sort());
    expect(mail.replyTo).toEqual([agencyEmail]);
    expect(mail.subject).toMatch(/^Quote /);
    expect([quote.number, quote.shortId].some((name: string) => mail.subject.includes(name))).toBe(true);
    expect(mail.text).toContain(response.body.link);
    expect(mail.text).toContain(message);
    expect(mail.text).toMatch(/Dear /);
    expect(mail.text).not.toMatch(/Gentile/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toEqual(expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) }));
    expect(pdfOf(mail.attachments[0]).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(quote).toEqual(expect.objectContaining({ latestRevision: 1, customerAnswer: null, lastSentAt: response.body.sentAt }));
  });

  it('is open to every user of the agency: a tenant user sends too', async () => {
    const { quoteId, email } = await scene();
    expect((await send(quoteId, {}, agency.userToken)).status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('numbers the revisions 1, 2 under one link, which shows the latest; the history lists them oldest first', async () => {
    const { quoteId, email } = await scene();
    const first = await sent(quoteId);
    const opened = await publicRead(tokenOf(first.link));
    expect(opened.body.revision).toBe(1);

    const second = await sent(quoteId);

    expect(second.revision).toBe(2);
    expect(second.link).toBe(first.link);
    expect((await publicRead(tokenOf(first.link))).body.revision).toBe(2);
    expect(await mailsTo(email, 2)).toHaveLength(2);
    const history = await revisions(quoteId);
    expect(history.status).toBe(200);
    expect(history.body.map((revision: { number: number }) => revision.number)).toEqual([1, 2]);
    expect(history.body[0]).toEqual(
      expect.objectContaining({ number: 1, sentAt: first.sentAt, sentTo: email, language: 'en', layoutId, totalAmount: expect.stringMatching(/^\d+\.\d{2}$/), answer: null }),
    );
    const one = await api('GET', `${agency.base}/quotes/${quoteId}/revisions/2`, { token: agency.userToken });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(expect.objectContaining({ number: 2, quoteId, language: 'en' }));
    expect(one.body.items).toEqual([expect.objectContaining({ productId: product.id, title: product.englishTitle, quantity: 12 })]);
    expect((await readQuote(agency, quoteId)).latestRevision).toBe(2);
  });

  it('answers 404 for a revision never sent, and 400 naming n for a number that is not one', async () => {
    const { quoteId } = await scene();
    await sent(quoteId);
    const read = (n: string) => api('GET', `${agency.base}/quotes/${quoteId}/revisions/${n}`, { token: agency.adminToken });
    expect((await read('2')).status).toBe(404);
    for (const n of ['0', '-1', '1.5', 'abc', '1e3', '100001']) {
      const response = await read(n);
      expect([n, response.status]).toEqual([n, 400]);
      expect(messages(response.body)).toMatch(/^n /);
    }
  });

  it("refuses a quote whose customer has no e-mail with 400 naming `to`, and a bad address; neither makes a revision", async () => {
    const { quoteId, customerId } = await scene();
    // the customers' form requires an e-mail: one imported without it is made in the database
    await queryDatabase(process.env['API_DATABASE_URL']!, `UPDATE catalogue.customers SET email = '' WHERE id = $1`, [customerId]);

    const withoutEmail = await send(quoteId);
    expect(withoutEmail.status).toBe(400);
    expect(messages(withoutEmail.body)).toMatch(/(^|\| )to\b/);

    const badTo = await send(quoteId, { to: 'not-an-address' });
    expect(badTo.status).toBe(400);
    const badCc = await send(quoteId, { to: `someone-${letters()}@mail.example`, cc: ['also not one'] });
    expect(badCc.status).toBe(400);

    expect((await revisions(quoteId)).body).toEqual([]);
    expect((await readQuote(agency, quoteId)).latestRevision).toBeNull();

    // an address given by the agent is enough
    const to = `someone-${letters()}@mail.example`;
    expect((await send(quoteId, { to })).status).toBe(201);
    expect((await mailsTo(to))[0].to).toEqual([to]);
  });

  it("is another agency's quote to another agency's admin: 404 on its send, link and revisions; 403 on this agency's paths", async () => {
    const { quoteId } = await scene();
    await sent(quoteId);
    const token = foreign.adminToken;
    const theirs = [
      await send(quoteId, {}, token, foreign),
      await api('DELETE', `${foreign.base}/quotes/${quoteId}/link`, { token }),
      await revisions(quoteId, token, foreign),
      await api('GET', `${foreign.base}/quotes/${quoteId}/revisions/1`, { token }),
    ];
    expect(theirs.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    const ours = [await send(quoteId, {}, token), await revisions(quoteId, token), await api('DELETE', `${agency.base}/quotes/${quoteId}/link`, { token })];
    expect(ours.map((response) => response.status)).toEqual([403, 403, 403]);
    // the link still works: nothing of the above touched it
    expect((await revisions(quoteId)).body).toHaveLength(1);
  });
});

describe('the public page', () => {
  it("shows the latest revision in the customer's language to anyone with the link, and nothing else of the agency", async () => {
    const { quoteId, customerId, customerName, email } = await scene();
    const { link } = await sent(quoteId);

    const response = await publicRead(tokenOf(link));

    expect(response.status).toBe(200);
    expectPublicHeaders(response);
    const view = response.body;
    expect(Object.keys(view).sort()).toEqual(PUBLIC_VIEW_KEYS);
    expect(Object.keys(view.agency).sort()).toEqual(PUBLIC_AGENCY_KEYS);
    expect(Object.keys(view.customer).sort()).toEqual(PUBLIC_CUSTOMER_KEYS);
    expect(Object.keys(view.quote).sort()).toEqual(PUBLIC_QUOTE_KEYS);
    expect(view).toEqual(expect.objectContaining({ revision: 1, language: 'en', expired: false, answer: null }));
    expect(view.agency.email).toBe(agencyEmail);
    expect(view.customer.name).toBe(customerName);
    expect(view.items).toEqual([expect.objectContaining({ productId: product.id, title: product.englishTitle, quantity: 12 })]);
    expect(view.total.gross).toMatch(/^\d+\.\d{2}$/);
    const text = JSON.stringify(view);
    for (const secret of [agency.tenantId, quoteId, customerId, email]) expect(text).not.toContain(secret);
  });

  it('serves the PDF as an attachment, and the page itself (/q/{token}) unindexed under a strict policy', async () => {
    const { quoteId } = await scene();
    const { link } = await sent(quoteId);

    const pdf = await fetch(`${baseUrl()}/api/public/quotes/${tokenOf(link)}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    expect(pdf.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });

  it('answers one and the same 404 for an unknown, a malformed and a revoked link; the next send makes a new one', async () => {
    const { quoteId } = await scene();
    const { link } = await sent(quoteId);
    const token = tokenOf(link);
    expect((await publicRead(token)).status).toBe(200);

    const revoked = await api('DELETE', `${agency.base}/quotes/${quoteId}/link`, { token: agency.userToken });
    expect(revoked.status).toBe(204);

    const answers = [await publicRead(token), await publicRead(unknownToken()), await publicRead('not-a-token'), await publicRead('x'.repeat(300))];
    expect(answers.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    for (const answer of answers) {
      expect(answer.body).toEqual(answers[0].body);
      expectPublicHeaders(answer);
    }
    expect(answers[0].body.reason).toBe('NOT_FOUND');
    expect((await accept(token)).status).toBe(404);
    expect((await api('GET', `/api/public/quotes/${token}/pdf`)).status).toBe(404);

    const again = await sent(quoteId);
    expect(again.revision).toBe(2);
    expect(tokenOf(again.link)).toMatch(TOKEN);
    expect(again.link).not.toBe(link);
    expect((await publicRead(tokenOf(again.link))).body.revision).toBe(2);
    expect((await publicRead(token)).status).toBe(404);
  });

  it('shows an expired quote (expired: true) and refuses its answers with 410 LINK_EXPIRED', async () => {
    const { quoteId } = await scene();
    const { link } = await sent(quoteId);
    // the expiry passes: the link expires with the quote's date
    await queryDatabase(process.env['API_DATABASE_URL']!, `UPDATE quoting.quotes SET expiry_date = '2020-01-31' WHERE id = $1`, [quoteId]);

    const view = await publicRead(tokenOf(link));
    expect(view.status).toBe(200);
    expect(view.body.expired).toBe(true);
    const refusals = [await accept(tokenOf(link)), await decline(tokenOf(link))];
    expect(refusals.map((response) => [response.status, response.body.reason])).toEqual([
      [410, 'LINK_EXPIRED'],
      [410, 'LINK_EXPIRED'],
    ]);
    expect((await revisions(quoteId)).body[0].answer).toBeNull();
  });
});

describe("the customer's answer", () => {
  it('accepts once (201 with the answer), then 409 for any second answer; the quote and its history carry it', async () => {
    const { quoteId } = await scene();
    const { link } = await sent(quoteId);
    const token = tokenOf(link);
    expect((await accept(token, { consent: false })).status).toBe(400);

    const accepted = await accept(token, { revision: 1 });

    expect(accepted.status).toBe(201);
    // with no optional line offered, nothing is chosen and the total accepted is the revision's
    expect(accepted.body).toEqual({ kind: 'accepted', signerName: 'Jane Smith', reason: null, at: expect.any(String), optionalLines: [], acceptedTotal: '415.00' });
    const second = [await accept(token), await decline(token, { reason: 'Changed my mind' })];
    expect(second.map((response) => [response.status, response.body.reason])).toEqual([
      [409, 'ALREADY_ANSWERED'],
      [409, 'ALREADY_ANSWERED'],
    ]);
    expect((await publicRead(token)).body.answer).toEqual(accepted.body);
    expect((await readQuote(agency, quoteId)).customerAnswer).toEqual(accepted.body);
    expect((await revisions(quoteId)).body[0].answer).toEqual(accepted.body);
  });

  it('takes a drawn signature and a decline with its reason', async () => {
    const drawn = await scene();
    const signature = `data:image/png;base64,${pngOf(120, 40).toString('base64')}`;
    const accepted = await accept(tokenOf((await sent(drawn.quoteId)).link), { signature: { type: 'drawn', value: signature } });
    expect(accepted.status).toBe(201);

    const declined = await scene();
    const { link } = await sent(declined.quoteId);
    const response = await decline(tokenOf(link), { reason: 'Too expensive for us' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ kind: 'declined', signerName: null, reason: 'Too expensive for us', at: expect.any(String) });
    expect((await readQuote(agency, declined.quoteId)).customerAnswer).toEqual(expect.objectContaining({ kind: 'declined' }));
  });

  it('refuses an answer to a superseded revision with 409 REVISION_SUPERSEDED; the latest one can still be answered', async () => {
    const { quoteId } = await scene();
    const { link } = await sent(quoteId);
    expect((await publicRead(tokenOf(link))).body.revision).toBe(1);
    await sent(quoteId);

    const stale = await accept(tokenOf(link), { revision: 1 });

    expect([stale.status, stale.body.reason]).toEqual([409, 'REVISION_SUPERSEDED']);
    const fresh = await accept(tokenOf(link), { revision: 2 });
    expect(fresh.status).toBe(201);
    expect((await revisions(quoteId)).body.map((revision: { answer: unknown }) => revision.answer === null)).toEqual([true, false]);
  });
});

describe('views and notifications', () => {
  it("counts a visitor's views once a day, and tells the user who sent it of the first view and of the answer, once each", async () => {
    const { quoteId } = await scene();
    const { link } = await sent(quoteId, {}, agency.userToken);
    const token = tokenOf(link);
    const before = Date.now();

    expect((await publicRead(token)).status).toBe(200);
    expect((await publicRead(token)).status).toBe(200);

    const [revision] = (await revisions(quoteId)).body;
    expect(revision.viewCount).toBe(1);
    expect(Date.parse(revision.firstViewedAt)).toBeGreaterThanOrEqual(before - 5000);
    const ofThisQuote = (response: ApiResponse) => response.body.items.filter((item: { quoteId: string }) => item.quoteId === quoteId);
    const viewed = await notifications(agency.userToken);
    expect(viewed.status).toBe(200);
    expect(ofThisQuote(viewed).map((item: { kind: string }) => item.kind)).toEqual(['viewed']);
    expect(ofThisQuote(viewed)[0]).toEqual(expect.objectContaining({ revision: 1, readAt: null }));
    // the admin did not send it
    expect(ofThisQuote(await notifications(agency.adminToken))).toEqual([]);

    expect((await accept(token)).status).toBe(201);
    const answered = await notifications(agency.userToken);
    expect(ofThisQuote(answered).map((item: { kind: string }) => item.kind)).toEqual(['accepted', 'viewed']);
    expect(answered.body.unread).toBeGreaterThanOrEqual(2);

    const one = await api('POST', `${agency.base}/notifications/${ofThisQuote(answered)[0].id}/read`, { token: agency.userToken });
    expect(one.status).toBe(200);
    expect(one.body.unread).toBe(answered.body.unread - 1);
    const all = await api('POST', `${agency.base}/notifications/all/read`, { token: agency.userToken });
    expect(all.status).toBe(200);
    expect(all.body.unread).toBe(0);
    expect((await api('POST', `${agency.base}/notifications/not-one/read`, { token: agency.userToken })).status).toBe(400);
  });
});

describe('throttles', () => {
  it('answers 429 with Retry-After past the answers one link may get in an hour', async () => {
    const { quoteId } = await scene();
    const token = tokenOf((await sent(quoteId)).link);
    expect((await accept(token)).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await accept(token)).status);
    expect(statuses).toEqual(Array(9).fill(409));

    const refused = await decline(token);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expectPublicHeaders(refused);
  });

  it('answers 429 past the reads one link may get in a minute', async () => {
    const { quoteId } = await scene();
    const token = tokenOf((await sent(quoteId)).link);
    const reads: number[] = [];
    for (let batch = 0; batch < 12; batch += 1) {
      reads.push(...(await Promise.all(Array.from({ length: 10 }, () => publicRead(token)))).map((response) => response.status));
    }
    expect(reads).toEqual(Array(120).fill(200));

    const refused = await api('GET', `/api/public/quotes/${token}/pdf`);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
