import { apiToken, callApi, createAgency, expect, pricedProductOf, signIn, signInAsAdmin, test, toast, type Agency } from './fixtures';

const DAY_MS = 86_400_000;
/** A service date ten days ahead, inside the period below whatever today is. */
const serviceDate = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
const PRODUCT = 'Visita guidata ai Musei Vaticani';
const CUSTOMER = 'Istituto Galilei';
const CLERK = { password: 'clerk-pass-1', name: 'Paolo Verdi' };

/** A VAT rate, a product at € 25 a person and € 100 flat, a customer and a user of the agency, through the API. */
async function agencyOf(agency: Agency, request: Parameters<typeof apiToken>[0]): Promise<string> {
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const base = `/api/tenants/${agency.id}`;
  await pricedProductOf(request, token, agency.id, { title: PRODUCT, costPerPerson: '25', flatRate: '100' });
  await callApi(request, token, 'POST', `${base}/customers`, { title: 'Spett.le', name: CUSTOMER, email: 'segreteria@galilei.it', tenantId: agency.id });
  const username = `${agency.keyword}-clerk`;
  await callApi(request, token, 'POST', '/api/users', {
    username,
    password: CLERK.password,
    name: CLERK.name,
    email: `${username}@example.com`,
    role: 'tenant_user',
    tenantId: agency.id,
  });
  return username;
}

test.describe('cost and margin', () => {
  test('the admin sets a supplier cost, sees the margin of a new quote in the list and the editor; a user of an agency that hides it does not', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const agency = await createAgency(request);
    const clerk = await agencyOf(agency, request);
    await signInAsAdmin(page, agency);

    /* ---------- the period's supplier cost ---------- */
    await page.goto(`/${agency.keyword}/products`);
    await page.getByRole('row').filter({ hasText: PRODUCT }).getByRole('button', { name: 'Availability' }).click();
    const periods = page.getByRole('dialog', { name: `Availability: ${PRODUCT}` });
    await periods.getByRole('button', { name: 'Edit period' }).click();
    const period = page.getByRole('dialog', { name: 'Edit Availability Period' });
    await period.getByLabel('Costo fornitore per persona').fill('15');
    await period.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Availability period updated successfully')).toBeVisible();
    await expect(periods.getByText('Costo fornitore € 15,00 per persona')).toBeVisible();
    await periods.getByRole('button', { name: 'Close' }).click();

    /* ---------- a quote: 4 people pay € 200, they cost € 60 ---------- */
    await page.goto(`/${agency.keyword}/quotes`);
    await page.getByRole('button', { name: 'Add Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Quote' });
    await dialog.getByLabel('Customer').selectOption({ label: CUSTOMER });
    await dialog.getByLabel('Service Date').fill(serviceDate);
    await dialog.getByRole('checkbox', { name: PRODUCT }).check();
    const line = dialog.getByRole('table', { name: 'Chosen products' }).getByRole('row', { name: PRODUCT });
    await line.getByLabel('Quantity', { exact: true }).fill('4');
    await expect(line.getByRole('group', { name: 'Price' })).toContainText('€ 200,00');
    await expect(line.getByText('Margine € 140,00 (70,00%)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Quote' }).click();
    await expect(toast(page, 'Quote created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const list = page.getByRole('table', { name: 'Quote Management' });
    await expect(list.getByRole('columnheader', { name: 'Margine' })).toBeVisible();
    const quoteRow = list.getByRole('row').filter({ hasText: CUSTOMER });
    await expect(quoteRow.getByRole('cell', { name: '€ 140,00 (70,00%)' })).toBeVisible();

    await quoteRow.getByRole('button', { name: 'Advanced' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
    await editor.getByRole('tab', { name: 'Products' }).click();
    const saved = editor.getByRole('table', { name: 'Chosen products' }).getByRole('row', { name: PRODUCT });
    await expect(saved.getByLabel('Costo (€)')).toHaveAttribute('placeholder', '60.00');
    await expect(saved.getByText('Margine € 140,00 (70,00%)')).toBeVisible();
    await expect(editor.getByRole('group', { name: 'Costo, prezzo e margine' })).toContainText('Margine totale: € 140,00 (70,00%)');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    /* ---------- the agency keeps costs from its users ---------- */
    await page.goto(`/${agency.keyword}/settings`);
    const visible = page.getByRole('switch', { name: 'Mostra costi e margini agli utenti' });
    await expect(visible).toBeChecked();
    await visible.click();
    await expect(toast(page, 'Costi e margini nascosti agli utenti')).toBeVisible();
    await expect(visible).not.toBeChecked();
    await page.getByRole('button', { name: 'Logout' }).click();

    await page.goto(`/${agency.keyword}`);
    await signIn(page, clerk, CLERK.password);
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/quotes$`));
    const userRow = page.getByRole('table', { name: 'Quote Management' }).getByRole('row').filter({ hasText: CUSTOMER });
    await expect(userRow).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Margine' })).toHaveCount(0);
    await expect(page.getByText('€ 140,00 (70,00%)')).toHaveCount(0);
    await userRow.getByRole('button', { name: 'Advanced' }).click();
    const userEditor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
    await userEditor.getByRole('tab', { name: 'Products' }).click();
    await expect(userEditor.getByRole('row', { name: PRODUCT })).toBeVisible();
    await expect(userEditor.getByLabel('Costo (€)')).toHaveCount(0);
    await expect(userEditor.getByText(/Margine/)).toHaveCount(0);
  });
});
