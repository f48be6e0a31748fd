import { randomBytes } from 'node:crypto';
import { queryDatabase } from '@quotebook/testing';
import { type Agency, created, customerBody, periodBody, productBody } from './catalogue-fixtures';
import { api, type ApiResponse } from './http';

/** The spec's pricing example: at least 10 people at € 25 each, plus € 100 flat and € 15 additional costs. */
export const ACCEPTANCE_PERIOD = periodBody('2030-01-01', '2030-12-31', {
  hasMinParticipants: true,
  minParticipants: 10,
  costPerPerson: 25,
  hasFlatRate: true,
  flatRate: 100,
  hasAdditionalCosts: true,
  additionalCosts: 15,
});
/** A service date inside ACCEPTANCE_PERIOD, and one outside every period. */
export const IN_PERIOD = '2030-07-15';
export const OUT_OF_PERIOD = '2031-03-01';

/** Random letters only: a name that no amount, date or short id can be mistaken for. */
export const letters = (count = 8) =>
  [...randomBytes(count)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** A product of the agency with one period (the spec's example unless told otherwise). */
export async function pricedProduct(agency: Agency, overrides: Record<string, unknown> = {}, period: object = ACCEPTANCE_PERIOD) {
  const product = await created(agency.adminToken, `${agency.base}/products`, productBody(overrides));
  await created(agency.adminToken, `${agency.base}/products/${product.id}/availability`, period);
  return product as { id: string; code: string };
}

export async function newCustomer(agency: Agency, overrides: Record<string, unknown> = {}) {
  return (await created(agency.adminToken, `${agency.base}/customers`, customerBody({ name: `Hotel ${letters()}`, ...overrides }))) as {
    id: string;
    name: string;
  };
}

export const quoteBody = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  customerId,
  serviceDate: IN_PERIOD,
  subject: 'Gita in Costiera',
  ...overrides,
});

// quote answers are whatever JSON the API gives; each test asserts the fields it reads
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function createQuote(agency: Agency, body: object, token = agency.adminToken): Promise<any> {
  return created(token, `${agency.base}/quotes`, body);
}

/** The quote as GET answers it; anything but 200 fails the test. */
export async function readQuote(agency: Agency, quoteId: string, token = agency.adminToken): Promise<any> {
  const response = await api('GET', `${agency.base}/quotes/${quoteId}`, { token });
  if (response.status !== 200) throw new Error(`GET quote ${quoteId}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The quote list with these query parameters. */
export function listQuotes(agency: Agency, query: Record<string, string | number> = {}, token = agency.adminToken): Promise<ApiResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
  return api('GET', `${agency.base}/quotes${search ? `?${search}` : ''}`, { token });
}

/** The ids a list answered, in its order; anything but 200 fails the test. */
export async function listedIds(agency: Agency, query: Record<string, string | number> = {}): Promise<string[]> {
  const response = await listQuotes(agency, query);
  if (response.status !== 200) throw new Error(`list ${JSON.stringify(query)}: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { id: string }[]).map((quote) => quote.id);
}

export const CONSUMPTION = { description: "Bottiglie d'acqua", quantity: 3, unitValue: '2.50' };

/** A quote with one item of `productId` and one consumption, made by `token` (the admin's by default). */
export async function quoteWithItemAndConsumption(
  agency: Agency,
  refs: { customerId: string; productId: string; serviceDate?: string },
  token = agency.adminToken,
  baseUrl?: string,
) {
  const quote = await created(
    token,
    `${agency.base}/quotes`,
    quoteBody(refs.customerId, { serviceDate: refs.serviceDate ?? IN_PERIOD, items: [{ productId: refs.productId, quantity: 2 }] }),
    baseUrl,
  );
  const consumption = await created(token, `${agency.base}/quotes/${quote.id}/consumptions`, CONSUMPTION, baseUrl);
  return { quoteId: quote.id as string, itemId: quote.items[0].id as string, consumptionId: consumption.id as string };
}

/** The rows the quoting schema still holds for a quote (read as the database owner, past row-level security). */
export async function storedRowsOf(quoteId: string) {
  const url = process.env['API_DATABASE_URL'];
  if (!url) throw new Error('API_DATABASE_URL is not set: run through the "api" Jest project');
  const count = async (table: string, column: string) =>
    Number((await queryDatabase<{ count: string }>(url, `SELECT count(*) FROM quoting.${table} WHERE ${column} = $1`, [quoteId]))[0].count);
  return { quotes: await count('quotes', 'id'), items: await count('quote_items', 'quote_id'), consumptions: await count('service_consumptions', 'quote_id') };
}
