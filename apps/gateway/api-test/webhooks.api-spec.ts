import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAgency } from './catalogue-fixtures';
import { api, createTenantUser, createTenantWithAdmin, expectInvalid, superadminToken } from './http';
import { createQuote, newCustomer, pricedProduct, quoteBody } from './quote-fixtures';

// the texts the API answers, written out so that a changed text fails here
const URL_INVALID = 'url must be an http(s) URL';
const EVENTS_INVALID = 'events must be a list of: quote.sent, quote.viewed, quote.accepted, quote.declined';
const SECRET_REQUIRED = 'secret is required (at most 200 characters)';
const NOT_FOUND = 'Webhook not found';

let root: string;

beforeAll(async () => {
  root = await superadminToken();
});

const endpoint = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://hooks.example.com/quotebook',
  events: ['quote.sent', 'quote.accepted'],
  secret: 'whsec-integration-4321',
  ...overrides,
});

const path = (tenantId: string, ...rest: string[]) => ['/api/tenants', tenantId, 'webhooks', ...rest].join('/');

describe('webhooks: /api/tenants/{tenantId}/webhooks', () => {
  it('creates, lists, updates and deletes an endpoint; its secret is never read back', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);

    const created = await api('POST', path(tenant.id), { token: adminToken, body: endpoint() });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/quotebook',
      events: ['quote.sent', 'quote.accepted'],
      secretHint: '4321',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id as string;

    const listed = await api('GET', path(tenant.id), { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec');

    const updated = await api('PUT', path(tenant.id, id), { token: adminToken, body: { events: ['quote.declined'], secret: 'rotated-secret-8765' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, url: 'https://hooks.example.com/quotebook', events: ['quote.declined'], secretHint: '8765' });

    const deliveries = await api('GET', path(tenant.id, id, 'deliveries'), { token: adminToken });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toEqual([]);

    expect((await api('DELETE', path(tenant.id, id), { token: adminToken })).status).toBe(204);
    expect((await api('GET', path(tenant.id), { token: adminToken })).body).toEqual([]);
    expect((await api('DELETE', path(tenant.id, id), { token: adminToken })).status).toBe(404);
  });

  it('lets the superadmin manage an agency’s endpoints', async () => {
    const { tenant } = await createTenantWithAdmin(root);
    const created = await api('POST', path(tenant.id), { token: root, body: endpoint() });
    expect(created.status).toBe(201);
    expect((await api('GET', path(tenant.id), { token: root })).body).toHaveLength(1);
  });

  it('refuses what is not an endpoint, one message per broken rule', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    expectInvalid(await api('POST', path(tenant.id), { token: adminToken, body: { url: '', events: ['quote.paid'], secret: '' } }), [
      URL_INVALID,
      EVENTS_INVALID,
      SECRET_REQUIRED,
    ]);
    expectInvalid(await api('POST', path(tenant.id), { token: adminToken, body: endpoint({ url: 'ftp://example.com/hook' }) }), [URL_INVALID]);
    expectInvalid(await api('POST', path(tenant.id), { token: adminToken, body: endpoint({ url: 'not a url' }) }), [URL_INVALID]);
    expectInvalid(await api('POST', path(tenant.id), { token: adminToken, body: endpoint({ events: 'quote.sent' }) }), [EVENTS_INVALID]);
    expect((await api('GET', path(tenant.id), { token: adminToken })).body).toEqual([]);
  });

  it('is for administrators: 403 for a tenant_user and for another agency’s admin, 401 without a token', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const { token: userToken } = await createTenantUser(adminToken, tenant.id);
    const other = await createTenantWithAdmin(root);
    const { id } = (await api('POST', path(tenant.id), { token: adminToken, body: endpoint() })).body;

    for (const token of [userToken, other.adminToken]) {
      expect((await api('GET', path(tenant.id), { token })).status).toBe(403);
      expect((await api('POST', path(tenant.id), { token, body: endpoint() })).status).toBe(403);
      expect((await api('PUT', path(tenant.id, id), { token, body: { events: ['quote.viewed'] } })).status).toBe(403);
      expect((await api('DELETE', path(tenant.id, id), { token })).status).toBe(403);
      expect((await api('GET', path(tenant.id, id, 'deliveries'), { token })).status).toBe(403);
    }
    expect((await api('GET', path(tenant.id))).status).toBe(401);
    expect((await api('GET', path(tenant.id), { token: adminToken })).body).toEqual([expect.objectContaining({ id, events: ['quote.sent', 'quote.accepted'] })]);
  });

  it('answers 404 for another agency’s endpoint named under one’s own agency, and for an unknown one', async () => {
    const { tenant, adminToken } = await createTenantWithAdmin(root);
    const other = await createTenantWithAdmin(root);
    const { id } = (await api('POST', path(tenant.id), { token: adminToken, body: endpoint() })).body;

    for (const target of [id, randomUUID()]) {
      const calls = [
        api('PUT', path(other.tenant.id, target), { token: other.adminToken, body: { url: 'https://evil.example.com/x' } }),
        api('DELETE', path(other.tenant.id, target), { token: other.adminToken }),
        api('GET', path(other.tenant.id, target, 'deliveries'), { token: other.adminToken }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(NOT_FOUND);
      }
    }
    expect((await api('GET', path(tenant.id), { token: adminToken })).body).toEqual([expect.objectContaining({ id, url: 'https://hooks.example.com/quotebook' })]);
    expect((await api('GET', path(tenant.id, 'not-a-uuid', 'deliveries'), { token: adminToken })).status).toBe(400);
  });

  it('lists its routes in the OpenAPI document, for agency admins and the superadmin only', async () => {
    const document = (await api('GET', '/api/docs-json')).body;
    const collection = document.paths['/api/tenants/{tenantId}/webhooks'];
    const item = document.paths['/api/tenants/{tenantId}/webhooks/{id}'];
    const deliveries = document.paths['/api/tenants/{tenantId}/webhooks/{id}/deliveries'];
    for (const operation of [collection.get, collection.post, item.put, item.delete, deliveries.get]) {
      expect([...operation['x-roles']].sort()).toEqual(['superadmin', 'tenant_admin']);
    }
  });
});

describe('webhooks: a sent quote is delivered to the endpoint, signed', () => {
  const received: { headers: IncomingHttpHeaders; rawBody: string }[] = [];
  // the integrator's endpoint: the test stack lets webhooks reach 127.0.0.1
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      // the first attempt fails: the delivery is tried again
      response.writeHead(received.length === 1 ? 500 : 204).end();
    });
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('POSTs quote.sent with the revision to the subscribed endpoint, retried after a 500, and lists the delivery', async () => {
    const agency = await createAgency(root);
    const product = await pricedProduct(agency);
    const customer = await newCustomer(agency, { email: 'cliente@example.com' });
    const quote = await createQuote(agency, quoteBody(customer.id, { items: [{ productId: product.id, quantity: 12 }] }));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const webhook = (await api('POST', `${agency.base}/webhooks`, { token: agency.adminToken, body: { url, events: ['quote.sent'], secret: 'e2e-secret-0042' } })).body;

    const sent = await api('POST', `${agency.base}/quotes/${quote.id}/send`, { token: agency.adminToken, body: {} });
    expect(sent.status).toBe(201);

    let deliveries: { status: string; attempts: number; responseStatus: number; event: string; revision: number }[] = [];
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 250))) {
      deliveries = (await api('GET', `${agency.base}/webhooks/${webhook.id}/deliveries`, { token: agency.adminToken })).body;
      if (deliveries[0]?.status === 'delivered') break;
    }
    expect(deliveries).toEqual([expect.objectContaining({ event: 'quote.sent', revision: sent.body.revision, status: 'delivered', attempts: 2, responseStatus: 204 })]);
    expect(received).toHaveLength(2);
    const { headers, rawBody } = received[1];
    expect(JSON.parse(rawBody)).toMatchObject({ event: 'quote.sent', tenantId: agency.tenantId, quoteId: quote.id, revision: sent.body.revision, data: expect.any(Object) });
    expect(headers['x-quotebook-signature']).toBe(`sha256=${createHmac('sha256', 'e2e-secret-0042').update(rawBody).digest('hex')}`);
    expect(received[0].rawBody).toBe(rawBody);
  }, 60_000);
});
