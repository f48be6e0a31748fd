import type { CsvImportReport } from '@quotebook/contracts';
import { CSV_MESSAGES } from '@quotebook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aProduct, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { errorsOutsideColumns, readCsv } from './csv-file';

const PRODUCTS = '/api/tenants/tenant-1/products';
const IMPORT = `${PRODUCTS}/import`;
const UNKNOWN_TAG = CSV_MESSAGES.unknownTags(['Mare']);

const BROKEN = '\uFEFFtitle_it,tags\r\nTour del Colosseo,Arte\r\nGiro in barca,Mare\r\n';
const FIXED = 'title_it;tags\nTour del Colosseo;Arte\nGiro in barca;Arte\n';

const report = (overrides: Partial<CsvImportReport> = {}): CsvImportReport => ({ rows: [], valid: 2, invalid: 0, created: 0, truncated: false, ...overrides });

/** The import answers the broken file's row 3 with an error on its tags, anything else as valid. */
const importRoute = on('POST', IMPORT, (request) => {
  const { rows, dryRun } = JSON.parse(request.body) as { rows: Record<string, string>[]; dryRun: boolean };
  if (rows.some((row) => row['tags'] === 'Mare')) return json(report({ rows: [{ line: 3, errors: { tags: UNKNOWN_TAG } }], valid: 1, invalid: 1 }));
  return json(report({ created: dryRun ? 0 : rows.length }));
});

const page = () =>
  renderTenantPage('/sole/products', [on('GET', PRODUCTS, () => json([aProduct()])), on('GET', '/api/tenants/tenant-1/tags', () => json([])), importRoute]);

function choose(dialog: HTMLElement, text: string, name = 'prodotti.csv') {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

afterEach(() => jest.restoreAllMocks());

describe('reading a CSV file', () => {
  it('reads the header and rows, without the byte order mark, comma or semicolon, blank lines skipped', () => {
    expect(readCsv(BROKEN)).toEqual({ columns: ['title_it', 'tags'], rows: [{ title_it: 'Tour del Colosseo', tags: 'Arte' }, { title_it: 'Giro in barca', tags: 'Mare' }] });
    expect(readCsv(`${FIXED}\n\n`)).toEqual({ columns: ['title_it', 'tags'], rows: [{ title_it: 'Tour del Colosseo', tags: 'Arte' }, { title_it: 'Giro in barca', tags: 'Arte' }] });
  });

  it('refuses a file without rows, with too many or too large for one request', () => {
    expect(readCsv('title_it,tags\r\n')).toEqual({ error: CSV_MESSAGES.noRows });
    expect(readCsv(`title_it\n${'x\n'.repeat(2001)}`)).toEqual({ error: CSV_MESSAGES.tooManyRows });
    expect(readCsv(`title_it\n${`${'x'.repeat(10_000)}\n`.repeat(100)}`)).toEqual({ error: CSV_MESSAGES.tooLarge });
  });

  it('lists the errors of columns the file does not have beside the row', () => {
    expect(errorsOutsideColumns({ tags: 'x', title_it: 'Title is required' }, ['tags'])).toEqual(['title_it: Title is required']);
  });
});

describe('CSV import and export on the products page', () => {
  it('asks for nothing CSV while the page loads', async () => {
    const { requests } = page();
    await screen.findByText('Tour del Colosseo');
    expect(screen.getByRole('button', { name: 'Importa CSV' })).toBeTruthy();
    expect(requests.filter((request) => /\/(import|export)$/.test(request.path))).toEqual([]);
  });

  it('previews every row with the erroneous cell and its message, keeps Importa disabled, then imports the fixed file', async () => {
    const { requests } = page();
    fireEvent.click(await screen.findByRole('button', { name: 'Importa CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importa prodotti da CSV' });

    choose(dialog, BROKEN);
    expect(await within(dialog).findByText(UNKNOWN_TAG)).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain('2 righe: 1 corrette, 1 con errori');
    const cell = within(dialog).getByText(UNKNOWN_TAG).closest('td') as HTMLElement;
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(within(cell).getByText('Mare')).toBeTruthy();
    expect(within(dialog).getByText('Giro in barca')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /^Importa/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesOf(requests, 'POST', IMPORT)).toEqual([{ rows: [{ title_it: 'Tour del Colosseo', tags: 'Arte' }, { title_it: 'Giro in barca', tags: 'Mare' }], dryRun: true }]);

    choose(dialog, FIXED);
    const importButton = await within(dialog).findByRole('button', { name: 'Importa 2 prodotti' });
    expect(within(dialog).queryByText(UNKNOWN_TAG)).toBeNull();
    fireEvent.click(importButton);
    expect(await screen.findByText('2 prodotti importati')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(requests, 'POST', IMPORT).at(-1)).toEqual({ rows: [{ title_it: 'Tour del Colosseo', tags: 'Arte' }, { title_it: 'Giro in barca', tags: 'Arte' }], dryRun: false });
  });

  it('says why a file cannot be sent, and sends nothing', async () => {
    const { requests } = page();
    fireEvent.click(await screen.findByRole('button', { name: 'Importa CSV' }));
    const dialog = await screen.findByRole('dialog');
    choose(dialog, 'title_it\r\n');
    expect(await within(dialog).findByText(CSV_MESSAGES.noRows)).toBeTruthy();
    expect(bodiesOf(requests, 'POST', IMPORT)).toEqual([]);
  });

  it('downloads the export under the name the server gives', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:prodotti');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', PRODUCTS, () => json([aProduct()])),
      on('GET', '/api/tenants/tenant-1/tags', () => json([])),
      on('GET', `${PRODUCTS}/export`, () => new Response('\uFEFFcode\r\nABC123', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="prodotti.csv"' } })),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Esporta CSV' }));
    await waitFor(() => expect(saved).toEqual(['prodotti.csv blob:prodotti']));
    expect(requests.filter((request) => request.path === `${PRODUCTS}/export`)).toHaveLength(1);
  });
});
