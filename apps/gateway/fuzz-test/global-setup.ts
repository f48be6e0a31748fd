import path from 'node:path';
import { startSharedStack } from '../api-test/global-setup';
import { createAgency, created, fillCatalogue } from '../api-test/catalogue-fixtures';
import { api, superadminToken } from '../api-test/http';
import { quoteWithItemAndConsumption } from '../api-test/quote-fixtures';
import { writeFuzzContext } from './fuzz-context';

/**
 * Sign-in, reset and public quote page throttles far above what the layer sends: a 429 would hide the answer a hostile
 * value gets, and the throttles have tests of their own.
 */
const THROTTLES_OUT_OF_REACH = Object.fromEntries(
  [
    'LOGIN_MAX_FAILURES_PER_USERNAME_AND_IP',
    'LOGIN_MAX_FAILURES_PER_IP',
    'LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME',
    'FORGOT_PASSWORD_MAX_PER_EMAIL',
    'FORGOT_PASSWORD_MAX_PER_IP',
    'PUBLIC_QUOTE_READS_PER_IP',
    'PUBLIC_QUOTE_ANSWERS_PER_IP',
    'PUBLIC_QUOTE_READS_PER_TOKEN',
    'PUBLIC_QUOTE_ANSWERS_PER_TOKEN',
  ].map((name) => [name, '1000000']),
);

async function read<T>(token: string, path: string): Promise<T> {
  const response = await api<T>('GET', path, { token });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** An isolated stack with one agency holding a record of every kind (a quote with an item and a consumption too), and the OpenAPI document it serves. */
export default async function globalSetup(): Promise<void> {
  const started = await startSharedStack('fuzz', THROTTLES_OUT_OF_REACH);
  try {
    const superadmin = await superadminToken();
    const agency = await createAgency(superadmin);
    const { productIds, customerIds } = await fillCatalogue(agency);
    // on a service date inside one of the product's periods, so its item is priced
    const quote = await quoteWithItemAndConsumption(agency, { customerId: customerIds[0], productId: productIds[0], serviceDate: '2030-02-15' });
    // a payment received, which the payment routes' paths then name
    const payment = await created(agency.adminToken, `${agency.base}/quotes/${quote.quoteId}/payments`, { paidOn: '2026-01-10', amount: '50.00', method: 'bonifico' });
    const template = await created(agency.adminToken, `${agency.base}/quote-templates`, { templateType: 'premessa', title: 'Premessa', content: '<p>Gentile cliente,</p>' });
    const layout = await created(agency.adminToken, `${agency.base}/quote-layouts`, {
      name: 'Standard',
      elements: [{ type: 'template', templateId: template.id }, { type: 'quotes' }],
    });
    const list = <T>(name: string) => read<T[]>(superadmin, `${agency.base}/${name}`);
    const [tenant, users, vatRates, tags, priceLists, products, customers] = await Promise.all([
      read<{ id: string; keyword: string; languages: string[] }>(superadmin, agency.base),
      list<{ id: string; role: string }>('users'),
      list<{ id: string }>('vat-rates'),
      list<{ id: string }>('tags'),
      list<{ id: string }>('price-lists'),
      list<{ id: string; availability: { id: string }[] }>('products'),
      list<{ id: string }>('customers'),
    ]);
    const document = await api('GET', '/api/docs-json');
    if (document.status !== 200) throw new Error(`GET /api/docs-json: ${document.status}`);
    writeFuzzContext(path.join(started.logDir, 'fuzz-context.json'), {
      document: document.body,
      tokens: { superadmin, tenant_admin: agency.adminToken, tenant_user: agency.userToken },
      seeded: {
        tenantId: tenant.id,
        keyword: tenant.keyword,
        languages: tenant.languages,
        userId: users.find((user) => user.role === 'tenant_user')?.id ?? users[0].id,
        vatRateId: vatRates[0].id,
        tagId: tags[0].id,
        priceListId: priceLists[0].id,
        productId: products[0].id,
        availabilityId: products[0].availability[0].id,
        customerId: customers[0].id,
        ...quote,
        paymentId: payment.id,
        templateId: template.id,
        layoutId: layout.id,
      },
    });
  } catch (error) {
    await started.stop();
    throw error;
  }
}
