import type { TenantView, UserView } from '@quotebook/contracts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

type Reply = Response | Promise<Response>;
export type GatewayHandler = (request: RecordedRequest) => Reply | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function gatewayError(status: number, message: string | string[], error = 'Error'): Response {
  return json({ statusCode: status, message, error }, status);
}

/**
 * Replaces `fetch` with a fake gateway: each request is recorded and answered by the first handler
 * that returns a response; anything unhandled is a 404 (and shows up in `requests`).
 */
export function stubGateway(...handlers: GatewayHandler[]): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: await request.text(),
    };
    requests.push(recorded);
    for (const handler of handlers) {
      const reply = handler(recorded);
      if (reply) return reply;
    }
    return gatewayError(404, `No stub for ${recorded.method} ${recorded.path}`, 'Not Found');
  }) as typeof fetch;
  return { requests };
}

export const on =
  (method: string, path: string, reply: (request: RecordedRequest) => Reply): GatewayHandler =>
  (request) =>
    request.method === method && request.path === path ? reply(request) : undefined;

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'user-1',
    username: 'mario',
    name: 'Mario Rossi',
    email: 'mario@sole.it',
    role: 'tenant_admin',
    tenantId: 'tenant-1',
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function aTenant(overrides: Partial<TenantView> = {}): TenantView {
  return {
    id: 'tenant-1',
    name: 'Agenzia Sole',
    keyword: 'sole',
    languages: ['it', 'en'],
    expiryDate: '2030-12-31',
    enabled: true,
    status: 'Active',
    logoUrl: null,
    companyName: null,
    address: null,
    country: null,
    city: null,
    postalCode: null,
    phone: null,
    mobile: null,
    referenceEmail: null,
    website: null,
    vatNumber: null,
    fiscalCode: null,
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}
