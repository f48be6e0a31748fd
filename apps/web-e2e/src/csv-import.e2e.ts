import { readFile } from 'node:fs/promises';
import { CSV_MESSAGES } from '@quotebook/domain';
import { apiToken, callApi, createAgency, expect, signInAsAdmin, test, toast } from './fixtures';

const csvFile = (text: string) => ({ name: 'prodotti.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`, 'utf8') });

const HEADER = 'title_it,duration_hours,tags,periods';
const COLOSSEO = 'Tour del Colosseo,3,Arte,2030-01-01..2030-03-31 per_person=45.00';
const WITH_ERROR = `${HEADER}\r\n${COLOSSEO}\r\nGiro in barca,2,Mare,2030-04-01..2030-06-30 flat_rate=300\r\n`;
const FIXED = `${HEADER}\r\n${COLOSSEO}\r\nGiro in barca,2,Arte,2030-04-01..2030-06-30 flat_rate=300\r\n`;

test.describe('CSV import and export of products', () => {
  test('a file with an error row is previewed with the error and nothing imported; fixed, it imports, and the export gives it back', async ({ page, request }) => {
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
    await callApi(request, token, 'POST', `/api/tenants/${agency.id}/tags`, { name: 'Arte', targetType: 'product' });
    await signInAsAdmin(page, agency);
    await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Products' }).click();
    await expect(page.getByText('No products yet')).toBeVisible();

    await page.getByRole('button', { name: 'Importa CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa prodotti da CSV' });
    await dialog.locator('input[type="file"]').setInputFiles(csvFile(WITH_ERROR));
    const unknownTag = CSV_MESSAGES.unknownTags(['Mare']);
    await expect(dialog.getByText(unknownTag)).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('2 righe: 1 corrette, 1 con errori');
    const badRow = dialog.getByRole('row').filter({ hasText: 'Giro in barca' });
    await expect(badRow.getByRole('cell').filter({ hasText: unknownTag })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('row').filter({ hasText: 'Tour del Colosseo' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Importa/ })).toBeDisabled();

    await dialog.locator('input[type="file"]').setInputFiles(csvFile(FIXED));
    await expect(dialog.getByText(unknownTag)).toBeHidden();
    await dialog.getByRole('button', { name: 'Importa 2 prodotti' }).click();
    await expect(toast(page, '2 prodotti importati')).toBeVisible();
    await expect(dialog).toBeHidden();
    const boat = page.getByRole('row').filter({ hasText: 'Giro in barca' });
    await expect(boat.getByText('Arte')).toBeVisible();
    await expect(boat.getByText('2h')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('prodotti.csv');
    const exported = await readFile(await file.path(), 'utf8');
    expect(exported.startsWith('\uFEFFcode,title_it,')).toBe(true);
    expect(exported).toContain('2030-04-01..2030-06-30 flat_rate=300.00');
  });
});
