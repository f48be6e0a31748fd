import type { APIRequestContext } from '@playwright/test';
import { apiToken, callApi, createAgency, expect, sendThroughApi, signInAsAdmin, test, type Agency } from './fixtures';

const SIGNER = 'Giulia Neri';
const BOAT = 'Gita in barca';
const DINNER = 'Cena tipica';

/** A period over this year and the next two at `costPerPerson` a person, VAT included. */
const periodAt = (costPerPerson: string) => {
  const year = new Date().getFullYear();
  return {
    startDate: `${year - 1}-01-01`,
    endDate: `${year + 1}-12-31`,
    hasMinParticipants: false,
    minParticipants: null,
    hasAdditionalCosts: false,
    additionalCosts: null,
    priceIncludesVat: true,
    hasCostPerPerson: true,
    costPerPerson,
    hasFlatRate: false,
    flatRate: null,
  };
};

/** An Italian customer's quote through the API: the boat for 4 (€ 200,00) and, optional, the dinner for 2 (€ 90,00). */
async function quoteWithOptionalDinner(request: APIRequestContext, agency: Agency) {
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const base = `/api/tenants/${agency.id}`;
  const product = async (title: string, costPerPerson: string) => {
    const created = await callApi<{ id: string }>(request, token, 'POST', `${base}/products`, { language: 'it', title, durationHours: 2, durationMinutes: 0 });
    await callApi(request, token, 'POST', `${base}/products/${created.id}/availability`, periodAt(costPerPerson));
    return created.id;
  };
  const [boat, dinner] = [await product(BOAT, '50'), await product(DINNER, '45')];
  const customer = await callApi<{ id: string; name: string }>(request, token, 'POST', `${base}/customers`, {
    title: 'Spett.le',
    name: 'Circolo Vela Azzurra',
    email: 'soci@velazzurra.example',
    language: 'it',
    tenantId: agency.id,
  });
  const quote = await callApi<{ id: string; shortId: string }>(request, token, 'POST', `${base}/quotes`, {
    customerId: customer.id,
    serviceDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    subject: 'Uscita sociale',
    items: [
      { productId: boat, quantity: 4 },
      { productId: dinner, quantity: 2, optional: true },
    ],
  });
  return { quote, customer };
}

test.describe('optional lines on the public page', () => {
  test('the customer ticks an optional line, sees the total change and accepts; the agency sees the choice with the accepted revision', async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const agency = await createAgency(request);
    const { quote, customer } = await quoteWithOptionalDinner(request, agency);
    const link = await sendThroughApi(request, agency, quote.id);

    const customerContext = await browser.newContext();
    try {
      const customerPage = await customerContext.newPage();
      await customerPage.goto(link);
      await expect(customerPage.getByRole('heading', { level: 1, name: `Preventivo #${quote.shortId}` })).toBeVisible();
      await expect(customerPage.getByRole('list', { name: 'Servizi', exact: true }).getByRole('listitem')).toHaveCount(1);
      const optional = customerPage.getByRole('region', { name: 'Servizi facoltativi' });
      await expect(optional.getByRole('listitem', { name: DINNER })).toContainText(/45,00\s€ a persona/);
      await expect(optional).toContainText('I servizi facoltativi non sono compresi nel totale.');
      const totals = customerPage.getByRole('definition');
      await expect(customerPage.getByText('Totale IVA incl.', { exact: true })).toBeVisible();
      await expect(customerPage.getByText('Totale con i servizi scelti', { exact: true })).toHaveCount(0);

      await optional.getByRole('checkbox', { name: `Aggiungi ${DINNER}` }).check();
      await expect(customerPage.getByText('Totale con i servizi scelti', { exact: true })).toBeVisible();
      await expect(totals.filter({ hasText: /^290,00\s€$/ })).toHaveCount(1);

      await customerPage.getByRole('button', { name: 'Accetta', exact: true }).click();
      await customerPage.getByLabel('Nome e cognome').fill(SIGNER);
      await customerPage.getByRole('checkbox', { name: 'Accetto il preventivo e le condizioni' }).check();
      await expect(customerPage.getByText(/^Totale con i servizi scelti: 290,00\s€$/).first()).toBeVisible();
      await customerPage.getByRole('button', { name: 'Accetta il preventivo' }).click();
      const confirm = customerPage.getByRole('dialog', { name: 'Confermi l’accettazione?' });
      await expect(confirm).toContainText(/Totale con i servizi scelti: 290,00\s€/);
      await confirm.getByRole('button', { name: 'Conferma' }).click();
      const status = customerPage.getByRole('status').filter({ hasText: `Accettato da ${SIGNER} il` });
      await expect(status).toContainText(/Totale accettato: 290,00\s€/);
      await expect(optional.getByRole('checkbox', { name: `Aggiungi ${DINNER}` })).toBeDisabled();
    } finally {
      await customerContext.close();
    }

    /* ---------- the agency: the quote's total follows, the accepted revision shows the choice ---------- */
    await signInAsAdmin(page, agency);
    await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Quotes' }).click();
    const quoteRow = page.getByRole('row').filter({ hasText: customer.name });
    await expect(quoteRow.getByText('Accettato', { exact: true })).toBeVisible();
    await expect(quoteRow).toContainText('290,00');
    await quoteRow.getByRole('button', { name: 'Advanced' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
    await editor.getByRole('button', { name: /^Invii \(1\)/ }).click();
    const revision = editor.getByRole('list', { name: 'Revisioni inviate' }).getByRole('listitem', { name: `#${quote.shortId} rev. 1` });
    await expect(revision).toContainText(`Accettato da ${SIGNER} il`);
    await expect(revision).toContainText(`Servizi facoltativi scelti: ${DINNER} (€ 90,00) · Totale accettato € 290,00`);
  });
});
