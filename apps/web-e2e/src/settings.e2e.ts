import path from 'node:path';
import { createAgency, expect, signIn, test } from './fixtures';
import { pngFile } from './images';

test.describe('agency settings', () => {
  test('the agency admin saves company information and uploads a logo shown in the header', async ({ page, request }, testInfo) => {
    const agency = await createAgency(request);
    await page.goto(`/${agency.keyword}`);
    await signIn(page, agency.adminUsername, agency.adminPassword);
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/dashboard$`));

    await page.goto(`/${agency.keyword}/settings`);
    await page.getByLabel('Company Name').fill('Sole Viaggi S.r.l.');
    await page.getByLabel('Reference Email').fill('not-an-email');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText(/valid email/i).first()).toBeVisible();
    await page.getByLabel('Reference Email').fill('info@soleviaggi.it');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Tenant settings updated successfully')).toBeVisible();

    const logo = pngFile(testInfo.outputPath('logo.png'), 120, 80);
    await page.locator('input[type="file"]').setInputFiles(logo);
    await expect(page.getByText('Logo uploaded successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Company Name')).toHaveValue('Sole Viaggi S.r.l.');
    await expect(page.locator('img[src^="/uploads/logos/"]').first()).toBeVisible();

    const tooLarge = pngFile(testInfo.outputPath('large.png'), 300, 300);
    await page.locator('input[type="file"]').setInputFiles(tooLarge);
    await expect(page.getByText('Image dimensions must be maximum 150x150 pixels')).toBeVisible();
    expect(path.basename(tooLarge)).toBe('large.png');
  });
});
