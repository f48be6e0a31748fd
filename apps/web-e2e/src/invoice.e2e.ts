import { readFileSync } from 'node:fs';
import { apiToken, callApi, createAgency, englishQuoteOf, expect, signInAsAdmin, test } from './fixtures';

test.describe('electronic invoice', () => {
  test('the admin fills the seller data in Impostazioni, issues the invoice of a confirmed quote and downloads its XML', async ({ page, request }) => {
    const agency = await createAgency(request, { languages: ['it', 'en'] });
    const quote = await englishQuoteOf(request, agency, { customer: { name: 'Scuola Dante' } });
    const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
    const base = `/api/tenants/${agency.id}`;
    await callApi(request, token, 'PUT', `${base}/customers/${(await callApi<{ customerId: string }>(request, token, 'GET', `${base}/quotes/${quote.quoteId}`)).customerId}`, {
      title: 'Spett.le',
      name: 'Scuola Dante',
      email: 'segreteria@dante.example',
      language: 'en',
      address: 'Piazza Duomo 2',
      city: 'Milano',
      postalCode: '20121',
      country: 'Italia',
      vatNumber: '09876543210',
      sdi: 'ABC1234',
    });
    const detail = await callApi<{ items: { id: string }[] }>(request, token, 'GET', `${base}/quotes/${quote.quoteId}`);
    await callApi(request, token, 'PUT', `${base}/quotes/${quote.quoteId}/items/${detail.items[0].id}`, { orderConfirmed: true, confirmedParticipants: 4 });
    await callApi(request, token, 'PUT', `${base}/quotes/${quote.quoteId}`, { status: 'confirmed' });

    await signInAsAdmin(page, agency);
    await page.goto(`/${agency.keyword}/settings`);
    await page.getByLabel('Company Name').fill('Sole Viaggi S.r.l.');
    await page.getByLabel('Address').first().fill('Via Roma 1');
    await page.getByLabel('City').fill('Como');
    await page.getByLabel('Postal Code').fill('22100');
    await page.getByLabel('Country').fill('Italia');
    await page.getByLabel('VAT Number').fill('IT01234567890');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Tenant settings updated successfully')).toBeVisible();
    const eInvoice = page.getByRole('region', { name: 'Fattura elettronica' });
    await eInvoice.getByLabel('IBAN').fill('IT61 X054 2811 1010 0000 0123 456');
    await eInvoice.getByRole('button', { name: 'Salva dati fattura' }).click();
    await expect(eInvoice.getByText('IBAN non valido')).toBeVisible();
    await eInvoice.getByLabel('IBAN').fill('IT60 X054 2811 1010 0000 0123 456');
    await eInvoice.getByRole('button', { name: 'Salva dati fattura' }).click();
    await expect(page.getByText('Dati della fattura elettronica salvati')).toBeVisible();

    await page.goto(`/${agency.keyword}/quotes`);
    await page.getByRole('row').filter({ hasText: 'Scuola Dante' }).getByRole('button', { name: 'Advanced' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
    const panel = editor.getByRole('region', { name: 'Fattura elettronica' });
    await panel.getByLabel('Regime del margine agenzie di viaggio (art. 74-ter)').check();
    await panel.getByRole('button', { name: 'Genera fattura' }).click();
    const year = new Date().getFullYear();
    await expect(panel.getByText(new RegExp(`Fattura n\\. ${year}/1 del`))).toBeVisible();

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Scarica XML' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^IT01234567890_[0-9A-Z]{5}\.xml$/);
    const xml = readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('<RegimeFiscale>RF11</RegimeFiscale>');
    expect(xml).toContain(`<Numero>${year}/1</Numero>`);
    expect(xml).toContain('<IBAN>IT60X0542811101000000123456</IBAN>');
  });
});
