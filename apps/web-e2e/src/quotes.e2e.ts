import type { Page } from '@playwright/test';
import { apiToken, callApi, createAgency, expect, pricedProductOf, signInAsAdmin, test, toast, type Agency } from './fixtures';

const DAY_MS = 86_400_000;
/** A service date ten days ahead, inside the periods below whatever today is. */
const serviceDate = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);

/** € 25 per person and € 100 flat: 4 people pay € 200, 6 confirmed € 250. */
const GUIDED_TOUR = { title: 'Visita guidata al Colosseo', costPerPerson: '25', flatRate: '100' };
/** € 150 flat, whoever comes. */
const BOAT_TRIP = { title: 'Giro in barca', flatRate: '150' };
const CUSTOMER = 'Liceo Dante Alighieri';

/** The agency's VAT rate, two priced products and a customer, made through the API. */
async function catalogueOf(agency: Agency, request: Parameters<typeof apiToken>[0]): Promise<void> {
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const base = `/api/tenants/${agency.id}`;
  const { vatRateId } = await pricedProductOf(request, token, agency.id, { ...GUIDED_TOUR, durationHours: 2 });
  await pricedProductOf(request, token, agency.id, { ...BOAT_TRIP, durationHours: 2, vatRateId });
  await callApi(request, token, 'POST', `${base}/customers`, { title: 'Spett.le', name: CUSTOMER, email: 'segreteria@liceodante.it', tenantId: agency.id });
}

/** Ticks Order Confirmed on a product in the advanced editor and saves. */
async function confirmInAdvancedEditor(page: Page, product: string, participants: string | null, price: string): Promise<void> {
  await page.getByRole('row').filter({ hasText: CUSTOMER }).getByRole('button', { name: 'Advanced' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
  await editor.getByRole('tab', { name: 'Products' }).click();
  const row = editor.getByRole('row', { name: product });
  await expect(row.getByText('Non confermato')).toBeVisible();
  if (participants) await row.getByLabel('Confirmed Participants').fill(participants);
  await row.getByRole('checkbox', { name: 'Order Confirmed' }).check();
  await expect(row.getByRole('group', { name: 'Price' })).toContainText(price);
  await expect(row.getByText('Non confermato')).toHaveCount(0);
  await editor.getByRole('tab', { name: 'Basic Info' }).click();
  await expect(editor.getByLabel('Status')).toHaveValue('confirmed');
  await editor.getByRole('button', { name: 'Update Quote' }).click();
  await expect(toast(page, 'Quote updated successfully')).toBeVisible();
  await expect(editor).toBeHidden();
}

test.describe('quotes of an agency', () => {
  test('a quote with two products: created from the dialog, confirmed product by product, a consumption added, on the dashboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const agency = await createAgency(request);
    await catalogueOf(agency, request);
    await signInAsAdmin(page, agency);
    const tabs = page.getByRole('tablist', { name: 'Sections' });

    /* ---------- create ---------- */
    await tabs.getByRole('tab', { name: 'Quotes' }).click();
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/quotes$`));
    await expect(page.getByRole('heading', { name: 'Quote Management' })).toBeVisible();
    await expect(page.getByText('No quotes yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Quote' });
    await dialog.getByRole('button', { name: 'Create Quote' }).click();
    await expect(dialog.getByText('Customer is required')).toBeVisible();
    await expect(dialog.getByText('Service date is required')).toBeVisible();
    await expect(dialog.getByText('Please select at least one product')).toBeVisible();

    // each message leaves as soon as its field is right
    await dialog.getByLabel('Customer').selectOption({ label: CUSTOMER });
    await expect(dialog.getByText('Customer is required')).toHaveCount(0);
    // the chosen customer's e-mail shows under the picker
    await expect(dialog.getByText('segreteria@liceodante.it')).toBeVisible();
    await dialog.getByLabel('Subject').fill('Uscita didattica');
    await dialog.getByLabel('Service Date').fill(serviceDate);
    await expect(dialog.getByText('Service date is required')).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: GUIDED_TOUR.title }).check();
    await expect(dialog.getByText('Please select at least one product')).toHaveCount(0);
    // the chosen lines come first, as a table
    const chosen = dialog.getByRole('table', { name: 'Chosen products' });
    const tour = chosen.getByRole('row', { name: GUIDED_TOUR.title });
    await tour.getByLabel('Quantity', { exact: true }).fill('4');
    await expect(tour.getByRole('group', { name: 'Price' })).toContainText('€ 200,00');
    await expect(tour.getByRole('group', { name: 'Price' })).toContainText('+ IVA 22%');
    await expect(tour.getByRole('group', { name: 'Price' })).toContainText('Totale IVA incl. € 244,00 (Imponibile € 200,00, IVA € 44,00)');
    await dialog.getByRole('checkbox', { name: BOAT_TRIP.title }).check();
    await expect(chosen.getByRole('row', { name: BOAT_TRIP.title }).getByRole('group', { name: 'Price' })).toContainText('€ 150,00');
    await expect(dialog.getByText('Totale IVA incl.: € 427,00')).toBeVisible();

    // Escape does not throw the filled form away without asking
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Scartare le modifiche?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Continua a modificare' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByText('Totale IVA incl.: € 427,00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Quote' }).click();
    await expect(toast(page, 'Quote created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const quoteRow = page.getByRole('row').filter({ hasText: CUSTOMER });
    await expect(quoteRow.getByRole('cell').first()).toHaveText(/^#[0-9A-F]{6}$/);
    await expect(quoteRow).toContainText('alle 09:00');
    await expect(quoteRow).toContainText('€ 427,00');
    await expect(quoteRow).toContainText('Pending');
    await expect(page.getByText('Showing 1 of 1 quotes (sorted by service date)')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Quote Consolidation' })).toBeVisible();

    /* ---------- confirm one product: red ---------- */
    // 6 confirmed: € 250,00 + 22 % VAT
    await confirmInAdvancedEditor(page, GUIDED_TOUR.title, '6', '€ 250,00');
    await expect(quoteRow).toContainText('Confirmed');
    const partly = quoteRow.getByTitle('Some products are not confirmed yet');
    await expect(partly).toHaveText('€ 305,00');
    await expect(partly).toHaveCSS('color', 'rgb(198, 40, 40)');

    /* ---------- confirm both: blue ---------- */
    await confirmInAdvancedEditor(page, BOAT_TRIP.title, null, '€ 150,00');
    const whole = quoteRow.getByTitle('All products confirmed');
    await expect(whole).toHaveText('€ 488,00');
    await expect(whole).toHaveCSS('color', 'rgb(31, 95, 168)');

    /* ---------- a consumption ---------- */
    await quoteRow.getByRole('button', { name: 'Advanced' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
    await editor.getByRole('tab', { name: 'Consumptions' }).click();
    await expect(editor.getByText('No service consumptions recorded yet')).toBeVisible();
    const add = editor.getByRole('group', { name: 'Add a consumption' });
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByText('Description is required')).toBeVisible();
    await add.getByLabel('Description').fill('Pranzo al sacco');
    await add.getByLabel('Quantity').fill('10');
    await add.getByLabel('Unit Value (€)').fill('12.50');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Service consumption added')).toBeVisible();
    await expect(editor.getByRole('listitem', { name: 'Pranzo al sacco' })).toContainText('10 × € 12,50 = € 125,00');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
    // the consumption is part of the quote's total, VAT included: the list and the editor say the same
    await expect(whole).toHaveText('€ 613,00');
    await quoteRow.getByRole('button', { name: 'Advanced' }).click();
    await expect(editor.getByLabel('Totale IVA incl. (€)')).toHaveValue('613.00');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    /* ---------- search ---------- */
    await page.getByLabel('Search').fill('613,00');
    await expect(quoteRow).toBeVisible();
    await page.getByLabel('Search').fill('nessuno');
    await expect(page.getByText('No quotes found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(quoteRow).toBeVisible();

    /* ---------- dashboard ---------- */
    await tabs.getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByRole('article', { name: 'Active Products' })).toContainText('2');
    await expect(page.getByRole('article', { name: 'Total Customers' })).toContainText('1');
    await expect(page.getByRole('article', { name: 'Quotes This Month' })).toContainText('1');
    await expect(page.getByRole('article', { name: 'Revenue MTD' })).toContainText('€ 613,00');
    await expect(page.getByRole('article', { name: 'Revenue MTD' })).toContainText('Totale IVA incl. · Imponibile € 525,00');
    const recent = page.getByRole('region', { name: 'Recent Quotes' }).getByRole('listitem', { name: CUSTOMER });
    await expect(recent).toContainText('€ 613,00');
    await expect(recent).toContainText('Confirmed');

    // Create Quote leads to the quotes page with its creation dialog open
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Create Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Quote' })).toBeVisible();
  });
});
