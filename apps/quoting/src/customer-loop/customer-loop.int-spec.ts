import { Controller, Module } from '@nestjs/common';
import {
  AUTH_ME,
  CATALOGUE_PRODUCT_TEXTS,
  CATALOGUE_QUOTE_PRICING,
  type CustomerView,
  CUSTOMERS_GET,
  DOCUMENTS_RENDER_REVISION,
  NOTIFICATIONS_LIST,
  NOTIFICATIONS_READ,
  type Principal,
  PUBLIC_QUOTE_ACCEPT,
  PUBLIC_QUOTE_DECLINE,
  PUBLIC_QUOTE_DOCUMENT,
  PUBLIC_QUOTE_GET,
  QUOTE_LINK_REVOKE,
  QUOTE_REVISIONS_GET,
  QUOTE_REVISIONS_LIST,
  QUOTES_CREATE,
  QUOTES_GET,
  QUOTES_LIST,
  QUOTES_SEND,
  type RpcRequest,
  type RpcResponse,
  type SendQuoteDto,
  TENANTS_GET,
  type TenantView,
  type WebhookPayload,
} from '@quotebook/contracts';
import { appError, Handles } from '@quotebook/server-core';
import { startStandIn, useServiceHarness } from '@quotebook/testing/harness';
import { type AddressObject, simpleParser } from 'mailparser';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { adminOf, quotingService, quotingTestEnv, rpcError, twoAgencies, userOf } from '../test/quoting-harness';
import { QuoteEventSink } from '../webhooks/quote-event-sink';

/* ---------- a real SMTP server on loopback, and what it received ---------- */

interface ReceivedMail {
  envelopeTo: string[];
  from: string;
  fromName: string;
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  ([] as AddressObject[]).concat(field ?? []).flatMap((object) => object.value.map((entry) => entry.address ?? ''));

const mails: ReceivedMail[] = [];
/** While true the server refuses every mail, as one that is down for maintenance. */
let smtpFailing = false;
let smtp: SMTPServer | undefined;

async function startSmtpSink(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!smtpFailing) return callback();
      return callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: addressesOf(parsed.from)[0] ?? '',
            fromName: ([] as AddressObject[]).concat(parsed.from ?? [])[0]?.value[0]?.name ?? '',
            to: addressesOf(parsed.to),
            cc: addressesOf(parsed.cc),
            replyTo: addressesOf(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? '', contentType: attachment.contentType, content: attachment.content })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp?.listen(0, '127.0.0.1', () => resolve()));
  return (smtp.server.address() as AddressInfo).port;
}

/** The mails to `address`, waiting until there are `count` (the agent's notices leave after the answer). */
async function mailsTo(address: string, count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.filter((mail) => mail.envelopeTo.includes(address));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} mail(s) to ${address}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `found` holds (what the loop does after answering: the agent's e-mail, the webhooks' event). */
async function eventually(found: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/* ---------- the other services, played by NATS responders ---------- */

const PRODUCT = { id: randomUUID(), code: 'LAKE01' };
const customers = new Map<string, CustomerView>();
const tenants = new Map<string, TenantView>();
const senders = new Map<string, { name: string; email: string }>();
let storageDir = '';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const layoutId = randomUUID();

@Controller()
class CatalogueStandIn {
  @Handles(CATALOGUE_QUOTE_PRICING)
  async pricing({ productIds, customerId }: RpcRequest<typeof CATALOGUE_QUOTE_PRICING>): Promise<RpcResponse<typeof CATALOGUE_QUOTE_PRICING>> {
    const customer = customerId ? customers.get(customerId) : undefined;
    return {
      customer: customer ? { id: customer.id, name: customer.name, priceList: null } : null,
      products: productIds.includes(PRODUCT.id)
        ? [
            {
              id: PRODUCT.id,
              code: PRODUCT.code,
              titleIt: 'Tour del lago',
              shortDescriptionIt: 'Giro in battello',
              vatRate: '22.00',
              period: {
                id: randomUUID(), productId: PRODUCT.id, startDate: '2030-01-01', endDate: '2030-12-31', hasMinParticipants: false, minParticipants: null,
                hasCostPerPerson: true, costPerPerson: '30.50', hasFlatRate: false, flatRate: null, hasAdditionalCosts: false, additionalCosts: null, priceIncludesVat: true,
                supplierCostPerPerson: null, supplierCostPerBooking: null, freePlacesEvery: null, freePlacesCount: null,
              },
            },
          ]
        : [],
    };
  }

  @Handles(CUSTOMERS_GET)
  async customer({ tenantId, id }: RpcRequest<typeof CUSTOMERS_GET>): Promise<RpcResponse<typeof CUSTOMERS_GET>> {
    const customer = customers.get(id);
    if (!customer || tenantId === undefined) throw appError('NOT_FOUND', 'Customer not found');
    return customer;
  }

  @Handles(CATALOGUE_PRODUCT_TEXTS)
  async texts({ productIds, language }: RpcRequest<typeof CATALOGUE_PRODUCT_TEXTS>): Promise<RpcResponse<typeof CATALOGUE_PRODUCT_TEXTS>> {
    return productIds
      .filter((id) => id === PRODUCT.id)
      .map((id) => (language === 'en' ? { id, title: 'Lake tour', shortDescription: 'A boat trip' } : { id, title: 'Tour del lago', shortDescription: 'Giro in battello' }));
  }
}

@Controller()
class DocumentsStandIn {
  @Handles(DOCUMENTS_RENDER_REVISION)
  async render({ tenantId, quote, language }: RpcRequest<typeof DOCUMENTS_RENDER_REVISION>): Promise<RpcResponse<typeof DOCUMENTS_RENDER_REVISION>> {
    const storageKey = `documents/${tenantId}/${quote.id}-${language}-${randomBytes(4).toString('hex')}.pdf`;
    await mkdir(path.dirname(path.join(storageDir, storageKey)), { recursive: true });
    await writeFile(path.join(storageDir, storageKey), PDF);
    return {
      layoutId,
      document: { format: 'pdf', storageKey, fileName: null, contentType: 'application/pdf', cached: false },
      templates: [{ templateType: 'terms', title: language === 'en' ? 'Terms' : 'Condizioni', content: '<p>…</p>' }],
    };
  }
}

@Controller()
class TenancyStandIn {
  @Handles(TENANTS_GET)
  async tenant({ tenantId }: RpcRequest<typeof TENANTS_GET>): Promise<RpcResponse<typeof TENANTS_GET>> {
    const tenant = tenants.get(tenantId);
    if (!tenant) throw appError('NOT_FOUND', 'Tenant not found');
    return tenant;
  }
}

@Controller()
class IdentityStandIn {
  @Handles(AUTH_ME)
  async me({ principal }: RpcRequest<typeof AUTH_ME>): Promise<RpcResponse<typeof AUTH_ME>> {
    const sender = senders.get(principal.userId) ?? { name: 'Agente', email: `${principal.userId.slice(0, 8)}@agency.test` };
    return { id: principal.userId, username: 'agent', name: sender.name, email: sender.email, role: principal.role, tenantId: principal.tenantId, createdAt: new Date(0).toISOString() };
  }
}

@Module({ controllers: [CatalogueStandIn] })
class CatalogueStandInModule {}
@Module({ controllers: [DocumentsStandIn] })
class DocumentsStandInModule {}
@Module({ controllers: [TenancyStandIn] })
class TenancyStandInModule {}
@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

const agencyOf = (id: string, name: string): TenantView => ({
  id, name, keyword: name.toLowerCase().replace(/\W/g, ''), languages: ['it', 'en'], expiryDate: null, enabled: true, status: 'Active', logoUrl: '/uploads/logos/logo.png',
  createdAt: new Date(0).toISOString(), companyName: `${name} SRL`, address: 'Via Roma 1', country: 'Italia', city: 'Como', postalCode: '22100', phone: '031 000', mobile: null,
  referenceEmail: `info@${name.toLowerCase().replace(/\W/g, '')}.test`, website: null, vatNumber: 'IT01234567890', fiscalCode: 'SECRETFISCAL',
} as TenantView);

/* ---------- the tests ---------- */

describe('the customer loop (integration)', () => {
  const env: Record<string, string> = {
    ...quotingTestEnv(),
    PUBLIC_URL: 'http://quotes.test',
    MAIL_FROM: 'Quotebook <no-reply@quotebook.test>',
  };

  // registered before the harness's: the service starts with the sink's address and its own storage
  beforeAll(async () => {
    storageDir = mkdtempSync(path.join(tmpdir(), 'quoting-loop-'));
    env['STORAGE_DIR'] = storageDir;
    env['SMTP_URL'] = `smtp://127.0.0.1:${await startSmtpSink()}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    rmSync(storageDir, { recursive: true, force: true });
  });

  const harness = useServiceHarness(quotingService, {
    env,
    companions: {
      catalogue: () => startStandIn(CatalogueStandInModule, 'catalogue'),
      documents: () => startStandIn(DocumentsStandInModule, 'documents'),
      tenancy: () => startStandIn(TenancyStandInModule, 'tenancy'),
      identity: () => startStandIn(IdentityStandInModule, 'identity'),
    },
    startTimeoutMs: 60_000,
  });
  const sut = harness.rpc;
  const { tenantA, tenantB } = twoAgencies();
  const agent = userOf(tenantA);
  const otherAgent = userOf(tenantA);
  const strangerAdmin = adminOf(tenantB);
  const englishCustomer = randomUUID();
  const customerWithoutEmail = randomUUID();
  const events: WebhookPayload[] = [];
  const visitor = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (customer)' };

  beforeAll(async () => {
    tenants.set(tenantA, agencyOf(tenantA, 'Sole Viaggi'));
    tenants.set(tenantB, agencyOf(tenantB, 'Luna Tour'));
    senders.set(agent.userId, { name: 'Anna Agente', email: 'anna@sole.test' });
    senders.set(otherAgent.userId, { name: 'Bruno Agente', email: 'bruno@sole.test' });
    customers.set(englishCustomer, {
      id: englishCustomer, title: 'Mr', name: 'John Smith', email: 'john@smith.test', phone: null, contact: null, address: '1 High St', country: 'UK', city: 'London',
      postalCode: 'N1', priceListId: null, vatNumber: null, sdi: null, pec: null, fiscalCode: null, language: 'en', tagIds: [], createdAt: new Date(0).toISOString(),
    });
    customers.set(customerWithoutEmail, { ...customers.get(englishCustomer)!, id: customerWithoutEmail, name: 'Senza Email', email: '', language: 'it' });
    jest.spyOn(harness.get(QuoteEventSink), 'emit').mockImplementation(async (event) => {
      events.push(event);
    });
  });

  beforeEach(() => {
    smtpFailing = false;
  });

  const createQuote = async (customerId = englishCustomer, principal: Principal = agent) =>
    sut.send(QUOTES_CREATE, {
      principal,
      tenantId: tenantA,
      data: { customerId, serviceDate: '2030-07-15', expiryDate: '2030-07-01', items: [{ productId: PRODUCT.id, quantity: 4 }] } as never,
    });
  const send = (quoteId: string, data: Partial<SendQuoteDto> = {}, principal: Principal = agent, tenantId = tenantA) =>
    sut.send(QUOTES_SEND, { principal, tenantId, id: quoteId, data: data as SendQuoteDto });
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
  const view = (token: string, who = visitor) => sut.send(PUBLIC_QUOTE_GET, { token, visitor: who });
  const accept = (token: string, data: Record<string, unknown> = {}) =>
    sut.send(PUBLIC_QUOTE_ACCEPT, { token, visitor, data: { signerName: 'John Smith', consent: true, signature: { type: 'typed', value: 'John Smith' }, ...data } as never });
  const decline = (token: string, data: Record<string, unknown> = {}) => sut.send(PUBLIC_QUOTE_DECLINE, { token, visitor, data: data as never });
  const notifications = (principal: Principal = agent) => sut.send(NOTIFICATIONS_LIST, { principal, tenantId: tenantA });
  const revisionCount = async (quoteId: string) =>
    (await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.quote_revisions WHERE quote_id = $1', [quoteId]))[0].count;

  it('sends rev. 1: a mail in the customer’s language with the link and the PDF, from the agency, and freezes the revision', async () => {
    const quote = await createQuote();
    const sent = await send(quote.id, { message: 'Ecco la proposta\nA presto', cc: ['boss@smith.test'] });

    expect(sent.revision).toBe(1);
    expect(sent.link).toMatch(/^http:\/\/quotes\.test\/q\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await mailsTo('john@smith.test', 1);
    expect(mail.to).toEqual(['john@smith.test']);
    expect(mail.cc).toEqual(['boss@smith.test']);
    expect(mail.replyTo).toEqual(['info@soleviaggi.test']);
    expect(mail.from).toBe('no-reply@quotebook.test');
    expect(mail.fromName).toBe('Sole Viaggi SRL');
    expect(mail.subject).toBe(`Quote ${quote.number} – Sole Viaggi SRL`);
    expect(mail.text).toContain(sent.link);
    expect(mail.text).toContain('Ecco la proposta');
    expect(mail.text).toContain('Message from Anna Agente');
    expect(mail.attachments).toEqual([{ filename: `preventivo-${quote.shortId}-rev1.pdf`, contentType: 'application/pdf', content: PDF }]);

    const [revision] = await sut.send(QUOTE_REVISIONS_LIST, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(revision).toMatchObject({ number: 1, sentTo: 'john@smith.test', cc: ['boss@smith.test'], sentByName: 'Anna Agente', totalAmount: quote.totalAmount, language: 'en', layoutId, viewCount: 0, firstViewedAt: null, answer: null });
    const frozen = await sut.send(QUOTE_REVISIONS_GET, { principal: agent, tenantId: tenantA, id: quote.id, number: 1 });
    expect(frozen.items).toEqual([expect.objectContaining({ productId: PRODUCT.id, title: 'Lake tour', description: 'A boat trip', quantity: 4 })]);
    expect(frozen.totals.gross).toBe(quote.totalAmount);
    expect(frozen.templates).toEqual([{ templateType: 'terms', title: 'Terms', content: '<p>…</p>' }]);
    expect(events).toContainEqual(expect.objectContaining({ event: 'quote.sent', tenantId: tenantA, quoteId: quote.id, revision: 1 }));

    const stored = await harness.query<{ token_hash: string; nonce: string }>('SELECT token_hash, nonce FROM quoting.quote_links WHERE quote_id = $1', [quote.id]);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(sent.link));

    const read = await sut.send(QUOTES_GET, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(read).toMatchObject({ latestRevision: 1, lastSentAt: sent.sentAt, customerAnswer: null });
  });

  it('a second send makes rev. 2 under the same link, which shows rev. 2; the history keeps both, oldest first', async () => {
    const quote = await createQuote();
    const first = await send(quote.id);
    const second = await send(quote.id, { language: 'it' });
    expect(second.revision).toBe(2);
    expect(second.link).toBe(first.link);
    const revised = mails.find((mail) => mail.attachments.some((attachment) => attachment.filename === `preventivo-${quote.shortId}-rev2.pdf`));
    expect(revised?.subject).toBe(`Preventivo ${quote.number} – Sole Viaggi SRL`);
    expect(revised?.text).toContain(first.link);

    const page = await view(tokenOf(first.link));
    expect(page).toMatchObject({ revision: 2, language: 'it', expired: false, answer: null });
    expect(page.items[0].title).toBe('Tour del lago');
    expect(page.agency).toEqual({ name: 'Sole Viaggi SRL', logoUrl: '/uploads/logos/logo.png', email: 'info@soleviaggi.test', phone: '031 000', address: 'Via Roma 1, 22100 Como, Italia', vatNumber: 'IT01234567890', website: null });
    expect(JSON.stringify(page)).not.toContain('SECRETFISCAL');
    expect(JSON.stringify(page)).not.toContain(tenantA);

    const history = await sut.send(QUOTE_REVISIONS_LIST, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(history.map((revision) => [revision.number, revision.language])).toEqual([
      [1, 'en'],
      [2, 'it'],
    ]);
    const document = await sut.send(PUBLIC_QUOTE_DOCUMENT, { token: tokenOf(first.link) });
    expect(document).toMatchObject({ format: 'pdf', contentType: 'application/pdf', fileName: `preventivo-${quote.shortId}-rev2.pdf` });
  });

  it('revoking the link makes it NOT_FOUND, like an unknown or malformed token; the next send makes a new link', async () => {
    const quote = await createQuote();
    const sent = await send(quote.id);
    await expect(sut.send(QUOTE_LINK_REVOKE, { principal: agent, tenantId: tenantA, id: quote.id })).resolves.toEqual({ revoked: true });

    const revoked = await rpcError(view(tokenOf(sent.link)));
    const unknown = await rpcError(view(randomBytes(32).toString('base64url')));
    const malformed = await rpcError(view('../../etc/passwd'));
    expect(revoked).toMatchObject({ statusCode: 404, reason: 'NOT_FOUND' });
    expect(unknown).toEqual(revoked);
    expect(malformed).toEqual(revoked);
    expect(await rpcError(sut.send(PUBLIC_QUOTE_DOCUMENT, { token: tokenOf(sent.link) }))).toEqual(revoked);

    const again = await send(quote.id);
    expect(again.link).not.toBe(sent.link);
    await expect(view(tokenOf(again.link))).resolves.toMatchObject({ revision: 2 });
  });

  it('takes one acceptance (recorded with who, when, IP and browser); a second answer is 409; the quote carries it', async () => {
    const quote = await createQuote();
    const { link } = await send(quote.id);
    const answer = await accept(tokenOf(link), { revision: 1 });
    expect(answer).toEqual({ kind: 'accepted', signerName: 'John Smith', reason: null, at: expect.any(String), optionalLines: [], acceptedTotal: quote.totalAmount });

    expect(await rpcError(accept(tokenOf(link)))).toMatchObject({ statusCode: 409, reason: 'ALREADY_ANSWERED' });
    expect(await rpcError(decline(tokenOf(link)))).toMatchObject({ statusCode: 409, reason: 'ALREADY_ANSWERED' });

    const [row] = await harness.query('SELECT answer_ip, answer_user_agent, signature_type, signature_value FROM quoting.quote_revisions WHERE quote_id = $1', [quote.id]);
    expect(row).toEqual({ answer_ip: visitor.ip, answer_user_agent: visitor.userAgent, signature_type: 'typed', signature_value: 'John Smith' });
    const read = await sut.send(QUOTES_GET, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(read.customerAnswer).toEqual(answer);
    // acceptance never changes the automatic status
    expect(read.status).toBe(quote.status);
    const list = await sut.send(QUOTES_LIST, { principal: agent, tenantId: tenantA, filters: {} });
    expect(list.items.find((item) => item.id === quote.id)).toMatchObject({ latestRevision: 1, customerAnswer: answer });
    await expect(view(tokenOf(link))).resolves.toMatchObject({ answer });
    await eventually(() => events.some((event) => event.event === 'quote.accepted' && event.quoteId === quote.id && event.revision === 1), 'quote.accepted');
  });

  it('takes an acceptance with optional lines chosen: the revision records them, the lines join the quote and its total follows', async () => {
    const quote = await sut.send(QUOTES_CREATE, {
      principal: agent,
      tenantId: tenantA,
      data: {
        customerId: englishCustomer,
        serviceDate: '2030-07-15',
        expiryDate: '2030-07-01',
        items: [{ productId: PRODUCT.id, quantity: 2, optional: true }],
      } as never,
    });
    const optional = quote.items.find((item) => item.optional);
    expect(quote).toMatchObject({ totalAmount: '0.00', optionalTotal: '61.00' });
    const { link } = await send(quote.id);

    for (const wrong of [[randomUUID()], ['lake-tour'], [optional?.id, optional?.id]]) {
      expect(await rpcError(accept(tokenOf(link), { optionalItemIds: wrong }))).toMatchObject({ statusCode: 400 });
    }
    const [unanswered] = await harness.query<{ answer_kind: string | null }>('SELECT answer_kind FROM quoting.quote_revisions WHERE quote_id = $1', [quote.id]);
    expect(unanswered.answer_kind).toBeNull();

    const answer = await accept(tokenOf(link), { optionalItemIds: [optional?.id] });
    expect(answer).toMatchObject({ kind: 'accepted', acceptedTotal: '61.00', optionalLines: [{ itemId: optional?.id, title: 'Lake tour', grossPrice: '61.00' }] });
    const [revision] = await harness.query<{ snapshot: { acceptedChoice: unknown } }>('SELECT snapshot FROM quoting.quote_revisions WHERE quote_id = $1', [quote.id]);
    expect(revision.snapshot.acceptedChoice).toEqual({ optionalLines: [{ itemId: optional?.id, title: 'Lake tour', grossPrice: '61.00' }], total: '61.00' });

    const read = await sut.send(QUOTES_GET, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(read).toMatchObject({ totalAmount: '61.00', optionalTotal: '0.00', customerAnswer: answer });
    expect(read.version).toBeGreaterThan(quote.version);
    expect(read.items.every((item) => !item.optional)).toBe(true);
    const [history] = await sut.send(QUOTE_REVISIONS_LIST, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(history.answer).toEqual(answer);
    await eventually(
      () => events.some((event) => event.event === 'quote.accepted' && event.quoteId === quote.id && JSON.stringify(event.data.optionalItemIds) === JSON.stringify([optional?.id])),
      'quote.accepted with the choice',
    );
  });

  it('takes a drawn signature only as a PNG image', async () => {
    const quote = await createQuote();
    const { link } = await send(quote.id);
    const notPng = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    const refused = await rpcError(accept(tokenOf(link), { signature: { type: 'drawn', value: notPng } }));
    expect(refused).toMatchObject({ statusCode: 400 });
    expect(JSON.stringify(refused.message)).toContain('signature.value');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(32)]);
    await expect(accept(tokenOf(link), { signature: { type: 'drawn', value: `data:image/png;base64,${png.toString('base64')}` } })).resolves.toMatchObject({ kind: 'accepted' });
  });

  it('refuses an answer without consent, naming it', async () => {
    const quote = await createQuote();
    const { link } = await send(quote.id);
    const refused = await rpcError(accept(tokenOf(link), { consent: false }));
    expect(refused).toMatchObject({ statusCode: 400 });
    expect(JSON.stringify(refused.message)).toContain('consent');
  });

  it('takes a decline with its reason', async () => {
    const quote = await createQuote();
    const { link } = await send(quote.id);
    await expect(decline(tokenOf(link), { reason: '  Too expensive  ' })).resolves.toEqual({ kind: 'declined', signerName: null, reason: 'Too expensive', at: expect.any(String) });
    await eventually(() => events.some((event) => event.event === 'quote.declined' && event.quoteId === quote.id), 'quote.declined');
  });

  it('answers 409 REVISION_SUPERSEDED to an answer to an older revision than the latest', async () => {
    const quote = await createQuote();
    const { link } = await send(quote.id);
    await send(quote.id);
    expect(await rpcError(accept(tokenOf(link), { revision: 1 }))).toMatchObject({ statusCode: 409, reason: 'REVISION_SUPERSEDED' });
    await expect(accept(tokenOf(link), { revision: 2 })).resolves.toMatchObject({ kind: 'accepted' });
  });

  it('shows an expired quote with expired: true and refuses its answers with 410 LINK_EXPIRED', async () => {
    const quote = await createQuote();
    const { link } = await send(quote.id);
    await harness.query(`UPDATE quoting.quotes SET expiry_date = '2001-01-01' WHERE id = $1`, [quote.id]);
    await expect(view(tokenOf(link))).resolves.toMatchObject({ expired: true, quote: expect.objectContaining({ expiryDate: '2001-01-01' }) });
    expect(await rpcError(accept(tokenOf(link)))).toMatchObject({ statusCode: 410, reason: 'LINK_EXPIRED' });
    expect(await rpcError(decline(tokenOf(link)))).toMatchObject({ statusCode: 410, reason: 'LINK_EXPIRED' });
  });

  it('counts views once per visitor and day; only the first view of a revision tells its sender (once)', async () => {
    const quote = await createQuote(englishCustomer, otherAgent);
    const { link } = await send(quote.id, {}, otherAgent);
    const before = events.length;
    await view(tokenOf(link));
    await view(tokenOf(link));
    await view(tokenOf(link), { ip: '198.51.100.1', userAgent: 'Other browser' });

    const [revision] = await sut.send(QUOTE_REVISIONS_LIST, { principal: agent, tenantId: tenantA, id: quote.id });
    expect(revision.viewCount).toBe(2);
    expect(revision.firstViewedAt).not.toBeNull();
    await mailsTo('bruno@sole.test', 1);
    await eventually(() => events.slice(before).some((event) => event.event === 'quote.viewed'), 'quote.viewed');
    expect(events.slice(before).filter((event) => event.event === 'quote.viewed')).toHaveLength(1);
    const bell = await notifications(otherAgent);
    expect(bell.items.filter((item) => item.quoteId === quote.id)).toEqual([expect.objectContaining({ kind: 'viewed', revision: 1, quoteShortId: quote.shortId, quoteNumber: quote.number, customerName: 'John Smith', readAt: null })]);
    const notices = await mailsTo('bruno@sole.test', 1);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toContain(`#${quote.shortId} rev. 1`);
  });

  it('notifies the sender of the first view, the acceptance and the decline only, newest first; they can be read one by one or all', async () => {
    const sender = userOf(tenantA);
    senders.set(sender.userId, { name: 'Carla', email: 'carla@sole.test' });
    const accepted = await createQuote(englishCustomer, sender);
    const declined = await createQuote(englishCustomer, sender);
    const acceptedLink = tokenOf((await send(accepted.id, {}, sender)).link);
    const declinedLink = tokenOf((await send(declined.id, {}, sender)).link);
    await view(acceptedLink);
    await view(acceptedLink);
    await accept(acceptedLink);
    await decline(declinedLink);

    const bell = await notifications(sender);
    expect(bell.unread).toBe(3);
    expect(bell.items.map((item) => item.kind)).toEqual(['declined', 'accepted', 'viewed']);
    await mailsTo('carla@sole.test', 3);
    // the bell is the sender's own
    expect((await notifications(agent)).items.some((item) => item.quoteId === accepted.id)).toBe(false);
    expect(await rpcError(sut.send(NOTIFICATIONS_READ, { principal: agent, tenantId: tenantA, id: bell.items[0].id }))).toMatchObject({ statusCode: 404 });

    const afterOne = await sut.send(NOTIFICATIONS_READ, { principal: sender, tenantId: tenantA, id: bell.items[0].id });
    expect(afterOne.unread).toBe(2);
    expect(afterOne.items[0].readAt).not.toBeNull();
    await expect(sut.send(NOTIFICATIONS_READ, { principal: sender, tenantId: tenantA, id: 'all' })).resolves.toMatchObject({ unread: 0 });
  });

  it('answers 503 when the mail server refuses the mail, and stores no revision', async () => {
    const quote = await createQuote();
    smtpFailing = true;
    expect(await rpcError(send(quote.id))).toMatchObject({ statusCode: 503, reason: 'MAILER_UNAVAILABLE' });
    expect(await revisionCount(quote.id)).toBe(0);
    expect((await harness.query('SELECT 1 FROM quoting.quote_links WHERE quote_id = $1', [quote.id])).length).toBe(0);
  });

  it('answers 400 naming `to` for a customer without an e-mail, and sends to the address given instead', async () => {
    const quote = await createQuote(customerWithoutEmail);
    const refused = await rpcError(send(quote.id));
    expect(refused).toMatchObject({ statusCode: 400 });
    expect(JSON.stringify(refused.message)).toMatch(/"to: /);
    expect(await revisionCount(quote.id)).toBe(0);
    await expect(send(quote.id, { to: 'someone@else.test' })).resolves.toMatchObject({ revision: 1 });
    const [mail] = await mailsTo('someone@else.test', 1);
    expect(mail.subject).toBe(`Preventivo ${quote.number} – Sole Viaggi SRL`);
  });

  it('answers NOT_FOUND to another agency’s principal, and FORBIDDEN across agencies', async () => {
    const quote = await createQuote();
    await send(quote.id);
    expect(await rpcError(send(quote.id, {}, strangerAdmin, tenantB))).toMatchObject({ statusCode: 404 });
    expect(await rpcError(sut.send(QUOTE_REVISIONS_LIST, { principal: strangerAdmin, tenantId: tenantB, id: quote.id }))).toMatchObject({ statusCode: 404 });
    expect(await rpcError(sut.send(QUOTE_REVISIONS_GET, { principal: strangerAdmin, tenantId: tenantB, id: quote.id, number: 1 }))).toMatchObject({ statusCode: 404 });
    expect(await rpcError(sut.send(QUOTE_LINK_REVOKE, { principal: strangerAdmin, tenantId: tenantB, id: quote.id }))).toMatchObject({ statusCode: 404 });
    expect(await rpcError(sut.send(QUOTE_REVISIONS_LIST, { principal: strangerAdmin, tenantId: tenantA, id: quote.id }))).toMatchObject({ statusCode: 403 });
    expect(await rpcError(sut.send(QUOTE_REVISIONS_GET, { principal: agent, tenantId: tenantA, id: quote.id, number: 7 }))).toMatchObject({ statusCode: 404 });
  });
});
