import { apiToken, callApi, createAgency, expect, signIn, signInAsAdmin, test, toast } from './fixtures';

const ADMIN_TABS = ['Dashboard', 'Products', 'Customers', 'Price Lists', 'VAT Rates', 'Tags', 'Users'];

test.describe('the agency team', () => {
  test('the admin adds, edits and deletes a user, and cannot delete their own account', async ({ page, request }) => {
    const agency = await createAgency(request);
    await signInAsAdmin(page, agency);
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/users$`));

    const own = page.getByRole('row').filter({ hasText: `@${agency.adminUsername}` });
    await expect(own.getByText('Lucia Neri')).toBeVisible();
    await expect(own.getByText('Tenant Admin')).toBeVisible();
    await expect(own.getByText('Active')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add User' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Tenant Admin', 'Tenant User']);
    await dialog.getByLabel('Full Name').fill('G');
    await dialog.getByLabel('Username').fill('gb');
    await dialog.getByLabel('Email').fill('giulia@');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Valid email is required')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();

    const username = `${agency.keyword}-giulia`;
    await dialog.getByLabel('Full Name').fill('Giulia Bianchi');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByLabel('Password').fill('giulia-pass-1');
    await dialog.getByLabel('Role').selectOption({ label: 'Tenant User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'User created successfully')).toBeVisible();
    const giulia = page.getByRole('row').filter({ hasText: `@${username}` });
    await expect(giulia.getByText('Tenant User')).toBeVisible();
    await expect(giulia.getByText(`${username}@example.com`)).toBeVisible();

    await page.getByRole('button', { name: 'Add User' }).click();
    dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Full Name').fill('Altra Giulia');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill('altra@example.com');
    await dialog.getByLabel('Password').fill('another-pass');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    // a taken username is said on its field, and the dialog stays open to change it
    await expect(dialog.getByLabel('Username')).toHaveAccessibleDescription('Username already exists');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByLabel('Search').fill('bianchi');
    await expect(own).toHaveCount(0);
    await expect(giulia).toBeVisible();
    await page.getByLabel('Search').fill('');

    await giulia.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit User: Giulia Bianchi' });
    await expect(dialog.getByLabel('Password')).toHaveAttribute('placeholder', 'Leave empty to keep current password');
    await dialog.getByLabel('Full Name').fill('Giulia Bianchi Rossi');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(giulia.getByText('Giulia Bianchi Rossi')).toBeVisible();

    // the password was kept: the user still signs in with it
    expect(await apiToken(request, username, 'giulia-pass-1')).toBeTruthy();

    await giulia.getByRole('button', { name: 'Delete' }).click();
    const confirmation = page.getByRole('dialog', { name: "Delete user 'Giulia Bianchi Rossi'?" });
    await expect(confirmation.getByText('Are you sure you want to delete this user?')).toBeVisible();
    await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(giulia).toHaveCount(0);
  });

  test('a tenant user sees the Quotes tab alone and is sent to quotes from every admin page', async ({ page, request }) => {
    const agency = await createAgency(request);
    const adminToken = await apiToken(request, agency.adminUsername, agency.adminPassword);
    const username = `${agency.keyword}-clerk`;
    await callApi(request, adminToken, 'POST', '/api/users', {
      username,
      password: 'clerk-pass-1',
      name: 'Paolo Verdi',
      email: `${username}@example.com`,
      role: 'tenant_user',
      tenantId: agency.id,
    });

    await page.goto(`/${agency.keyword}`);
    await signIn(page, username, 'clerk-pass-1');
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/quotes$`));
    await expect(page.getByText('Ciao, Paolo Verdi')).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Sections' }).getByRole('tab')).toHaveText(['Quotes']);
    await expect(page.getByRole('heading', { name: 'Quote Management' })).toBeVisible();

    for (const segment of ['products', 'customers', 'price-lists', 'vat-rates', 'tags', 'users', 'settings', 'dashboard']) {
      await page.goto(`/${agency.keyword}/${segment}`);
      await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/quotes$`));
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      for (const label of ADMIN_TABS) await expect(page.getByRole('tab', { name: label })).toHaveCount(0);
    }
  });
});
