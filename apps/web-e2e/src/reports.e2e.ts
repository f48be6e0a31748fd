import { readFileSync } from 'node:fs';
import { apiToken, callApi, createAgency, expect, signInAsAdmin, test, type Agency } from './fixtures';

const today = new Date().toISOString().slice(0, 10);
const thisMonth = today.slice(0, 7);
const year = Number(today.slice(0, 4));
const CUSTOMER = 'Liceo Galileo Galilei';
const PRODUCT = 'Escursione sul Vesuvio';

/** € 30 per person, no VAT rate: 5 confirmed people pay € 150,00. */
async function confirmedQuoteOf(agency: Agency, request: Parameters<typeof apiToken>[0]): Promise<{ id: string; number: string }> {
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const base = `/api/tenants/${agency.id}`;
  const product = await callApi<{ id: string }>(request, token, 'POST', `${base}/products`, {
    language: 'it', title: PRODUCT, subtitle: null, shortDescription: null, extendedDescription: null, durationHours: 4, durationMinutes: 0, vatRateId: null,
  });
  await callApi(request, token, 'POST', `${base}/products/${product.id}/availability`, {
    startDate: `${year - 1}-01-01`, endDate: `${year + 1}-12-31`, hasMinParticipants: false, minParticipants: null,
    hasCostPerPerson: true, costPerPerson: '30', hasFlatRate: false, flatRate: null, hasAdditionalCosts: false, additionalCosts: null, priceIncludesVat: false,
  });
  const customer = await callApi<{ id: string }>(request, token, 'POST', `${base}/customers`, { title: 'Spett.le', name: CUSTOMER, email: 'segreteria@galilei.it', tenantId: agency.id });
  return callApi(request, token, 'POST', `${base}/quotes`, {
    customerId: customer.id, serviceDate: today, status: 'confirmed',
    items: [{ productId: product.id, quantity: 5, orderConfirmed: true, confirmedParticipants: 5 }],
  });
}

test('the dashboard draws the revenue and opens the reports, whose chart exports as CSV', async ({ page, request }) => {
  const agency = await createAgency(request);
  await confirmedQuoteOf(agency, request);
  await signInAsAdmin(page, agency);

  const dashboardChart = page.getByRole('region', { name: 'Fatturato ultimi 12 mesi' });
  await expect(dashboardChart.locator('svg').first()).toBeVisible();

  await page.getByRole('link', { name: 'View Reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/reports$`));
  const revenue = page.getByRole('region', { name: 'Fatturato per mese' });
  await expect(revenue.locator('svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Prodotti più venduti' })).toContainText(PRODUCT);
  await expect(page.getByRole('table', { name: 'Clienti migliori' })).toContainText('€ 150,00');

  const [download] = await Promise.all([page.waitForEvent('download'), revenue.getByRole('button', { name: 'Esporta CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^fatturato_\d{4}-\d{2}_\d{4}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe('Mese;Preventivi;Totale IVA incl.;Imponibile');
  expect(csv).toContain(`${thisMonth};1;150,00;150,00`);

  // the period lives in the address
  await page.getByLabel('Dal mese').fill(thisMonth);
  await expect(page).toHaveURL(new RegExp(`from=${thisMonth}`));
});

test("the calendar shows the booked service on its day, and the entry opens its quote", async ({ page, request }) => {
  const agency = await createAgency(request);
  const quote = await confirmedQuoteOf(agency, request);
  await signInAsAdmin(page, agency);

  await page.getByRole('tab', { name: 'Quotes' }).click();
  await page.getByRole('link', { name: 'Calendario' }).click();
  await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/calendar$`));
  const group = page.getByRole('group', { name: PRODUCT });
  await expect(group).toContainText(`${PRODUCT} (5)`);
  await group.getByRole('button', { name: `${CUSTOMER} · 5 pax, preventivo ${quote.number}` }).click();

  await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/quotes$`));
  await expect(page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' })).toBeVisible();
});
