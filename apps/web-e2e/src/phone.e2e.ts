import type { Locator, Page } from '@playwright/test';
import { createAgency, englishQuoteOf, expect, sendThroughApi, signIn, signInAsAdmin, SUPERADMIN, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const AGENCY_PAGES = ['dashboard', 'products', 'customers', 'price-lists', 'vat-rates', 'tags', 'users', 'settings'];

test.use({ viewport: PHONE });

/** The page is no wider than the screen: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${what} is ${widths.page}px wide on a ${widths.screen}px screen`).toBeLessThanOrEqual(widths.screen);
}

/** Entirely on screen: neither clipped at the right edge nor shrunk to nothing. */
async function expectWhollyOnScreen(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox()) ?? { x: -1, width: 0 };
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  const clipped = await element.evaluate((node) => node.scrollWidth > node.clientWidth);
  expect(clipped, 'the button cuts its own label').toBe(false);
}

test.describe('on a phone (390 px)', () => {
  test('the SuperAdmin header shows Logout whole, each agency its actions, and the panel does not scroll sideways', async ({
    page,
    request,
  }) => {
    const agency = await createAgency(request, { name: 'Agenzia Viaggi del Sole e del Mare Blu di Sardegna' });
    await page.goto('/superadmin');
    await expectNoSidewaysScroll(page, 'the SuperAdmin login');
    await signIn(page, SUPERADMIN.username, SUPERADMIN.password);
    await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
    await expect(page.getByText('Total Tenants')).toBeVisible();

    await expectWhollyOnScreen(page.getByRole('button', { name: 'Logout' }));
    await expect(page.getByText('SUPERADMIN PANEL')).toBeVisible();
    await page.getByLabel('Search').fill(agency.keyword);
    const row = page.getByRole('row').filter({ hasText: agency.name });
    await expectWhollyOnScreen(row.getByRole('button', { name: 'Edit' }));
    await expectWhollyOnScreen(row.getByRole('button', { name: 'Delete' }));
    await expectNoSidewaysScroll(page, 'the tenant management screen');
  });

  test("no page of an agency scrolls sideways and its dialogs fill the screen, for its admin or for the superadmin", async ({ page, request }) => {
    const agency = await createAgency(request, { name: 'Agenzia Viaggi del Sole e del Mare Blu' });
    await signInAsAdmin(page, agency);
    for (const segment of AGENCY_PAGES) {
      await page.goto(`/${agency.keyword}/${segment}`);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, `/${agency.keyword}/${segment}`);
    }
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Logout' }));

    // a form dialog takes the whole screen, its buttons on it
    await page.goto(`/${agency.keyword}/products`);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog).toBeVisible();
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await expectWhollyOnScreen(dialog.getByRole('button', { name: 'Create Product' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}$`));
    await page.goto('/superadmin');
    await signIn(page, SUPERADMIN.username, SUPERADMIN.password);
    await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
    await page.goto(`/${agency.keyword}/dashboard`);
    await expect(page.getByRole('link', { name: 'SuperAdmin Panel' })).toBeVisible();
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Logout' }));
    await expectNoSidewaysScroll(page, `/${agency.keyword}/dashboard for the superadmin`);
  });

  test("the customer's page of a sent quote does not scroll sideways, reading it or signing it", async ({ page, request }) => {
    const agency = await createAgency(request, { name: 'Agenzia Viaggi del Sole e del Mare Blu di Sardegna', languages: ['it', 'en'] });
    const quote = await englishQuoteOf(request, agency, {
      product: { english: 'Sunset sailing trip along the northern coast of Sardinia with aperitif on board' },
      customer: { name: 'The Riverside Travel and Leisure Club of Greater Manchester' },
    });
    // the customer has no session of the agency: the link alone
    await page.goto(await sendThroughApi(request, agency, quote.quoteId));
    await expect(page.getByRole('listitem', { name: quote.product.english })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the public quote page');
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Accept', exact: true }));

    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByLabel('Full name').fill('Jane Smith');
    await page.getByRole('button', { name: 'Draw your signature' }).click();
    await expect(page.getByRole('img', { name: 'Sign here with your finger or mouse' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the public quote page while signing');
    await expectWhollyOnScreen(page.getByRole('button', { name: 'Accept the quote' }));
  });
});
