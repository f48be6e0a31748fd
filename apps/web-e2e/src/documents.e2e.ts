import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { htmlShape, TEMPLATE_CONTENT_LIMITS, templateContentTooBig } from '@quotebook/domain';
import { apiToken, callApi, createAgency, expect, pricedProductOf, signInAsAdmin, test, toast, type Agency } from './fixtures';

const DAY_MS = 86_400_000;
const serviceDate = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
const CUSTOMER = 'Istituto Galileo Galilei';
const PRODUCT = 'Visita ai Musei Vaticani';
const TEMPLATE = 'Premessa gite scolastiche';
const LAYOUT = 'Preventivo scuole';

/** A priced product, a customer and a quote of four people for it, made through the API. */
async function quoteOf(agency: Agency, request: Parameters<typeof apiToken>[0]): Promise<{ id: string; shortId: string }> {
  const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
  const base = `/api/tenants/${agency.id}`;
  const product = await pricedProductOf(request, token, agency.id, { title: PRODUCT, costPerPerson: '30' });
  const customer = await callApi<{ id: string }>(request, token, 'POST', `${base}/customers`, {
    title: 'Spett.le',
    name: CUSTOMER,
    email: 'segreteria@galilei.it',
    tenantId: agency.id,
  });
  return callApi(request, token, 'POST', `${base}/quotes`, {
    customerId: customer.id,
    subject: 'Uscita didattica',
    serviceDate,
    items: [{ productId: product.id, quantity: 4 }],
  });
}

/** The file a download saved, with the name the browser gave it. */
async function saved(download: Download): Promise<{ name: string; bytes: Buffer }> {
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

async function downloadFrom(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: button }).click()]);
  return saved(download);
}

test.describe('documents of an agency', () => {
  test('a template and a layout made on Template Descrizioni, set as default, print a quote: preview, PDF and Word', async ({ page, request }) => {
    test.setTimeout(240_000);
    const agency = await createAgency(request);
    const quote = await quoteOf(agency, request);
    await signInAsAdmin(page, agency);
    const tabs = page.getByRole('tablist', { name: 'Sections' });

    /* ---------- a template ---------- */
    await tabs.getByRole('tab', { name: 'Template Descrizioni' }).click();
    await expect(page).toHaveURL(new RegExp(`/${agency.keyword}/quote-templates$`));
    await expect(page.getByRole('heading', { name: 'Template Descrizioni' })).toBeVisible();
    const sections = page.getByRole('tablist', { name: 'Tipi di template' });
    await expect(sections.getByRole('tab', { name: 'Premessa' })).toHaveAttribute('aria-selected', 'true');
    // a new agency starts with an example of each type, its own to edit
    await expect(page.getByRole('row').filter({ hasText: 'Gentile cliente' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    const editor = dialog.getByRole('textbox', { name: 'Contenuto' });
    await expect(editor).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByText('Il titolo del template è obbligatorio')).toBeVisible();
    await expect(dialog.getByText('Il contenuto del template è obbligatorio')).toBeVisible();

    await dialog.getByLabel('Titolo', { exact: true }).fill(TEMPLATE);
    await editor.click();
    await page.keyboard.type('Siamo lieti di proporvi ');
    await dialog.getByRole('button', { name: 'Grassetto' }).click();
    await page.keyboard.type('la visita guidata');
    await dialog.getByRole('button', { name: 'Grassetto' }).click();
    await page.keyboard.type(' per la vostra classe.');
    await expect(editor.locator('strong')).toHaveText('la visita guidata');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(toast(page, 'Template creato con successo')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: TEMPLATE })).toBeVisible();

    /* ---------- a layout, set as default ---------- */
    await sections.getByRole('tab', { name: 'Layout' }).click();
    // the starter layout is the default until another is chosen
    await expect(page.getByRole('row').filter({ hasText: 'Preventivo' }).getByText('Default')).toBeVisible();
    await page.getByRole('button', { name: 'Add Layout' }).click();
    const layoutDialog = page.getByRole('dialog', { name: 'Add Layout' });
    await layoutDialog.getByLabel('Nome').fill(LAYOUT);
    const add = layoutDialog.getByRole('group', { name: 'Aggiungi un elemento' });
    await add.getByRole('button', { name: 'Aggiungi tabella preventivo' }).click();
    await add.getByLabel('Template').selectOption({ label: `Premessa · ${TEMPLATE}` });
    await add.getByRole('button', { name: 'Aggiungi template' }).click();
    const elements = layoutDialog.getByRole('list', { name: 'Elementi del layout' });
    await elements.getByRole('listitem', { name: `2. ${TEMPLATE}` }).getByRole('button', { name: 'Sposta su' }).click();
    await expect(elements.getByRole('listitem')).toHaveText([new RegExp(TEMPLATE), /Tabella del preventivo/]);
    await layoutDialog.getByRole('button', { name: 'Create Layout' }).click();
    await expect(toast(page, 'Layout creato con successo')).toBeVisible();
    await expect(layoutDialog).toBeHidden();

    const layoutRow = page.getByRole('row').filter({ hasText: LAYOUT });
    await expect(layoutRow.getByText('Default')).toHaveCount(0);
    await layoutRow.getByRole('button', { name: 'Imposta come default' }).click();
    await expect(toast(page, 'Layout impostato come default')).toBeVisible();
    await expect(layoutRow.getByText('Default')).toBeVisible();

    /* ---------- Stampa on the quote ---------- */
    await tabs.getByRole('tab', { name: 'Quotes' }).click();
    const quoteRow = page.getByRole('row').filter({ hasText: CUSTOMER });
    await expect(quoteRow.getByRole('cell').first()).toHaveText(`#${quote.shortId}`);
    await quoteRow.getByRole('button', { name: 'Stampa' }).click();
    const preview = page.getByRole('dialog', { name: 'Anteprima Documento' });
    await expect(preview.getByLabel('Layout')).toHaveValue(/.+/);
    await expect(preview.getByLabel('Layout').locator('option:checked')).toHaveText(`${LAYOUT} (default)`);

    const frame = preview.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('srcdoc', /la visita guidata/);
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain(CUSTOMER);
    expect(srcdoc).toContain(PRODUCT);
    // the template is printed before the quote's table, as the layout orders them
    expect(srcdoc.indexOf('la visita guidata')).toBeLessThan(srcdoc.indexOf(PRODUCT));
    expect(srcdoc).not.toMatch(/<script/i);

    await preview.getByRole('button', { name: 'Ricarica anteprima' }).click();
    await expect(frame).toHaveAttribute('srcdoc', /la visita guidata/);

    const pdf = await downloadFrom(page, 'Scarica PDF');
    expect(pdf.name).toBe(`preventivo-${quote.shortId}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(toast(page, 'Documento generato')).toBeVisible();

    const word = await downloadFrom(page, 'Scarica Word');
    expect(word.name).toBe(`preventivo-${quote.shortId}.docx`);
    expect(word.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await preview.getByRole('button', { name: 'Chiudi' }).click();
    await expect(preview).toBeHidden();
  });

  test('the template editor nests no deeper than a template may, by keyboard or by paste, and says so', async ({ page, request }) => {
    test.setTimeout(120_000);
    const agency = await createAgency(request);
    await signInAsAdmin(page, agency);
    const tooDeep = templateContentTooBig('depth');

    await page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Template Descrizioni' }).click();
    await page.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    const editor = dialog.getByRole('textbox', { name: 'Contenuto' });
    await dialog.getByLabel('Titolo', { exact: true }).fill('Programma dettagliato');

    // a list, each item one level below the one before: Enter, the item, Tab
    await editor.click();
    await page.keyboard.type('- voce 0');
    for (let item = 1; item < 20; item++) {
      await page.keyboard.press('Enter');
      await page.keyboard.type(`voce ${item}`);
      await page.keyboard.press('Tab');
    }
    const refusal = dialog.getByRole('alert').filter({ hasText: tooDeep });
    await expect(refusal).toBeVisible();
    await expect(editor).toHaveAccessibleDescription(tooDeep);
    // Tab stayed in the editor: typing goes on in the last item
    await page.keyboard.type(' (fine)');
    await expect(editor).toContainText('voce 19 (fine)');
    await expect(refusal).toBeHidden();
    // a list level is two elements (ul, li): fifteen levels put an item's paragraph at 31, a sixteenth would pass 32
    expect(htmlShape(await editor.innerHTML()).depth).toBe(31);

    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(toast(page, 'Template creato con successo')).toBeVisible();
    const token = await apiToken(request, agency.adminUsername, agency.adminPassword);
    const templates = await callApi<{ id: string; title: string; content: string }[]>(request, token, 'GET', `/api/tenants/${agency.id}/quote-templates`);
    const saved = templates.find((template) => template.title === 'Programma dettagliato');
    if (!saved) throw new Error('the template was not saved');
    expect(htmlShape(saved.content).depth).toBe(31);
    expect(saved.content).toContain('voce 19 (fine)');

    /* ---------- a paste nested past the limit is refused whole ---------- */
    await page.getByRole('row').filter({ hasText: 'Programma dettagliato' }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    const content = edit.getByRole('textbox', { name: 'Contenuto' });
    await content.click();
    await page.keyboard.press('Control+Home');
    const paste = (html: string) =>
      content.evaluate((element, pasted) => {
        const data = new DataTransfer();
        data.setData('text/html', pasted);
        data.setData('text/plain', 'testo incollato');
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, html);
    const levels = TEMPLATE_CONTENT_LIMITS.depth + 8;
    await paste(`<p>Citazione</p>${'<blockquote>'.repeat(levels)}<p>Troppo annidata</p>${'</blockquote>'.repeat(levels)}`);
    await expect(edit.getByRole('alert').filter({ hasText: tooDeep })).toBeVisible();
    await expect(content.locator('blockquote')).toHaveCount(0);
    await expect(content).not.toContainText('Troppo annidata');

    await paste(`<p>Citazione</p><blockquote><blockquote><p>Annidata il giusto</p></blockquote></blockquote>`);
    await expect(content.locator('blockquote')).toHaveCount(2);
    await expect(edit.getByRole('alert').filter({ hasText: tooDeep })).toBeHidden();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Template aggiornato con successo')).toBeVisible();
  });
});
