import { randomBytes } from 'node:crypto';
import { queryDatabase } from '@quotebook/testing';
import { api, createTenantWithAdmin, login } from './http';

/** Today in the business time zone, as the catalogue computes "today's price". */
export function romeDate(offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}

export interface Agency {
  tenantId: string;
  adminToken: string;
  userToken: string;
  /** /api/tenants/{tenantId} */
  base: string;
}

/** A tenant with its admin and one tenant_user (created by the admin on the Users page's route). */
export async function createAgency(root: string, overrides: Record<string, unknown> = {}, baseUrl?: string): Promise<Agency> {
  const { tenant, payload, adminToken } = await createTenantWithAdmin(root, overrides, baseUrl);
  const username = `${payload.keyword}-user`;
  const password = 'user-pass-1';
  const user = await api('POST', '/api/users', {
    token: adminToken,
    base: baseUrl,
    body: { username, password, name: 'Luca Verdi', email: `${username}@example.com`, role: 'tenant_user', tenantId: tenant.id },
  });
  if (user.status !== 201) throw new Error(`create tenant user failed: ${user.status} ${JSON.stringify(user.body)}`);
  const userToken = await login(username, password, baseUrl);
  return { tenantId: tenant.id, adminToken, userToken, base: `/api/tenants/${tenant.id}` };
}

/** POSTs and insists on 201: for the records a test needs but does not test. */
export async function created(token: string, path: string, body: unknown, baseUrl?: string) {
  const response = await api('POST', path, { token, body, base: baseUrl });
  if (response.status !== 201) throw new Error(`POST ${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

export const productBody = (overrides: Record<string, unknown> = {}) => ({
  language: 'it',
  title: uniqueName('Tour del Colosseo'),
  subtitle: 'Con guida',
  shortDescription: 'Tre ore nella Roma antica',
  extendedDescription: 'Ingresso prioritario e guida archeologa',
  durationHours: 3,
  durationMinutes: 30,
  ...overrides,
});

export const customerBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Spett.le',
  name: uniqueName('Hotel Bellavista'),
  email: 'booking@bellavista.example',
  phone: '+39 081 807 1234',
  contact: 'Francesca Russo',
  address: 'Via del Capo 12',
  country: 'Italia',
  city: 'Sorrento',
  postalCode: '80067',
  vatNumber: '04512340634',
  sdi: 'M5UXCR1',
  pec: 'bellavista@pec.example',
  ...overrides,
});

export const periodBody = (startDate: string, endDate: string, overrides: Record<string, unknown> = {}) => ({
  startDate,
  endDate,
  hasMinParticipants: false,
  minParticipants: null,
  hasCostPerPerson: true,
  costPerPerson: 55,
  hasFlatRate: false,
  flatRate: null,
  hasAdditionalCosts: false,
  additionalCosts: null,
  priceIncludesVat: false,
  ...overrides,
});

/** Joins a validation answer's messages so a test can match the field it names. */
export function messages(body: { message?: string | string[] }): string {
  return Array.isArray(body.message) ? body.message.join(' | ') : String(body.message);
}

/** One record of every catalogue kind, linked together as an agency's setup links them. */
export async function fillCatalogue(agency: Agency, baseUrl?: string) {
  const post = (path: string, body: unknown) => created(agency.adminToken, `${agency.base}${path}`, body, baseUrl);
  const vatRate = await post('/vat-rates', { description: 'IVA ordinaria', rate: 22 });
  const productTag = await post('/tags', { name: 'Tour guidato', targetType: 'product' });
  const customerTag = await post('/tags', { name: 'Hotel', targetType: 'customer' });
  const priceList = await post('/price-lists', { name: 'Listino hotel', startDate: '2026-01-01', endDate: '2026-12-31', reductionPercentage: 10 });
  const product = await post('/products', productBody({ vatRateId: vatRate.id }));
  await post(`/products/${product.id}/availability`, periodBody('2030-01-01', '2030-03-31'));
  await post(`/products/${product.id}/availability`, periodBody('2030-04-01', '2030-06-30'));
  const customer = await post('/customers', customerBody({ priceListId: priceList.id }));
  const token = agency.adminToken;
  const tagged = await Promise.all([
    api('PUT', `${agency.base}/products/${product.id}/tags`, { token, base: baseUrl, body: { tagIds: [productTag.id] } }),
    api('PUT', `${agency.base}/customers/${customer.id}/tags`, { token, base: baseUrl, body: { tagIds: [customerTag.id] } }),
  ]);
  if (tagged.some((response) => response.status !== 200)) throw new Error('tagging failed');
  return { productIds: [product.id as string], customerIds: [customer.id as string] };
}

/**
 * Rows still stored for an agency: every catalogue table is searched (whatever it is called) by the
 * agency's id or, for tables without one, by the ids of its products and customers; users in identity.
 * The test connects as the database owner, which row-level security does not filter.
 */
export async function remainingRowsOf(databaseUrl: string, tenantId: string, owned: { productIds: string[]; customerIds: string[] }) {
  const columns = await queryDatabase<{ table_name: string; column_name: string }>(
    databaseUrl,
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'catalogue' AND column_name IN ('tenant_id', 'product_id', 'customer_id')`,
  );
  const tables = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns) {
    tables.set(table_name, (tables.get(table_name) ?? new Set()).add(column_name));
  }
  let catalogue = 0;
  for (const [table, present] of tables) {
    // every placeholder is used in every query: PostgreSQL refuses parameters a statement does not use
    const condition = present.has('tenant_id')
      ? 'tenant_id = $1::uuid'
      : `(${present.has('product_id') ? 'product_id = ANY($2::uuid[])' : 'false'} OR ${present.has('customer_id') ? 'customer_id = ANY($3::uuid[])' : 'false'})`;
    const [{ count }] = await queryDatabase<{ count: string }>(
      databaseUrl,
      `SELECT count(*) FROM catalogue."${table}" WHERE ${condition} AND $1::uuid IS NOT NULL AND $2::uuid[] IS NOT NULL AND $3::uuid[] IS NOT NULL`,
      [tenantId, owned.productIds, owned.customerIds],
    );
    catalogue += Number(count);
  }
  const [{ count: users }] = await queryDatabase<{ count: string }>(databaseUrl, 'SELECT count(*) FROM identity.users WHERE tenant_id = $1', [tenantId]);
  return { catalogue, users: Number(users) };
}
