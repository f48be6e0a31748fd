import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAgency, expect, signIn, test } from './fixtures';

/** Without SMTP, identity logs the reset link: the newest one for this address. */
function resetLinkFor(email: string): string | undefined {
  const log = readFileSync(path.join(process.env['E2E_LOG_DIR'] ?? '', 'identity.log'), 'utf8');
  const lines = log.split('\n').filter((line) => line.includes(email) && line.includes('/reset-password?token='));
  // the link's own characters only: the log line ends in a colour code
  return lines.at(-1)?.match(/https?:\/\/[\w.:-]+\/reset-password\?[\w=&%-]+/)?.[0];
}

test.describe('password recovery of an agency user', () => {
  test("the e-mailed link leads back to the agency's own sign-in, not the operator's", async ({ page, request }) => {
    const agency = await createAgency(request);
    const email = `${agency.keyword}@example.com`;
    await page.goto(`/${agency.keyword}`);
    await page.getByRole('button', { name: 'Hai dimenticato la password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recupera Password' });
    await dialog.getByLabel('Indirizzo Email').fill(email);
    await dialog.getByRole('button', { name: 'Invia Email' }).click();
    await expect(dialog).toBeHidden();

    await expect.poll(() => resetLinkFor(email), { timeout: 10_000 }).toContain(`agency=${agency.keyword}`);
    const link = new URL(resetLinkFor(email) ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Nuova Password').fill('new-pass-2');
    await page.getByLabel('Conferma Password').fill('new-pass-2');
    await page.getByRole('button', { name: 'Reimposta Password' }).click();

    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}$`), { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: agency.name })).toBeVisible();
    await signIn(page, agency.adminUsername, 'new-pass-2');
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/dashboard$`));
    await expect(page).toHaveTitle(`Dashboard · ${agency.name} · Quotebook`);
  });

  test("Torna al Login on a spent link of an agency leads to that agency's sign-in", async ({ page, request }) => {
    const agency = await createAgency(request);
    await page.goto(`/reset-password?agency=${agency.keyword}`);
    await expect(page.getByText('Link Non Valido')).toBeVisible();

    await page.getByRole('button', { name: 'Torna al Login' }).click();

    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}$`));
    await expect(page.getByRole('heading', { name: agency.name })).toBeVisible();
  });
});
