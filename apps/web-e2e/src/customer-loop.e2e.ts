import type { Page } from '@playwright/test';
import { createAgency, englishQuoteOf, expect, signInAsAdmin, test, type EnglishQuote } from './fixtures';

const SIGNER = 'Jane Smith';

/**
 * The toast titled exactly `title`: the send dialog shows the same words in a longer alert of its
 * own, which this leaves out.
 */
function toastTitled(page: Page, title: string) {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

/** "Invia al cliente" from the quote's row: the dialog starts on the customer's e-mail; sends and answers the link. */
async function sendFromList(page: Page, customer: EnglishQuote['customer'], revision: number): Promise<string> {
  const row = page.getByRole('row').filter({ hasText: customer.name });
  await row.getByRole('button', { name: 'Invia al cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invia al cliente' });
  await expect(dialog.getByLabel('Destinatario')).toHaveValue(customer.email);
  // the customer's language is the document's
  await expect(dialog.getByLabel('Lingua')).toHaveValue('en');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await expect(toastTitled(page, `Preventivo inviato (rev. ${revision})`)).toBeVisible({ timeout: 30_000 });
  const linkField = dialog.getByLabel('Link per il cliente');
  await expect(linkField).toHaveValue(/\/q\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
  return link;
}

test.describe('the customer loop', () => {
  test('an agent sends a quote, the English customer reads it in English and accepts it, the agent is told; a second send makes rev. 2 on the same link', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const agency = await createAgency(request, { languages: ['it', 'en'] });
    const scene = await englishQuoteOf(request, agency);
    const { product, customer } = scene;
    const quoteName = `#${scene.shortId}`;

    /* ---------- the agent sends ---------- */
    await signInAsAdmin(page, agency);
    await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Quotes' }).click();
    const quoteRow = page.getByRole('row').filter({ hasText: customer.name });
    await expect(quoteRow).toContainText(quoteName);
    const link = await sendFromList(page, customer, 1);
    expect(link.startsWith(`${new URL(page.url()).origin}/q/`), link).toBe(true);
    await expect(quoteRow).toContainText('Inviato rev. 1');

    /* ---------- the customer, with no session of the agency, reads and accepts ---------- */
    const customerContext = await browser.newContext();
    try {
      const customerPage = await customerContext.newPage();
      await customerPage.goto(link);
      await expect(customerPage.getByRole('heading', { level: 1, name: `Quote ${quoteName}` })).toBeVisible();
      await expect(customerPage.locator('html')).toHaveAttribute('lang', 'en');
      const services = customerPage.getByRole('list', { name: 'Services' });
      const line = services.getByRole('listitem', { name: product.english });
      await expect(line).toContainText(product.englishText);
      await expect(line).toContainText('4 participants');
      // € 30 + 22 % VAT a person: the page shows what the customer pays, VAT included
      await expect(line).toContainText('€36.60 per person · VAT included');
      await expect(line).not.toContainText('+ VAT');
      await expect(line).toContainText('Total€146.40');
      await expect(customerPage.getByText(product.italian)).toHaveCount(0);
      await expect(customerPage.getByText('Total incl. VAT', { exact: true })).toBeVisible();
      await expect(customerPage.getByRole('link', { name: 'Download PDF' })).toBeVisible();

      await customerPage.getByRole('button', { name: 'Accept', exact: true }).click();
      await customerPage.getByLabel('Full name').fill(SIGNER);
      await expect(customerPage.getByRole('group', { name: 'Signature' }).getByRole('button', { name: 'Type your name' })).toHaveAttribute('aria-pressed', 'true');
      await customerPage.getByRole('checkbox', { name: 'I accept the quote and its terms' }).check();
      await customerPage.getByRole('button', { name: 'Accept the quote' }).click();
      const confirm = customerPage.getByRole('dialog', { name: 'Confirm your acceptance?' });
      await expect(confirm).toContainText(`signing as ${SIGNER}`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(customerPage.getByRole('status').filter({ hasText: `Accepted by ${SIGNER} on` })).toBeVisible();
      await expect(customerPage.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

      /* ---------- the agent sees the answer, the notifications and the history ---------- */
      await page.reload();
      await expect(quoteRow.getByText('Accettato', { exact: true })).toBeVisible();
      // the first view and the acceptance, each once: the bell asks every 45 seconds, and at once when opened
      await page.getByRole('button', { name: /^Notifiche/ }).click();
      await expect(page.getByRole('button', { name: 'Notifiche: 2 non lette', includeHidden: true })).toHaveCount(1);
      const latest = page.getByRole('dialog', { name: 'Notifiche' }).getByRole('list', { name: 'Ultime notifiche' });
      await expect(latest.getByRole('button')).toHaveCount(2);
      await expect(latest).toContainText(`${customer.name} ha accettato ${quoteName} rev. 1`);
      await expect(latest).toContainText(`${quoteName} rev. 1 visto per la prima volta`);
      await page.keyboard.press('Escape');
      await expect(latest).toBeHidden();

      await quoteRow.getByRole('button', { name: 'Advanced' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Quote - Advanced Management' });
      await editor.getByRole('button', { name: /^Invii \(1\)/ }).click();
      const first = editor.getByRole('list', { name: 'Revisioni inviate' }).getByRole('listitem', { name: `${quoteName} rev. 1` });
      await expect(first).toContainText(`a ${customer.email}`);
      await expect(first).toContainText(/Visto il \d{2}\/\d{2}\/\d{4}, 1 volta/);
      await expect(first).toContainText(`Accettato da ${SIGNER} il`);
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await expect(editor).toBeHidden();

      /* ---------- a second send: rev. 2 on the same link, open to a new answer ---------- */
      expect(await sendFromList(page, customer, 2)).toBe(link);
      await expect(quoteRow).toContainText('Inviato rev. 2');

      await customerPage.reload();
      await expect(customerPage.getByText(/\brev\. 2$/)).toBeVisible();
      await expect(customerPage.getByRole('status').filter({ hasText: 'Accepted by' })).toHaveCount(0);
      await expect(customerPage.getByRole('listitem', { name: product.english })).toBeVisible();
      await customerPage.getByRole('button', { name: 'Decline', exact: true }).click();
      await customerPage.getByLabel('Reason (optional)').fill('We chose another date');
      await customerPage.getByRole('button', { name: 'Decline the quote' }).click();
      await customerPage.getByRole('dialog', { name: 'Confirm you decline?' }).getByRole('button', { name: 'Confirm' }).click();
      await expect(customerPage.getByRole('status').filter({ hasText: 'Declined on' })).toContainText('We chose another date');

      await page.reload();
      await expect(quoteRow.getByText('Rifiutato', { exact: true })).toBeVisible();
    } finally {
      await customerContext.close();
    }
  });
});
