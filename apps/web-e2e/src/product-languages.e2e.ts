import { createAgency, expect, signInAsAdmin, test } from './fixtures';

test.describe('a product in two languages', () => {
  test('created while English shows, it keeps its Italian texts, is listed by its Italian title and keeps both', async ({
    page,
    request,
  }) => {
    const agency = await createAgency(request, { languages: ['it', 'en'] });
    await signInAsAdmin(page, agency);
    await page.goto(`/${agency.keyword}/products`);

    await page.getByRole('button', { name: 'Add Product' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Product' });
    let title = dialog.getByLabel('Title', { exact: true });
    await title.fill('Giro in barca');
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(dialog.getByText('Texts in English')).toBeVisible();
    await expect(title).toHaveValue('');
    await title.fill('Boat trip');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: 'Giro in barca' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: /^Edit Product: / });
    title = dialog.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue('Giro in barca');
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(title).toHaveValue('Boat trip');

    // an unsaved edit is dropped only once the user agrees
    await title.fill('Boat trip at sunset');
    await dialog.getByRole('button', { name: 'Italiano' }).click();
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(title).toHaveValue('Boat trip at sunset');

    // Copy from Italian replaces the English texts only once the user agrees
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(title).toHaveValue('Boat trip at sunset');
    await dialog.getByRole('button', { name: 'Copy from Italian' }).click();
    const overwrite = page.getByRole('dialog', { name: 'Overwrite the texts in English?' });
    await overwrite.getByRole('button', { name: 'Overwrite' }).click();
    await expect(title).toHaveValue('Giro in barca');
  });
});
