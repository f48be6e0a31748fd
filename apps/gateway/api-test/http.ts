import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPERADMIN } from '@quotebook/testing';

// response bodies are whatever JSON the API answers; each test asserts the fields it reads
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export function baseUrl(): string {
  const url = process.env['API_BASE_URL'];
  if (!url) throw new Error('API_BASE_URL is not set: run through the "api" Jest project');
  return url;
}

/** One HTTP call to the gateway; JSON in, JSON (or text) out, never throws on a status. */
export async function api<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string>; base?: string; signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${options.base ?? baseUrl()}${path}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Invalid input refused: 400, with a message for each broken rule among the ones given. */
export function expectInvalid(response: ApiResponse, messages: string[]): void {
  expect(response.status).toBe(400);
  expect(response.body.message).toEqual(expect.arrayContaining(messages));
}

export async function login(username: string, password: string, base?: string): Promise<string> {
  const response = await api('POST', '/api/auth/login', { body: { username, password }, base });
  if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token as string;
}

export const superadminToken = (base?: string) => login(SUPERADMIN.username, SUPERADMIN.password, base);

export function uniqueKeyword(prefix = 'agency'): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

export function tenantPayload(overrides: Record<string, unknown> = {}) {
  const keyword = (overrides['keyword'] as string) ?? uniqueKeyword();
  return {
    name: `Agenzia ${keyword}`,
    keyword,
    languages: ['it', 'en'],
    expiryDate: '2099-12-31',
    enabled: true,
    adminUsername: `${keyword}-admin`,
    adminPassword: 'admin-pass-1',
    adminName: 'Maria Bianchi',
    adminEmail: `${keyword}@example.com`,
    ...overrides,
  };
}

/** Creates a tenant with its admin as the superadmin and signs that admin in. */
export async function createTenantWithAdmin(token: string, overrides: Record<string, unknown> = {}, base?: string) {
  const payload = tenantPayload(overrides);
  const created = await api('POST', '/api/tenants', { token, body: payload, base });
  if (created.status !== 201) throw new Error(`create tenant failed: ${created.status} ${JSON.stringify(created.body)}`);
  const adminToken = await login(payload.adminUsername, payload.adminPassword, base);
  return { tenant: created.body, payload, adminToken };
}

/** Adds a tenant_user (or, with overrides, another member) to an agency and signs it in. */
export async function createTenantUser(adminToken: string, tenantId: string, overrides: Record<string, unknown> = {}, base?: string) {
  const username = uniqueKeyword('user');
  const payload = {
    username,
    password: 'user-pass-1',
    name: 'Luca Verdi',
    email: `${username}@example.com`,
    role: 'tenant_user',
    tenantId,
    ...overrides,
  };
  const created = await api('POST', '/api/users', { token: adminToken, body: payload, base });
  if (created.status !== 201) throw new Error(`create user failed: ${created.status} ${JSON.stringify(created.body)}`);
  const token = await login(payload.username as string, payload.password as string, base);
  return { user: created.body, token };
}

/**
 * Without SMTP the identity service logs the reset link; the newest one for this address. The answer to
 * forgot-password does not wait for the mail (its timing must not tell whether the address exists), so
 * the line may reach the log a moment after it: it is looked for up to `timeoutMs`.
 */
export async function resetLinkFromLog(email: string, timeoutMs = 5000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = readFileSync(path.join(process.env['API_LOG_DIR']!, 'identity.log'), 'utf8');
    const lines = log.split('\n').filter((line) => line.includes(email) && line.includes('/reset-password?token='));
    const match = lines.at(-1)?.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+(?:&agency=[a-z0-9-]+)?/);
    if (match) return new URL(match[0]);
    if (Date.now() > deadline) throw new Error(`no reset link for ${email} in the identity log`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token of the newest reset link for this address. */
export async function resetTokenFromLog(email: string): Promise<string> {
  // the link's pattern requires the token, so it is always there
  return (await resetLinkFromLog(email)).searchParams.get('token') ?? '';
}
