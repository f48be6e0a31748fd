import { createAgency, expect, signIn, SUPERADMIN, test, uniqueKeyword } from './fixtures';

test.describe('platform onboarding', () => {
  test('the superadmin creates an agency with its admin; that admin signs in at /{keyword} and sees the dashboard', async ({
    page,
  }) => {
    const keyword = uniqueKeyword('sole');
    const agency = `Agenzia Sole ${keyword.slice(-6)}`;

    await page.goto('/');
    await expect(page).toHaveURL(/\/superadmin$/);
    await expect(page.getByText('SuperAdmin Access')).toBeVisible();
    await signIn(page, SUPERADMIN.username, SUPERADMIN.password);
    await expect(page).toHaveURL(/\/superadmin\/dashboard$/);
    await expect(page.getByText('SUPERADMIN PANEL')).toBeVisible();

    await page.getByRole('button', { name: 'Create Tenant' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tenant Name').fill(agency);
    await dialog.getByLabel('Keyword').fill(keyword);
    await dialog.getByLabel('Expiry Date').fill('2099-12-31');
    await expect(dialog.getByRole('checkbox', { name: 'Italiano' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Italiano' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'English' }).check();
    await dialog.getByLabel('Full Name').fill('Maria Rossi');
    await dialog.getByLabel('Email').fill(`${keyword}@example.com`);
    await dialog.getByLabel('Username').fill(`${keyword}-admin`);
    await dialog.getByLabel('Password').fill('secret-pass');
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();

    await expect(page.getByText('Tenant and admin user created successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(agency) });
    await expect(row).toBeVisible();
    await expect(row.getByText(keyword, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/superadmin$/);

    await page.goto(`/${keyword}`);
    await expect(page.getByText(agency).first()).toBeVisible();
    await signIn(page, `${keyword}-admin`, 'secret-pass');
    await expect(page).toHaveURL(new RegExp(`/${keyword}/dashboard$`));
    await expect(page.getByRole('heading', { name: agency })).toBeVisible();
    await expect(page.getByText('Maria Rossi')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`/${keyword}$`));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a wrong password shows Login Failed', async ({ page, request }) => {
    const agency = await createAgency(request);
    await page.goto(`/${agency.keyword}`);
    await signIn(page, agency.adminUsername, 'not-the-password');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}$`));
  });

  test('an unknown keyword shows Tenant Not Found', async ({ page }) => {
    await page.goto('/no-such-agency-here');
    await expect(page.getByText('Tenant Not Found')).toBeVisible();
  });

  test('a disabled agency shows Tenant Disabled', async ({ page, request }) => {
    const agency = await createAgency(request, { enabled: false });
    await page.goto(`/${agency.keyword}`);
    await expect(page.getByText('Tenant Disabled')).toBeVisible();
  });

  test('an expired agency shows Tenant Expired with its date', async ({ page, request }) => {
    const agency = await createAgency(request, { expiryDate: '2020-01-31' });
    await page.goto(`/${agency.keyword}`);
    await expect(page.getByText('Tenant Expired')).toBeVisible();
    await expect(page.getByText('31/01/2020')).toBeVisible();
  });

  test('an unknown path shows 404 Page Not Found', async ({ page }) => {
    await page.goto('/some-agency/no-such-page/deeper');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('the reset-password page without a token shows Link Non Valido', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('Link Non Valido')).toBeVisible();
    await page.getByRole('button', { name: 'Torna al Login' }).click();
    await expect(page).toHaveURL(/\/superadmin$/);
  });

  test('the admin of one agency is refused at another agency with Access Denied', async ({ page, request }) => {
    const first = await createAgency(request);
    const second = await createAgency(request);
    await page.goto(`/${second.keyword}`);
    await signIn(page, first.adminUsername, first.adminPassword);
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText("You don't have access to this tenant.")).toBeVisible();
    await expect(page).not.toHaveURL(/dashboard/);
  });

  test('the password-recovery dialog answers without revealing the account', async ({ page }) => {
    await page.goto('/superadmin');
    await page.getByText('Hai dimenticato la password?').click();
    const dialog = page.getByRole('dialog', { name: 'Recupera Password' });
    await dialog.getByLabel('Indirizzo Email').fill('  nobody@example.com  ');
    await dialog.getByRole('button', { name: 'Invia Email' }).click();
    await expect(page.getByText('Email inviata')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
