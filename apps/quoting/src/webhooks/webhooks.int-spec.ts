import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_DELIVERIES_LIST,
  WEBHOOKS_CREATE,
  WEBHOOKS_DELETE,
  WEBHOOKS_LIST,
  WEBHOOKS_UPDATE,
  type WebhookDto,
  type WebhookEvent,
  type WebhookPayload,
} from '@quotebook/contracts';
import { LOOP_MESSAGES } from '@quotebook/domain';
import { adminOf, superadmin, twoAgencies, userOf } from '@quotebook/testing';
import { useServiceHarness } from '@quotebook/testing/harness';
import { rpcError } from '@quotebook/testing/rpc';
import { quotingService } from '../test/quoting-harness';
import { TenantPurgeService } from '../tenant-purge/tenant-purge.service';
import { QuoteEventSink } from './quote-event-sink';

interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  at: number;
}

/** An integrator's endpoint on 127.0.0.1: records what it receives and answers the statuses it is told, in turn. */
class Receiver {
  readonly received: Received[] = [];
  /** the statuses of the next answers; 200 once they run out */
  answers: number[] = [];
  /** how long each answer waits */
  delayMs = 0;
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const status = this.answers.shift() ?? 200;
        setTimeout(() => response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : `status ${status}`), this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/hooks/quotebook`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const payloadOf = (tenantId: string, event: WebhookEvent = 'quote.sent', data: Record<string, unknown> = {}): WebhookPayload => ({
  event,
  occurredAt: new Date().toISOString(),
  tenantId,
  quoteId: randomUUID(),
  revision: 1,
  data,
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const LINK_SECRET = randomBytes(32).toString('hex');

describe('webhooks (integration, private targets allowed as in tests)', () => {
  const harness = useServiceHarness(quotingService, {
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_TIMEOUT_MS: '2000', LINK_SECRET },
  });
  const sut = harness.rpc;
  const { tenantA, tenantB, admin } = twoAgencies();
  const receiver = new Receiver();

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers = [];
    receiver.delayMs = 0;
  });

  const create = (data: Partial<WebhookDto> = {}, principal = admin, tenantId = tenantA) =>
    sut.send(WEBHOOKS_CREATE, { principal, tenantId, data: { url: receiver.url, events: ['quote.sent'], secret: 'whsec-alpha-1234', ...data } as WebhookDto });
  const deliveriesOf = (id: string, principal = admin, tenantId = tenantA) => sut.send(WEBHOOK_DELIVERIES_LIST, { principal, tenantId, id });
  const sink = () => harness.get(QuoteEventSink);

  describe('endpoints', () => {
    it('creates one with its secret kept back (its last 4 characters shown) and lists it', async () => {
      const webhook = await create({ events: ['quote.sent', 'quote.accepted', 'quote.sent'] });
      expect(webhook).toEqual({
        id: expect.any(String),
        url: receiver.url,
        events: ['quote.sent', 'quote.accepted'],
        secretHint: '1234',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(JSON.stringify(webhook)).not.toContain('whsec');
      const page = await sut.send(WEBHOOKS_LIST, { principal: admin, tenantId: tenantA });
      expect(page.items.map((item) => item.id)).toContain(webhook.id);
      const [stored] = await harness.query<{ secret: string }>('SELECT secret FROM quoting.webhooks WHERE id = $1', [webhook.id]);
      expect(stored.secret).toBe('whsec-alpha-1234');
    });

    it('updates what is given and keeps the rest', async () => {
      const webhook = await create();
      const updated = await sut.send(WEBHOOKS_UPDATE, { principal: admin, tenantId: tenantA, id: webhook.id, data: { events: ['quote.declined'], secret: 'new-secret-9876' } });
      expect(updated).toMatchObject({ id: webhook.id, url: receiver.url, events: ['quote.declined'], secretHint: '9876' });
    });

    it('refuses a URL that is not http(s), naming url', async () => {
      const error = await rpcError(create({ url: 'ftp://example.com/hook' }));
      expect(error).toMatchObject({ statusCode: 400, message: ['url must be an http(s) URL'] });
    });

    it('is for administrators only: a tenant user is refused, a superadmin may', async () => {
      expect((await rpcError(create({}, userOf(tenantA)))).statusCode).toBe(403);
      expect((await rpcError(sut.send(WEBHOOKS_LIST, { principal: userOf(tenantA), tenantId: tenantA }))).statusCode).toBe(403);
      expect((await rpcError(create({}, adminOf(tenantB)))).statusCode).toBe(403);
      await expect(create({}, superadmin)).resolves.toMatchObject({ url: receiver.url });
    });

    it("answers 404 for another agency's endpoint, and for an id that is no UUID", async () => {
      const webhook = await create();
      const stranger = adminOf(tenantB);
      for (const call of [
        sut.send(WEBHOOKS_UPDATE, { principal: stranger, tenantId: tenantB, id: webhook.id, data: { url: 'https://example.com/x' } }),
        sut.send(WEBHOOKS_DELETE, { principal: stranger, tenantId: tenantB, id: webhook.id }),
        deliveriesOf(webhook.id, stranger, tenantB),
        deliveriesOf('not-a-uuid'),
      ]) {
        expect(await rpcError(call)).toMatchObject({ statusCode: 404, message: LOOP_MESSAGES.webhookNotFound });
      }
      expect((await sut.send(WEBHOOKS_LIST, { principal: stranger, tenantId: tenantB })).items).toEqual([]);
    });
  });

  describe('deliveries', () => {
    it("sends the event to the agency's subscribed endpoints, signed over the exact raw body", async () => {
      const tenant = randomUUID();
      const owner = adminOf(tenant);
      const subscribed = await create({ secret: 'whsec-signing-key-0001' }, owner, tenant);
      const other = await create({ events: ['quote.accepted'] }, owner, tenant);
      const payload = payloadOf(tenant, 'quote.sent', { sentTo: 'cliente@example.com', città: 'Perugia' });

      await sink().emit(payload);

      const [delivery] = await eventually(() => deliveriesOf(subscribed.id, owner, tenant), (list) => list[0]?.status === 'delivered');
      expect(delivery).toMatchObject({ event: 'quote.sent', quoteId: payload.quoteId, revision: 1, status: 'delivered', attempts: 1, responseStatus: 200, responseBody: 'ok' });
      expect(receiver.received).toHaveLength(1);
      const [{ headers, rawBody }] = receiver.received;
      expect(JSON.parse(rawBody)).toEqual(payload);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['user-agent']).toBe('Quotebook-Webhooks');
      expect(headers['x-quotebook-event']).toBe('quote.sent');
      expect(headers['x-quotebook-delivery']).toBe(delivery.id);
      const expected = createHmac('sha256', 'whsec-signing-key-0001').update(Buffer.from(rawBody, 'utf8')).digest('hex');
      expect(headers['x-quotebook-signature']).toBe(`sha256=${expected}`);
      expect(await deliveriesOf(other.id, owner, tenant)).toEqual([]);
    });

    it('tries again after a 500 and ends delivered with 2 attempts', async () => {
      const tenant = randomUUID();
      const owner = adminOf(tenant);
      const webhook = await create({}, owner, tenant);
      receiver.answers = [500];

      await sink().emit(payloadOf(tenant));

      const [delivery] = await eventually(() => deliveriesOf(webhook.id, owner, tenant), (list) => list[0]?.status === 'delivered');
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
      expect(receiver.received).toHaveLength(2);
      // the same body both times, so the same signature
      expect(receiver.received[1].rawBody).toBe(receiver.received[0].rawBody);
      expect(receiver.received[1].headers['x-quotebook-signature']).toBe(receiver.received[0].headers['x-quotebook-signature']);
      expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThanOrEqual(150);
    });

    it('records each failed attempt and fails for good when the attempts run out', async () => {
      const tenant = randomUUID();
      const owner = adminOf(tenant);
      const webhook = await create({}, owner, tenant);
      receiver.answers = [503, 503, 503, 503, 503, 503, 503];

      await sink().emit(payloadOf(tenant));

      // after the 1st attempt: still pending, with the endpoint's answer
      const [pending] = await eventually(() => deliveriesOf(webhook.id, owner, tenant), (list) => list[0]?.attempts >= 1);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503, responseBody: 'status 503' });
      const [failed] = await eventually(() => deliveriesOf(webhook.id, owner, tenant), (list) => list[0]?.status === 'failed', 30_000);
      expect(failed).toMatchObject({ status: 'failed', attempts: 6, responseStatus: 503 });
      expect(receiver.received).toHaveLength(6);
    }, 45_000);

    it('does not wait for the endpoint: emit returns while the endpoint is still answering', async () => {
      const tenant = randomUUID();
      const owner = adminOf(tenant);
      const webhook = await create({}, owner, tenant);
      receiver.delayMs = 1500;

      const started = Date.now();
      await sink().emit(payloadOf(tenant));
      expect(Date.now() - started).toBeLessThan(1000);
      const [delivery] = await eventually(() => deliveriesOf(webhook.id, owner, tenant), (list) => list[0]?.status === 'delivered');
      expect(delivery.attempts).toBe(1);
    });

    it('never throws: an event of an agency without endpoints, or one the database refuses, is only logged', async () => {
      await expect(sink().emit(payloadOf(randomUUID()))).resolves.toBeUndefined();
      await expect(sink().emit({ ...payloadOf(randomUUID()), quoteId: 'not-a-uuid' })).resolves.toBeUndefined();
    });

    it('lists the newest delivery first; deleting the endpoint removes its deliveries', async () => {
      const tenant = randomUUID();
      const owner = adminOf(tenant);
      const webhook = await create({}, owner, tenant);
      const first = payloadOf(tenant);
      const second = { ...payloadOf(tenant), revision: 2 };
      await sink().emit(first);
      await eventually(() => deliveriesOf(webhook.id, owner, tenant), (list) => list[0]?.status === 'delivered');
      await sink().emit(second);
      const list = await eventually(() => deliveriesOf(webhook.id, owner, tenant), (items) => items.length === 2 && items.every((item) => item.status === 'delivered'));
      expect(list.map((item) => item.revision)).toEqual([2, 1]);

      await sut.send(WEBHOOKS_DELETE, { principal: owner, tenantId: tenant, id: webhook.id });
      const [{ count }] = await harness.query<{ count: number }>('SELECT count(*)::int AS count FROM quoting.webhook_deliveries WHERE webhook_id = $1', [webhook.id]);
      expect(count).toBe(0);
    });

    it("goes with the agency: the purge removes its endpoints and deliveries", async () => {
      const tenant = randomUUID();
      const owner = adminOf(tenant);
      const webhook = await create({}, owner, tenant);
      await sink().emit(payloadOf(tenant));
      await eventually(() => deliveriesOf(webhook.id, owner, tenant), (list) => list[0]?.status === 'delivered');

      await harness.get(TenantPurgeService).purgeTenant(tenant);

      const rows = await harness.query<{ count: number }>(
        `SELECT (SELECT count(*) FROM quoting.webhooks WHERE tenant_id = $1)::int + (SELECT count(*) FROM quoting.webhook_deliveries WHERE tenant_id = $1)::int AS count`,
        [tenant],
      );
      expect(rows[0].count).toBe(0);
    });
  });
});

describe('webhooks (integration, private targets not allowed as in a deployment)', () => {
  const harness = useServiceHarness(quotingService, { env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_BASE_MS: '100', LINK_SECRET } });
  const sut = harness.rpc;
  const { tenantA, admin } = twoAgencies();
  const receiver = new Receiver();

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  it.each(['http://127.0.0.1:8080/hook', 'http://[::1]/hook', 'http://[::ffff:10.0.0.1]/hook', 'http://169.254.169.254/latest', 'http://localhost/hook'])(
    'refuses %s when it is saved, naming url',
    async (url) => {
      const error = await rpcError(sut.send(WEBHOOKS_CREATE, { principal: admin, tenantId: tenantA, data: { url, events: ['quote.sent'], secret: 's3cret' } }));
      expect(error).toMatchObject({ statusCode: 400, reason: 'VALIDATION_FAILED', message: [LOOP_MESSAGES.webhookPrivateTarget] });
    },
  );

  it('refuses, when it delivers, a name that resolves to a loopback address: failed at once, nothing sent', async () => {
    const port = new URL(receiver.url).port;
    // stored as if its name had resolved to a public address when it was saved
    const [webhook] = await harness.query<{ id: string }>(
      `INSERT INTO quoting.webhooks (tenant_id, url, events, secret) VALUES ($1, $2, ARRAY['quote.sent'], 'k') RETURNING id`,
      [tenantA, `http://localhost:${port}/hook`],
    );

    await harness.get(QuoteEventSink).emit(payloadOf(tenantA));

    const [delivery] = await eventually(() => sut.send(WEBHOOK_DELIVERIES_LIST, { principal: admin, tenantId: tenantA, id: webhook.id }), (list) => list[0]?.status === 'failed');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null, responseBody: expect.stringContaining('private, loopback or link-local') });
    expect(receiver.received).toEqual([]);
  });
});
