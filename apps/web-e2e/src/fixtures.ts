import { APIRequestContext, expect, Page, test as base } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { SUPERADMIN } from '@quotebook/testing';

export { expect };

/** Every journey talks to the stack global-setup started. */
export const test = base.extend({
  // Playwright requires the destructuring pattern even when no other fixture is used
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env['E2E_BASE_URL'];
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
});

export { SUPERADMIN };

export function uniqueKeyword(prefix = 'agenzia'): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`;
}

export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

/** Creates an agency with its admin through the API (fast set-up for journeys that start later). */
export async function createAgency(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string; keyword: string; adminUsername: string; adminPassword: string }> {
  const token = await apiToken(request, SUPERADMIN.username, SUPERADMIN.password);
  const keyword = (overrides['keyword'] as string) ?? uniqueKeyword();
  const body = {
    name: `Agenzia ${keyword}`,
    keyword,
    languages: ['it'],
    expiryDate: '2099-12-31',
    enabled: true,
    adminUsername: `${keyword}-admin`,
    adminPassword: 'admin-pass-1',
    adminName: 'Lucia Neri',
    adminEmail: `${keyword}@example.com`,
    ...overrides,
  };
  const response = await request.post('/api/tenants', { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(201);
  const tenant = await response.json();
  return { id: tenant.id, name: tenant.name, keyword, adminUsername: body.adminUsername, adminPassword: body.adminPassword };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export type Agency = Awaited<ReturnType<typeof createAgency>>;

/** Signs the agency's admin in at /{keyword} and waits for the dashboard. */
export async function signInAsAdmin(page: Page, agency: Agency): Promise<void> {
  await page.goto(`/${agency.keyword}`);
  await signIn(page, agency.adminUsername, agency.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/dashboard$`));
}

/** A JSON call to the gateway as `token`; fails the test on any status other than `expected`. */
export async function callApi<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(expected);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The toast that reports an action: one at a time, a new one replaces the old. */
export function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}
