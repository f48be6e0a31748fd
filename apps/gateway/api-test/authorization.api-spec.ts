import { randomUUID } from 'node:crypto';
import { SUPERADMIN } from '@quotebook/testing';
import { type Agency, createAgency, created, customerBody, fillCatalogue, periodBody, productBody, uniqueName } from './catalogue-fixtures';
import { api, type ApiResponse, createTenantWithAdmin, login, superadminToken } from './http';
import { quoteBody, quoteWithItemAndConsumption } from './quote-fixtures';

/*
 * Every operation of the OpenAPI document, called as each kind of caller, with the real ids of one
 * agency's records in its path. What `x-roles` says is what the API must do: anonymous callers get
 * 401 (public routes excepted), a role the operation does not name 403, another agency's admin 403 on
 * this agency's paths, and the roles it names neither 401 nor 403.
 *
 * The calls must not destroy the records the other calls need: a JSON body is replaced by a probe the
 * validation refuses (400, after the guards have let the caller through, before anything is done: an
 * allowed call must get exactly that); a delete a caller may make removes a record made for that call
 * alone; logging out ends a session signed in for that call alone.
 */

type Caller = 'anonymous' | 'tenant_user' | 'tenant_admin' | 'foreign_admin' | 'superadmin';
const CALLERS: readonly Caller[] = ['anonymous', 'tenant_user', 'tenant_admin', 'foreign_admin', 'superadmin'];

interface Operation {
  method: string;
  template: string;
  roles: string[];
  hasJsonBody: boolean;
  operationId: string;
}

interface Document {
  paths: Record<string, Record<string, { operationId: string; 'x-roles'?: string[]; requestBody?: { content: Record<string, unknown> } }>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const PROBE = { authorizationProbe: true };
const PROBE_REFUSAL = 'property authorizationProbe should not exist';

let root: string;
let agency: Agency;
let foreign: Agency;
let keyword: string;
let operations: Operation[];
/** the real records of the agency, by the collection that names them before `{id}`, and by parameter name */
let idByCollection: Record<string, string>;
let valueByName: Record<string, string>;

beforeAll(async () => {
  root = await superadminToken();
  [agency, foreign] = await Promise.all([createAgency(root), createAgency(root)]);
  const { productIds, customerIds } = await fillCatalogue(agency);
  const quote = await quoteWithItemAndConsumption(agency, { customerId: customerIds[0], productId: productIds[0], serviceDate: '2030-02-15' });
  const read = async (path: string) => (await api('GET', `${agency.base}${path}`, { token: agency.adminToken })).body;
  const [tenant, users, vatRates, tags, priceLists, products] = await Promise.all(
    ['', '/users', '/vat-rates', '/tags', '/price-lists', '/products'].map(read),
  );
  keyword = tenant.keyword;
  idByCollection = {
    'vat-rates': vatRates[0].id,
    tags: tags[0].id,
    'price-lists': priceLists[0].id,
    products: productIds[0],
    customers: customerIds[0],
    users: users.find((user: { role: string }) => user.role === 'tenant_user').id,
  };
  valueByName = {
    tenantId: agency.tenantId,
    keyword,
    targetType: 'product',
    availabilityId: products[0].availability[0].id,
    // a revision's number; the quote was never sent, so every allowed caller gets its 404
    n: '1',
    ...quote,
  };
  const document = await api<Document>('GET', '/api/docs-json');
  operations = Object.entries(document.body.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      template,
      roles: item[method]['x-roles'] ?? [],
      hasJsonBody: item[method].requestBody?.content['application/json'] !== undefined,
      operationId: item[method].operationId,
    })),
  );
}, 60_000);

const asAdmin = (path: string, body: unknown) => created(agency.adminToken, `${agency.base}${path}`, body);
let periodYear = 2040;

/**
 * A record of its own for each delete a caller may make, by the operation's path: the call removes
 * it and nothing the other calls need. A delete not listed here names random ids (answered 404).
 */
const THROWAWAY: Record<string, () => Promise<Record<string, string>>> = {
  '/api/tenants/{tenantId}': async () => ({ tenantId: (await createTenantWithAdmin(root)).tenant.id }),
  '/api/users/{id}': async () => ({
    id: (await created(agency.adminToken, '/api/users', {
      username: `authz-${randomUUID()}`,
      password: 'user-pass-1',
      name: 'Anna Neri',
      email: `${randomUUID()}@example.com`,
      role: 'tenant_user',
      tenantId: agency.tenantId,
    })).id,
  }),
  '/api/tenants/{tenantId}/vat-rates/{id}': async () => ({ id: (await asAdmin('/vat-rates', { description: uniqueName('IVA'), rate: 10 })).id }),
  '/api/tenants/{tenantId}/tags/{id}': async () => ({ id: (await asAdmin('/tags', { name: uniqueName('Tag'), targetType: 'customer' })).id }),
  '/api/tenants/{tenantId}/price-lists/{id}': async () => ({
    id: (await asAdmin('/price-lists', { name: uniqueName('Listino'), startDate: '2030-01-01', endDate: '2030-12-31' })).id,
  }),
  '/api/tenants/{tenantId}/products/{id}': async () => ({ id: (await asAdmin('/products', productBody())).id }),
  '/api/tenants/{tenantId}/products/{id}/availability/{availabilityId}': async () => {
    periodYear += 1;
    const period = await asAdmin(`/products/${idByCollection['products']}/availability`, periodBody(`${periodYear}-01-01`, `${periodYear}-01-31`));
    return { id: idByCollection['products'], availabilityId: period.id };
  },
  '/api/tenants/{tenantId}/customers/{id}': async () => ({ id: (await asAdmin('/customers', customerBody())).id }),
  '/api/tenants/{tenantId}/quotes/{quoteId}': async () => ({ quoteId: (await asAdmin('/quotes', quoteBody(idByCollection['customers']))).id }),
  '/api/tenants/{tenantId}/quotes/{quoteId}/items/{itemId}': async () => {
    const { quoteId, itemId } = await quoteWithItemAndConsumption(agency, { customerId: idByCollection['customers'], productId: idByCollection['products'] });
    return { quoteId, itemId };
  },
  '/api/tenants/{tenantId}/quotes/{quoteId}/consumptions/{consumptionId}': async () => {
    const { quoteId, consumptionId } = await quoteWithItemAndConsumption(agency, {
      customerId: idByCollection['customers'],
      productId: idByCollection['products'],
    });
    return { quoteId, consumptionId };
  },
  '/api/tenants/{tenantId}/quotes/{quoteId}/payments/{paymentId}': async () => {
    const quoteId = (await asAdmin('/quotes', quoteBody(idByCollection['customers']))).id;
    const payment = await asAdmin(`/quotes/${quoteId}/payments`, { paidOn: '2025-01-15', amount: '10.00', method: 'contanti' });
    return { quoteId, paymentId: payment.id };
  },
};

/** Operations that end the caller's session: called with a token signed in for the call alone. */
const ENDS_SESSION = new Set(['AuthController_logout']);

function tokenOf(caller: Caller): string | undefined {
  return { anonymous: undefined, tenant_user: agency.userToken, tenant_admin: agency.adminToken, foreign_admin: foreign.adminToken, superadmin: root }[caller];
}

async function freshToken(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (caller === 'superadmin') return login(SUPERADMIN.username, SUPERADMIN.password);
  if (caller === 'foreign_admin') {
    const tenant = await api('GET', foreign.base, { token: root });
    return login(`${tenant.body.keyword}-admin`, 'admin-pass-1');
  }
  return login(`${keyword}-${caller === 'tenant_admin' ? 'admin' : 'user'}`, caller === 'tenant_admin' ? 'admin-pass-1' : 'user-pass-1');
}

/** The role a caller has; another agency's admin is a tenant_admin (of elsewhere). */
const roleOf = (caller: Exclude<Caller, 'anonymous'>) => (caller === 'foreign_admin' ? 'tenant_admin' : caller);

type Expectation = 'unauthenticated' | 'forbidden' | 'allowed' | 'refused';

/** What x-roles says a caller gets. */
function expectationFor(operation: Operation, caller: Caller): Expectation {
  if (operation.roles.includes('public')) return 'allowed';
  if (caller === 'anonymous') return 'unauthenticated';
  if (!operation.roles.includes(roleOf(caller))) return 'forbidden';
  if (caller !== 'foreign_admin') return 'allowed';
  if (operation.template.includes('{tenantId}')) return 'forbidden';
  // a path naming this agency's records without its tenant (a user): refused by the service that owns them
  return operation.template.includes('{') ? 'refused' : 'allowed';
}

/** The path with the agency's real records, `own` ids in their places, or random ids for a delete without records of its own. */
function pathOf(operation: Operation, own: Record<string, string> | undefined, randomIds: boolean): string {
  return operation.template.replace(/\{(\w+)\}/g, (_whole, name: string, offset: number) => {
    const collection = operation.template.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
    const real = own?.[name] ?? (name === 'id' ? idByCollection[collection] : valueByName[name]);
    if (randomIds && name !== 'tenantId' && own?.[name] === undefined) return randomUUID();
    return encodeURIComponent(real ?? randomUUID());
  });
}

interface Call {
  operation: Operation;
  caller: Caller;
  expectation: Expectation;
  path: string;
  response: ApiResponse;
}

async function call(operation: Operation, caller: Caller): Promise<Call> {
  const expectation = expectationFor(operation, caller);
  const acts = expectation === 'allowed' || expectation === 'refused';
  const isDelete = operation.method === 'delete';
  const own = acts && isDelete && expectation === 'allowed' ? await THROWAWAY[operation.template]?.() : undefined;
  const path = pathOf(operation, own, acts && isDelete && expectation === 'allowed' && own === undefined);
  const token = acts && ENDS_SESSION.has(operation.operationId) ? await freshToken(caller) : tokenOf(caller);
  const response = await api(operation.method.toUpperCase(), path, { token, body: operation.hasJsonBody ? PROBE : undefined });
  return { operation, caller, expectation, path, response };
}

/** What is wrong with a call's answer, or undefined. */
function problemOf({ operation, expectation, response }: Call): string | undefined {
  const { status } = response;
  switch (expectation) {
    case 'unauthenticated':
      return status === 401 ? undefined : `${status}, not 401`;
    case 'forbidden':
      return status === 403 ? undefined : `${status}, not 403`;
    case 'refused':
      return status !== 401 && (status < 200 || status >= 300) ? undefined : `${status}, not refused`;
    case 'allowed': {
      if (status === 401 || status === 403) return `${status}, though x-roles allows it`;
      const message = ([] as unknown[]).concat(response.body?.message);
      if (operation.hasJsonBody && (status !== 400 || !message.includes(PROBE_REFUSAL))) return `${status}: the probe body was not refused`;
      return undefined;
    }
  }
}

/** Runs `work` over `items`, `width` at a time, in order of the answers. */
async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

describe('authorization: every operation of the OpenAPI document × every kind of caller', () => {
  it('covers the document, quotes and the dashboard included', () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
    const names = operations.map(({ method, template }) => `${method} ${template}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'get /api/tenants/{tenantId}/quotes',
        'delete /api/tenants/{tenantId}/quotes/{quoteId}/consumptions/{consumptionId}',
        'get /api/tenants/{tenantId}/quotes/{quoteId}/payments',
        'post /api/tenants/{tenantId}/quotes/{quoteId}/payments',
        'delete /api/tenants/{tenantId}/quotes/{quoteId}/payments/{paymentId}',
        'put /api/tenants/{tenantId}/quotes/{quoteId}/items/{itemId}',
        'get /api/tenants/{tenantId}/dashboard',
        'get /api/tenants/{tenantId}/reports/revenue-by-month',
        'get /api/tenants/{tenantId}/calendar',
        'post /api/tenants/{tenantId}/quotes/{quoteId}/send',
        'delete /api/tenants/{tenantId}/quotes/{quoteId}/link',
        'get /api/tenants/{tenantId}/quotes/{quoteId}/revisions',
        'get /api/tenants/{tenantId}/quotes/{quoteId}/revisions/{n}',
        'get /api/tenants/{tenantId}/notifications',
        'post /api/tenants/{tenantId}/notifications/{id}/read',
        'get /api/public/quotes/{token}',
        'post /api/public/quotes/{token}/accept',
        'post /api/public/quotes/{token}/decline',
        'get /api/public/quotes/{token}/pdf',
      ]),
    );
    expect(operations.filter((operation) => operation.roles.length === 0)).toEqual([]);
  });

  it.each(CALLERS)('as %s', async (caller) => {
    const calls = await inParallel(operations, 8, (operation) => call(operation, caller));
    const problems = calls.flatMap((done) => {
      const problem = problemOf(done);
      return problem ? [`${done.operation.method.toUpperCase()} ${done.path} (${done.expectation}): ${problem}`] : [];
    });
    expect(problems).toEqual([]);
    expect(calls).toHaveLength(operations.length);
  }, 120_000);

  it("names the customer loop's callers: every user of the agency sends and reads; the public page, nobody", () => {
    const rolesOf = (name: string) => operations.find(({ method, template }) => `${method} ${template}` === name)?.roles;
    for (const route of ['post /api/tenants/{tenantId}/quotes/{quoteId}/send', 'delete /api/tenants/{tenantId}/quotes/{quoteId}/link']) {
      expect([route, rolesOf(route)]).toEqual([route, ['superadmin', 'tenant_admin', 'tenant_user']]);
    }
    for (const route of ['get /api/public/quotes/{token}', 'post /api/public/quotes/{token}/accept', 'get /api/public/quotes/{token}/pdf']) {
      expect([route, rolesOf(route)]).toEqual([route, ['public']]);
    }
  });

  it('left the shared records in place', async () => {
    const token = agency.adminToken;
    const reads = await Promise.all([
      api('GET', `${agency.base}/quotes/${valueByName['quoteId']}`, { token }),
      api('GET', `${agency.base}/products/${idByCollection['products']}/availability`, { token }),
      api('GET', `${agency.base}/customers/${idByCollection['customers']}/tags`, { token }),
      api('GET', `${agency.base}/users`, { token }),
      api('GET', agency.base, { token: agency.userToken }),
    ]);
    expect(reads.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(reads[0].body).toEqual(expect.objectContaining({ itemCount: 1, consumptions: [expect.objectContaining({ id: valueByName['consumptionId'] })] }));
    expect(reads[3].body.map((user: { id: string }) => user.id)).toContain(idByCollection['users']);
  });
});
