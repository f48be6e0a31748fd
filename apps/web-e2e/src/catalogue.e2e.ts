import type { Page } from '@playwright/test';
import { createAgency, expect, signInAsAdmin, test, toast } from './fixtures';

/** Dates relative to today, so the first period always holds today and gives the current price. */
const year = new Date().getFullYear();

/**
 * The delete confirmation names the item and starts on Cancel (so Enter never deletes); Delete confirms.
 */
async function confirmDelete(page: Page, title: string, question: string): Promise<void> {
  const confirmation = page.getByRole('dialog', { name: title });
  await expect(confirmation.getByText(question)).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmation).toBeHidden();
}

test.describe('catalogue set-up by an agency admin', () => {
  test('VAT rate, tags, a bilingual product with two periods, a price list and a customer: created, edited, deleted', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const agency = await createAgency(request, { languages: ['it', 'en'] });
    await signInAsAdmin(page, agency);
    const tabs = page.getByRole('tablist', { name: 'Sections' });
    for (const label of ['Dashboard', 'Products', 'Customers', 'Price Lists', 'VAT Rates', 'Tags', 'Users']) {
      await expect(tabs.getByRole('tab', { name: label })).toBeVisible();
    }

    /* ---------- VAT rate ---------- */
    await tabs.getByRole('tab', { name: 'VAT Rates' }).click();
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/vat-rates$`));
    await expect(page.getByText('No VAT rates configured')).toBeVisible();
    await page.getByRole('button', { name: 'Add VAT Rate' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add VAT Rate' });
    await dialog.getByRole('button', { name: 'Create VAT Rate' }).click();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await expect(dialog.getByText('Rate is required')).toBeVisible();
    await dialog.getByLabel('Description').fill('Aliquota ordinaria');
    await dialog.getByRole('button', { name: '22%' }).click();
    await expect(dialog.getByLabel('Rate (%)')).toHaveValue('22');
    await dialog.getByRole('button', { name: 'Create VAT Rate' }).click();
    await expect(toast(page, 'VAT rate created successfully')).toBeVisible();
    let card = page.getByRole('article', { name: 'Aliquota ordinaria' });
    await expect(card.getByText('22,00%')).toBeVisible();

    await card.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit VAT Rate' });
    await dialog.getByLabel('Description').fill('Aliquota ridotta');
    await dialog.getByRole('button', { name: '10%' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'VAT rate updated successfully')).toBeVisible();
    card = page.getByRole('article', { name: 'Aliquota ridotta' });
    await expect(card.getByText('10,00%')).toBeVisible();

    /* ---------- tags ---------- */
    await tabs.getByRole('tab', { name: 'Tags' }).click();
    await page.getByRole('button', { name: 'Add Tag' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Tag' });
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect(dialog.getByText('Tag name is required')).toBeVisible();
    await expect(dialog.getByText('Target type is required')).toBeVisible();
    await dialog.getByLabel('Tag Name').fill('Arte');
    await dialog.getByLabel('Target Type').selectOption('product');
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect(toast(page, 'Tag created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add Tag' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Tag' });
    await dialog.getByLabel('Tag Name').fill('Scuole');
    await dialog.getByLabel('Target Type').selectOption('customer');
    await dialog.getByLabel('Description').fill('Istituti scolastici');
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect(dialog).toBeHidden();

    const artRow = page.getByRole('row').filter({ hasText: 'Arte' });
    await expect(artRow.getByText('Product', { exact: true })).toBeVisible();
    await artRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Tag' });
    await dialog.getByLabel('Tag Name').fill('Arte e cultura');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Tag updated successfully')).toBeVisible();

    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Customers' });
    await expect(page.getByRole('row').filter({ hasText: 'Istituti scolastici' }).getByText('Customer', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Arte e cultura' })).toHaveCount(0);
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'All Tags' });

    /* ---------- product in Italian and English ---------- */
    await tabs.getByRole('tab', { name: 'Products' }).click();
    await expect(page.getByText('No products yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await dialog.getByLabel('Title', { exact: true }).fill('Tour del Colosseo');
    await dialog.getByLabel('Subtitle').fill('Con guida autorizzata');
    await dialog.getByLabel('Short Description').fill("Visita guidata all'anfiteatro Flavio.");
    await dialog.getByLabel('Duration (hours)').selectOption('2');
    await dialog.getByLabel('Duration (minutes)').selectOption('30');
    await dialog.getByLabel('VAT Rate').selectOption({ label: 'Aliquota ridotta (10,00%)' });
    await dialog.getByRole('checkbox', { name: 'Arte e cultura' }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Scuole' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(toast(page, 'Product created successfully')).toBeVisible();
    const productRow = page.getByRole('row').filter({ hasText: 'Tour del Colosseo' });
    await expect(productRow.getByText('Arte e cultura')).toBeVisible();
    await expect(productRow.getByText('2h 30m')).toBeVisible();
    await expect(productRow.getByText('N/A')).toBeVisible();
    await expect(productRow.getByRole('cell').first()).toHaveText(/^[A-Z0-9]{6}$/);

    await productRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: /^Edit Product: / });
    await expect(dialog.getByRole('button', { name: 'Copy from Italian' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Copy from Italian' }).click();
    await expect(toast(page, 'Content copied from Italian successfully')).toBeVisible();
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Tour del Colosseo');
    await dialog.getByLabel('Title', { exact: true }).fill('Colosseum Tour');
    await dialog.getByLabel('Subtitle').fill('With a licensed guide');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Product updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search').fill('colosseum');
    await expect(productRow).toBeVisible();
    await page.getByLabel('Search').fill('');
    await productRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: /^Edit Product: / });
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Tour del Colosseo');
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Colosseum Tour');
    await expect(dialog.getByLabel('Subtitle')).toHaveValue('With a licensed guide');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    /* ---------- two availability periods ---------- */
    await productRow.getByRole('button', { name: 'Availability' }).click();
    const periods = page.getByRole('dialog', { name: 'Availability: Tour del Colosseo' });
    await expect(periods.getByText('No availability periods yet')).toBeVisible();

    await periods.getByRole('button', { name: 'Add Period' }).click();
    let form = page.getByRole('dialog', { name: 'Add Availability Period' });
    await expect(form.getByLabel('Cost per person (€)')).toHaveCount(0);
    await form.getByLabel('Start Date').fill(`${year}-01-01`);
    await form.getByLabel('End Date').fill(`${year}-12-31`);
    await form.getByRole('checkbox', { name: 'Cost per person' }).check();
    await form.getByLabel('Cost per person (€)').fill('45');
    await form.getByRole('checkbox', { name: 'Minimum participants' }).check();
    await form.getByLabel('Min. participants').fill('2');
    await form.getByRole('button', { name: 'Create Period' }).click();
    await expect(toast(page, 'Availability period created successfully')).toBeVisible();
    await expect(form).toBeHidden();

    await periods.getByRole('button', { name: 'Add Period' }).click();
    form = page.getByRole('dialog', { name: 'Add Availability Period' });
    await form.getByLabel('Start Date').fill(`${year + 1}-01-01`);
    await form.getByLabel('End Date').fill(`${year + 1}-06-30`);
    await form.getByRole('checkbox', { name: 'Flat rate' }).check();
    await form.getByLabel('Flat rate (€)').fill('300');
    await form.getByRole('button', { name: 'Create Period' }).click();
    await expect(form).toBeHidden();
    await expect(periods.getByRole('listitem')).toHaveCount(2);
    await expect(periods.getByRole('listitem').nth(0)).toContainText('Min. 2 participants · € 45,00 per person');
    await expect(periods.getByRole('listitem').nth(1)).toContainText('Flat rate € 300,00');

    // a period overlapping another is refused, with the server's reason
    await periods.getByRole('button', { name: 'Add Period' }).click();
    form = page.getByRole('dialog', { name: 'Add Availability Period' });
    await form.getByLabel('Start Date').fill(`${year}-12-01`);
    await form.getByLabel('End Date').fill(`${year + 1}-01-31`);
    await form.getByRole('button', { name: 'Create Period' }).click();
    await expect(toast(page, 'Failed to create availability period')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(periods.getByRole('listitem')).toHaveCount(2);

    const thisYear = periods.getByRole('listitem', { name: `01/01/${year} – 31/12/${year}` });
    await thisYear.getByRole('button', { name: 'Edit period' }).click();
    form = page.getByRole('dialog', { name: 'Edit Availability Period' });
    await expect(form.getByLabel('Cost per person (€)')).toHaveValue('45.00');
    await form.getByLabel('Cost per person (€)').fill('50');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Availability period updated successfully')).toBeVisible();
    await periods.getByRole('button', { name: 'Close' }).click();
    await expect(productRow.getByText('€ 50,00')).toBeVisible();

    await productRow.getByRole('button', { name: 'Availability' }).click();
    await periods
      .getByRole('listitem', { name: `01/01/${year + 1} – 30/06/${year + 1}` })
      .getByRole('button', { name: 'Delete period' })
      .click();
    const confirmPeriod = page.getByRole('dialog', { name: 'Delete Availability Period' });
    await expect(confirmPeriod.getByText('Are you sure you want to delete this availability period? This action cannot be undone.')).toBeVisible();
    await confirmPeriod.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Availability period deleted successfully')).toBeVisible();
    await expect(periods.getByRole('listitem')).toHaveCount(1);
    await periods.getByRole('button', { name: 'Close' }).click();

    /* ---------- price lists ---------- */
    await tabs.getByRole('tab', { name: 'Price Lists' }).click();
    await expect(page.getByText('No price lists yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Price List' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Price List' });
    await dialog.getByLabel('Name', { exact: true }).fill(`Scuole ${year}`);
    await dialog.getByLabel('Start Date').fill(`${year}-01-01`);
    await dialog.getByLabel('End Date').fill(`${year}-12-31`);
    await dialog.getByLabel('Reduction Percentage (%)').fill('10');
    await dialog.getByRole('button', { name: 'Create Price List' }).click();
    await expect(toast(page, 'Price list created successfully')).toBeVisible();
    const listRow = page.getByRole('row').filter({ hasText: `Scuole ${year}` });
    await expect(listRow.getByText('10,00%')).toBeVisible();
    await expect(listRow.getByText('Active', { exact: true })).toBeVisible();
    await expect(listRow.getByText(`01/01/${year} – 31/12/${year}`)).toBeVisible();

    await page.getByRole('button', { name: 'Add Price List' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Price List' });
    await dialog.getByLabel('Name', { exact: true }).fill('Listino archiviato');
    await dialog.getByLabel('Start Date').fill('2020-01-01');
    await dialog.getByLabel('End Date').fill('2020-12-31');
    await dialog.getByLabel('Active').uncheck();
    await dialog.getByRole('button', { name: 'Create Price List' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Listino archiviato' }).getByText('Inactive')).toBeVisible();

    await listRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Price List' });
    await dialog.getByLabel('Reduction Amount (€)').fill('5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Price list updated successfully')).toBeVisible();
    await expect(listRow.getByText('€ 5,00')).toBeVisible();

    /* ---------- customer linked to the price list, with a tag ---------- */
    await tabs.getByRole('tab', { name: 'Customers' }).click();
    await expect(page.getByText('No customers yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Customer' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Spett.le');
    await expect(dialog.getByLabel('Price List').locator('option')).toHaveText(['No price list', `Scuole ${year}`]);
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    await expect(dialog.getByText('Ragione sociale is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await dialog.getByLabel('Ragione sociale').fill('Liceo Dante Alighieri');
    await dialog.getByLabel('Email', { exact: true }).fill('segreteria@');
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    await expect(dialog.getByText('Invalid email format')).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill('segreteria@liceodante.it');
    await dialog.getByLabel('Contact').fill('Prof.ssa Anna Neri');
    await dialog.getByLabel('City').fill('Firenze');
    await dialog.getByLabel('VAT Number').fill('IT01234567890');
    await dialog.getByLabel('Price List').selectOption({ label: `Scuole ${year}` });
    await dialog.getByRole('checkbox', { name: 'Scuole' }).check();
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    await expect(toast(page, 'Customer created successfully')).toBeVisible();
    const customerRow = page.getByRole('row').filter({ hasText: 'Spett.le Liceo Dante Alighieri' });
    await expect(customerRow.getByText(`Scuole ${year}`)).toBeVisible();
    await expect(customerRow.getByText('Scuole', { exact: true })).toBeVisible();

    await customerRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByRole('checkbox', { name: 'Scuole' })).toBeChecked();
    await dialog.getByLabel('Title', { exact: true }).selectOption('Egregio dott.');
    await dialog.getByLabel('Phone').fill('055 123456');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Customer updated successfully')).toBeVisible();
    const editedRow = page.getByRole('row').filter({ hasText: 'Egregio dott. Liceo Dante Alighieri' });
    await expect(editedRow.getByText('055 123456')).toBeVisible();

    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Scuole' });
    await expect(editedRow).toBeVisible();
    await page.getByLabel('Search').fill('nessuno');
    await expect(page.getByText('No customers found')).toBeVisible();
    await page.getByLabel('Search').fill('');

    /* ---------- deletes, each behind its confirmation ---------- */
    await editedRow.getByRole('button', { name: 'Delete' }).click();
    const confirmCustomer = page.getByRole('dialog', { name: 'Delete Customer' });
    await expect(confirmCustomer.getByText('Are you sure you want to delete this customer? This action cannot be undone.')).toBeVisible();
    await confirmCustomer.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Customer deleted successfully')).toBeVisible();
    await expect(page.getByText('No customers yet')).toBeVisible();

    await tabs.getByRole('tab', { name: 'Price Lists' }).click();
    await listRow.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, `Delete price list 'Scuole ${year}'?`, 'Are you sure you want to delete this price list?');
    await expect(toast(page, 'Price list deleted successfully')).toBeVisible();
    await expect(listRow).toHaveCount(0);

    await tabs.getByRole('tab', { name: 'Products' }).click();
    await productRow.getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, "Delete product 'Tour del Colosseo'?", 'Are you sure you want to delete this product? This action cannot be undone.');
    await expect(toast(page, 'Product deleted successfully')).toBeVisible();
    await expect(page.getByText('No products yet')).toBeVisible();

    await tabs.getByRole('tab', { name: 'VAT Rates' }).click();
    await page.getByRole('article', { name: 'Aliquota ridotta' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, "Delete VAT rate 'Aliquota ridotta'?", 'Are you sure you want to delete this VAT rate?');
    await expect(toast(page, 'VAT rate deleted successfully')).toBeVisible();
    await expect(page.getByText('No VAT rates configured')).toBeVisible();

    await tabs.getByRole('tab', { name: 'Tags' }).click();
    await page.getByRole('row').filter({ hasText: 'Arte e cultura' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, "Delete tag 'Arte e cultura'?", 'Are you sure you want to delete this tag?');
    await expect(toast(page, 'Tag deleted successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Arte e cultura' })).toHaveCount(0);
  });

  test('a VAT rate in use cannot be deleted: the failure toast gives the reason', async ({ page, request }) => {
    const agency = await createAgency(request);
    await signInAsAdmin(page, agency);
    await page.goto(`/${agency.keyword}/vat-rates`);
    await page.getByRole('button', { name: 'Add VAT Rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add VAT Rate' });
    await dialog.getByLabel('Description').fill('Aliquota ordinaria');
    await dialog.getByRole('button', { name: '22%' }).click();
    await dialog.getByRole('button', { name: 'Create VAT Rate' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/${agency.keyword}/products`);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const product = page.getByRole('dialog', { name: 'Add Product' });
    await product.getByLabel('Title', { exact: true }).fill('Giro in barca');
    await product.getByLabel('VAT Rate').selectOption({ label: 'Aliquota ordinaria (22,00%)' });
    await product.getByRole('button', { name: 'Create Product' }).click();
    await expect(product).toBeHidden();

    await page.goto(`/${agency.keyword}/vat-rates`);
    await page.getByRole('article', { name: 'Aliquota ordinaria' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, "Delete VAT rate 'Aliquota ordinaria'?", 'Are you sure you want to delete this VAT rate?');
    const failure = toast(page, 'Failed to delete VAT rate');
    await expect(failure).toBeVisible();
    expect((await failure.innerText()).replace('Failed to delete VAT rate', '').trim()).not.toBe('');
    await expect(page.getByRole('article', { name: 'Aliquota ordinaria' })).toBeVisible();
  });
});
