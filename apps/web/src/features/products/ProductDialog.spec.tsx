import type { ProductView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aProduct, aVatRate, gatewayError, json, on } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';

const BASE = '/api/tenants/tenant-1';
const LIST = `${BASE}/products`;
const tagList = on('GET', `${BASE}/tags`, () => json([]));
const vatRates = on('GET', `${BASE}/vat-rates`, () => json([aVatRate()]));

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(field(dialog, label), { target: { value } });
const showLanguage = (dialog: HTMLElement, name: string) => fireEvent.click(within(dialog).getByRole('button', { name }));

/** The products page of Agenzia Sole (Italian and English) with a list the dialog's calls keep up to date. */
function productsPage(initial: ProductView[] = []) {
  let products = initial;
  const page = renderTenantPage('/sole/products', [
    on('GET', LIST, () => json(products)),
    on('POST', LIST, (request) => {
      const body = JSON.parse(request.body);
      const created = aProduct({ id: 'product-9', code: 'NEW001', titles: { [body.language]: body.title }, tagIds: [] });
      products = [...products, created];
      return json(created, 201);
    }),
    on('PUT', `${LIST}/product-9`, (request) => {
      const body = JSON.parse(request.body);
      products = products.map((product) =>
        product.id === 'product-9' ? { ...product, titles: { ...product.titles, [body.language]: body.title } } : product,
      );
      return json(products.find((product) => product.id === 'product-9'));
    }),
    on('PUT', `${LIST}/product-1`, () => json(products[0])),
    on('POST', `${LIST}/product-1/copy-from-italian`, () =>
      json({ ...products[0], titles: { ...products[0].titles, en: products[0].titles['it'] } }),
    ),
    tagList,
    vatRates,
  ]);
  return page;
}

async function openAdd(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
  return screen.getByRole('dialog', { name: 'Add Product' });
}

async function openEdit(title: string): Promise<HTMLElement> {
  const row = (await screen.findAllByText(title))[0].closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  return screen.getByRole('dialog', { name: 'Edit Product: AB12CD' });
}

describe('ProductDialog: adding a product in several languages', () => {
  it('keeps each language apart: Italian never shows under English, and English never overwrites Italian', async () => {
    productsPage();
    const dialog = await openAdd();
    type(dialog, 'Title', 'Giro in barca');
    type(dialog, 'Subtitle', 'Tre ore di mare');

    showLanguage(dialog, 'English');

    expect(within(dialog).getByText('Texts in English')).toBeTruthy();
    expect(field(dialog, 'Title').value).toBe('');
    expect(field(dialog, 'Subtitle').value).toBe('');
    type(dialog, 'Title', 'Boat trip');
    showLanguage(dialog, 'Italiano');
    expect(within(dialog).getByText('Texts in Italiano')).toBeTruthy();
    expect(field(dialog, 'Title').value).toBe('Giro in barca');
    expect(field(dialog, 'Subtitle').value).toBe('Tre ore di mare');
    showLanguage(dialog, 'English');
    expect(field(dialog, 'Title').value).toBe('Boat trip');
  });

  it('creates a product while English is showing in Italian and English, and lists it by its Italian title', async () => {
    const { requests } = productsPage();
    const dialog = await openAdd();
    type(dialog, 'Title', 'Giro in barca');
    fireEvent.change(field(dialog, 'Duration (hours)'), { target: { value: '3' } });
    showLanguage(dialog, 'English');
    type(dialog, 'Title', 'Boat trip');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([
      expect.objectContaining({ language: 'it', title: 'Giro in barca', durationHours: 3 }),
    ]);
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-9`)).toEqual([
      expect.objectContaining({ language: 'en', title: 'Boat trip', durationHours: 3 }),
    ]);
    expect(await screen.findByText('Giro in barca')).toBeTruthy();
  });

  it('creates a product written in Italian only, even while English is showing', async () => {
    const { requests } = productsPage();
    const dialog = await openAdd();
    type(dialog, 'Title', 'Giro in barca');
    showLanguage(dialog, 'English');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([expect.objectContaining({ language: 'it', title: 'Giro in barca' })]);
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-9`)).toEqual([]);
  });

  it('closes once the product exists although a translation failed, so no second product is made', async () => {
    let products: ProductView[] = [];
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', LIST, () => json(products)),
      on('POST', LIST, () => {
        products = [aProduct({ id: 'product-9', code: 'NEW001', titles: { it: 'Giro in barca' } })];
        return json(products[0], 201);
      }),
      on('PUT', `${LIST}/product-9`, () => gatewayError(503, 'catalogue did not answer')),
      tagList,
      vatRates,
    ]);
    const dialog = await openAdd();
    type(dialog, 'Title', 'Giro in barca');
    showLanguage(dialog, 'English');
    type(dialog, 'Title', 'Boat trip');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Failed to update product')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Product' })).toBeNull());
    expect(await screen.findByText('Giro in barca')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toHaveLength(1);
  });

  it('asks for the Italian title, showing Italian, when only English was written', async () => {
    const { requests } = productsPage();
    const dialog = await openAdd();
    showLanguage(dialog, 'English');
    type(dialog, 'Title', 'Boat trip');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Texts in Italiano')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([]);
    showLanguage(dialog, 'English');
    expect(field(dialog, 'Title').value).toBe('Boat trip');
  });
});

describe('ProductDialog: editing one language at a time', () => {
  const colosseum = aProduct({ titles: { it: 'Tour del Colosseo', en: 'Colosseum Tour' }, subtitles: { it: 'Con guida' } });

  it('switches language at once when nothing is unsaved', async () => {
    productsPage([colosseum]);
    const dialog = await openEdit('Tour del Colosseo');

    showLanguage(dialog, 'English');

    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull();
    expect(field(dialog, 'Title').value).toBe('Colosseum Tour');
    expect(field(dialog, 'Subtitle').value).toBe('');
  });

  it('asks before dropping unsaved edits when switching language; Cancel keeps them', async () => {
    productsPage([colosseum]);
    const dialog = await openEdit('Tour del Colosseo');
    type(dialog, 'Title', 'Tour del Colosseo e Fori');

    showLanguage(dialog, 'English');

    const question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(
      within(question).getByText(
        'Your changes to the texts in Italiano are not saved. Discard them and show the texts in English? To keep them, choose Cancel and save first.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(within(dialog).getByText('Texts in Italiano')).toBeTruthy();
    expect(field(dialog, 'Title').value).toBe('Tour del Colosseo e Fori');
  });

  it('drops the unsaved edits once the user agrees, and shows the saved texts of the other language', async () => {
    const { requests } = productsPage([colosseum]);
    const dialog = await openEdit('Tour del Colosseo');
    type(dialog, 'Title', 'Tour del Colosseo e Fori');
    showLanguage(dialog, 'English');

    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(within(dialog).getByText('Texts in English')).toBeTruthy();
    expect(field(dialog, 'Title').value).toBe('Colosseum Tour');
    showLanguage(dialog, 'Italiano');
    expect(field(dialog, 'Title').value).toBe('Tour del Colosseo');
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('saves the language shown without touching the other', async () => {
    const { requests } = productsPage([colosseum]);
    const dialog = await openEdit('Tour del Colosseo');
    showLanguage(dialog, 'English');
    type(dialog, 'Title', 'Colosseum and Forum Tour');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-1`)).toEqual([
      expect.objectContaining({ language: 'en', title: 'Colosseum and Forum Tour', subtitle: null }),
    ]);
  });

  it('asks before Copy from Italian overwrites an existing translation', async () => {
    const { requests } = productsPage([colosseum]);
    const dialog = await openEdit('Tour del Colosseo');
    showLanguage(dialog, 'English');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy from Italian' }));

    const question = await screen.findByRole('dialog', { name: 'Overwrite the texts in English?' });
    expect(
      within(question).getByText('The title, subtitle and descriptions in English will be replaced by the Italian ones. This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Overwrite the texts in English?' })).toBeNull());
    expect(bodiesOf(requests, 'POST', `${LIST}/product-1/copy-from-italian`)).toEqual([]);
    expect(field(dialog, 'Title').value).toBe('Colosseum Tour');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy from Italian' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Overwrite the texts in English?' })).getByRole('button', { name: 'Overwrite' }));

    expect(await screen.findByText('Content copied from Italian successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', `${LIST}/product-1/copy-from-italian`)).toEqual([{ targetLanguages: ['en'] }]);
    expect(field(dialog, 'Title').value).toBe('Tour del Colosseo');
  });

  it('copies from Italian at once into a language with nothing written yet', async () => {
    const { requests } = productsPage([aProduct({ titles: { it: 'Tour del Colosseo' } })]);
    const dialog = await openEdit('Tour del Colosseo');
    showLanguage(dialog, 'English');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy from Italian' }));

    expect(await screen.findByText('Content copied from Italian successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Overwrite the texts in English?' })).toBeNull();
    expect(bodiesOf(requests, 'POST', `${LIST}/product-1/copy-from-italian`)).toEqual([{ targetLanguages: ['en'] }]);
  });

  it('saves a change of duration while an untranslated language is showing, without asking for its title', async () => {
    const { requests } = productsPage([aProduct({ titles: { it: 'Tour del Colosseo' } })]);
    const dialog = await openEdit('Tour del Colosseo');
    showLanguage(dialog, 'English');
    fireEvent.change(field(dialog, 'Duration (hours)'), { target: { value: '4' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-1`)).toEqual([
      expect.objectContaining({ language: 'it', title: 'Tour del Colosseo', durationHours: 4 }),
    ]);
  });
});
