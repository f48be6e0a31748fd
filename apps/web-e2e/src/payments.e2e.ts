import { apiToken, callApi, createAgency, expect, pricedProductOf, signInAsAdmin, test, toast } from './fixtures';

const DAY_MS = 86_400_000;
/** A service date forty days ahead: its balance, 30 days before it, is still to come. */
const serviceDate = new Date(Date.now() + 40 * DAY_MS).toISOString().slice(0, 10);
const CUSTOMER = 'Istituto Galilei';

test.describe('payments received', () => {
  test('a deposit asked and a payment recorded in the editor: "Da incassare" follows in the list and on the dashboard', async ({ page, request }) => {
    test.setTimeout(120_000);
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
    const base = `/api/tenants/${agency.id}`;
    // € 500 flat without VAT, whoever comes: a confirmed quote of € 500,00
    const product = await pricedProductOf(request, token, agency.id, { title: 'Escursione in barca', flatRate: '500', vatRateId: null });
    const customer = await callApi<{ id: string }>(request, token, 'POST', `${base}/customers`, { title: 'Spett.le', name: CUSTOMER, email: 'segreteria@galilei.it' });
    await callApi(request, token, 'POST', `${base}/quotes`, {
      customerId: customer.id,
      serviceDate,
      status: 'confirmed',
      items: [{ productId: product.id, quantity: 1, orderConfirmed: true, confirmedParticipants: 1 }],
    });

    await signInAsAdmin(page, agency);
    await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Quotes' }).click();
    const row = page.getByRole('row').filter({ hasText: CUSTOMER });
    await expect(page.getByRole('columnheader', { name: 'Da incassare' })).toBeVisible();
    await expect(row).toBeVisible();
    const headers = await page.getByRole('columnheader').allTextContents();
    const dueCell = row.getByRole('cell').nth(headers.indexOf('Da incassare'));
    await expect(dueCell).toHaveText('€ 500,00');

    /* ---------- a 30 % deposit, saved with the quote ---------- */
    await row.getByRole('button', { name: 'Advanced' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
    await editor.getByRole('tab', { name: 'Pagamenti' }).click();
    await editor.getByLabel('Acconto', { exact: true }).selectOption('percent');
    await editor.getByLabel('Acconto (%)').fill('30');
    await editor.getByRole('button', { name: 'Update Quote' }).click();
    await expect(toast(page, 'Quote updated successfully')).toBeVisible();
    await expect(editor).toBeHidden();

    /* ---------- a payment recorded at once ---------- */
    await row.getByRole('button', { name: 'Advanced' }).click();
    await editor.getByRole('tab', { name: 'Pagamenti' }).click();
    const schedule = editor.locator('dl[aria-label="Piano dei pagamenti"]');
    await expect(schedule).toContainText("Acconto (all'accettazione)€ 150,00");
    const record = editor.getByRole('group', { name: 'Registra pagamento' });
    await record.getByLabel('Importo').fill('150');
    await record.getByLabel('Metodo').selectOption('bonifico');
    await record.getByRole('button', { name: 'Registra pagamento' }).click();
    await expect(toast(page, 'Pagamento registrato')).toBeVisible();
    await expect(editor.getByRole('list', { name: 'Pagamenti ricevuti' }).getByRole('listitem')).toHaveCount(1);
    await expect(schedule).toContainText('Da incassare€ 350,00');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    await expect(dueCell).toHaveText('€ 350,00');

    await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Dashboard' }).click();
    await expect(page.getByRole('article', { name: 'Da incassare' })).toContainText('€ 350,00');
  });
});
