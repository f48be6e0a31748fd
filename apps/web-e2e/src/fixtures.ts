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

/** What a product made by pricedProductOf says of itself, beside its title; and its one period's prices. */
export interface PricedProduct {
  title: string;
  shortDescription?: string | null;
  durationHours?: number;
  /** the price a person, if any */
  costPerPerson?: string;
  /** the price a booking, if any */
  flatRate?: string;
  /** the product's VAT rate; a new one of 22 % unless given, none when null */
  vatRateId?: string | null;
}

/**
 * Through the API: a product written in Italian whose one availability period, from last year to the
 * end of next year, prices it at `costPerPerson` a person and `flatRate` a booking, with a new VAT rate
 * of 22 % unless it is given one. Answers the product's and its VAT rate's ids.
 */
export async function pricedProductOf(
  request: APIRequestContext,
  token: string,
  tenantId: string,
  { title, shortDescription = null, durationHours = 3, costPerPerson, flatRate, vatRateId }: PricedProduct,
): Promise<{ id: string; vatRateId: string | null }> {
  const base = `/api/tenants/${tenantId}`;
  const year = new Date().getFullYear();
  const vatRate =
    vatRateId === undefined
      ? (await callApi<{ id: string }>(request, token, 'POST', `${base}/vat-rates`, { description: 'Aliquota ordinaria', rate: '22' })).id
      : vatRateId;
  const product = await callApi<{ id: string }>(request, token, 'POST', `${base}/products`, {
    language: 'it',
    title,
    subtitle: null,
    shortDescription,
    extendedDescription: null,
    durationHours,
    durationMinutes: 0,
    vatRateId: vatRate,
  });
  await callApi(request, token, 'POST', `${base}/products/${product.id}/availability`, {
    startDate: `${year - 1}-01-01`,
    endDate: `${year + 1}-12-31`,
    hasMinParticipants: false,
    minParticipants: null,
    hasCostPerPerson: costPerPerson !== undefined,
    costPerPerson: costPerPerson ?? null,
    hasFlatRate: flatRate !== undefined,
    flatRate: flatRate ?? null,
    hasAdditionalCosts: false,
    additionalCosts: null,
    priceIncludesVat: false,
  });
  return { id: product.id, vatRateId: vatRate };
}

/** A quote for a customer who reads English, made through the API (the customer loop's journeys). */
export interface EnglishQuote {
  quoteId: string;
  shortId: string;
  product: { italian: string; english: string; englishText: string };
  customer: { name: string; email: string };
}

/**
 * An agency's catalogue through the API: a VAT rate of 22 %, a product at € 30 a person written in
 * Italian and in English, a customer who reads English with an e-mail, and a quote of four people for
 * it ten days ahead. The agency must offer English.
 */
export async function englishQuoteOf(
  request: APIRequestContext,
  agency: Agency,
  names: { product?: Partial<EnglishQuote['product']>; customer?: Partial<EnglishQuote['customer']> } = {},
): Promise<EnglishQuote> {
  const product = { italian: 'Giro in barca al tramonto', english: 'Sunset boat trip', englishText: 'Two hours along the coast at dusk', ...names.product };
  const customer = { name: 'Riverside Travel Club', email: 'bookings@riverside.example', ...names.customer };
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const base = `/api/tenants/${agency.id}`;
  const created = await pricedProductOf(request, token, agency.id, {
    title: product.italian,
    shortDescription: 'Due ore lungo la costa al tramonto',
    durationHours: 2,
    costPerPerson: '30',
  });
  // the same product's English texts: what an English customer reads
  const common = { subtitle: null, extendedDescription: null, durationHours: 2, durationMinutes: 0, vatRateId: created.vatRateId };
  await callApi(request, token, 'PUT', `${base}/products/${created.id}`, { language: 'en', title: product.english, shortDescription: product.englishText, ...common });
  const record = await callApi<{ id: string }>(request, token, 'POST', `${base}/customers`, {
    title: 'Spett.le',
    name: customer.name,
    email: customer.email,
    language: 'en',
    tenantId: agency.id,
  });
  const serviceDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const quote = await callApi<{ id: string; shortId: string }>(request, token, 'POST', `${base}/quotes`, {
    customerId: record.id,
    serviceDate,
    subject: 'Company outing',
    items: [{ productId: created.id, quantity: 4 }],
  });
  return { quoteId: quote.id, shortId: quote.shortId, product, customer };
}

/** Sends the quote to its customer through the API (default recipient and layout); answers the customer's link. */
export async function sendThroughApi(request: APIRequestContext, agency: Agency, quoteId: string): Promise<string> {
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const sent = await callApi<{ link: string }>(request, token, 'POST', `/api/tenants/${agency.id}/quotes/${quoteId}/send`, {});
  return sent.link;
}
