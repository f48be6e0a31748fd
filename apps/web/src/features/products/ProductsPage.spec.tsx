import type { AvailabilityView, ProductView } from '@quotebook/contracts';
import { todayIn } from '@quotebook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aPeriod, aProduct, aTag, aVatRate, gatewayError, json, on } from '../../test/gateway-stub';
import { answerDeleteConfirmation } from '../../test/confirm';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { resetViewport, setViewportWidth } from '../../test/viewport';

const BASE = '/api/tenants/tenant-1';
const LIST = `${BASE}/products`;
const tags = [
  aTag({ id: 'tag-art', name: 'Arte e cultura', targetType: 'product' }),
  aTag({ id: 'tag-sea', name: 'Mare', targetType: 'product' }),
  aTag({ id: 'tag-vip', name: 'VIP', targetType: 'customer' }),
];
const colosseum = aProduct({
  titles: { it: 'Tour del Colosseo', en: 'Colosseum Tour' },
  subtitles: { it: 'Con guida' },
  tagIds: ['tag-art'],
  currentPrice: '45.00',
  availability: [aPeriod({ id: 'p2', startDate: '2025-07-01', endDate: '2025-09-30' }), aPeriod({ id: 'p1' })],
});
const boat = aProduct({ id: 'product-2', code: 'ZZ99XY', titles: { en: 'Boat trip' }, tagIds: ['tag-sea'], durationHours: 0, durationMinutes: 45 });

/** A period containing today in the agency's time zone: the one the list prices from. */
const TODAY = todayIn();
const todaysPeriod = (overrides: Partial<AvailabilityView> = {}) => aPeriod({ id: 'p-today', startDate: TODAY, endDate: TODAY, ...overrides });

const tagList = on('GET', `${BASE}/tags`, () => json(tags));
const vatRates = on('GET', `${BASE}/vat-rates`, () => json([aVatRate()]));

function rowOf(text: string): HTMLElement {
  return screen.getAllByText(text)[0].closest('tr') as HTMLElement;
}

async function findRow(text: string): Promise<HTMLElement> {
  await screen.findAllByText(text);
  return rowOf(text);
}

afterEach(() => {
  jest.restoreAllMocks();
  resetViewport();
});

describe('products page', () => {
  it('shows code, title, tags, duration and current price from two list calls', async () => {
    const priced = { ...colosseum, availability: [...colosseum.availability, todaysPeriod()] };
    const { requests } = renderTenantPage('/sole/products', [on('GET', LIST, () => json([priced, boat])), tagList, vatRates]);

    const first = await findRow('Tour del Colosseo');
    expect(within(first).getByText('AB12CD')).toBeTruthy();
    expect(within(first).getByText('Con guida')).toBeTruthy();
    expect(within(first).getByText('Arte e cultura')).toBeTruthy();
    expect(within(first).getByText('2h 30m')).toBeTruthy();
    expect(within(first).getByText('€ 45,00 per person')).toBeTruthy();
    const second = rowOf('ZZ99XY');
    expect(within(second).getAllByText('ZZ99XY')).toHaveLength(2);
    expect(within(second).getByText('45m')).toBeTruthy();
    expect(within(second).getByText('N/A')).toBeTruthy();

    // the page's own calls: the frame's notification bell is not the page's
    const apiPaths = requests.map((request) => request.path).filter((path) => path.startsWith(`${BASE}/`) && path !== `${BASE}/notifications`);
    expect(apiPaths.sort()).toEqual([`${BASE}/products`, `${BASE}/tags`]);
  });

  it.each([
    [{ costPerPerson: '45.50', hasFlatRate: true, flatRate: '100.00', hasMinParticipants: true, minParticipants: 2 }, '€ 45,50 per person + € 100,00 flat rate, min. 2 participants'],
    [{ hasCostPerPerson: false, costPerPerson: null, hasFlatRate: true, flatRate: '250.00' }, '€ 250,00 flat rate'],
    [{ costPerPerson: '30.00', hasAdditionalCosts: true, additionalCosts: '1234.50' }, '€ 30,00 per person + € 1.234,50 additional costs'],
    [{ hasCostPerPerson: true, costPerPerson: '0.00' }, 'N/A'],
  ])("shows what a person pays today, every amount labelled: %j → '%s'", async (period, shown) => {
    renderTenantPage('/sole/products', [on('GET', LIST, () => json([{ ...colosseum, availability: [todaysPeriod(period)] }])), tagList]);

    expect(within(await findRow('Tour del Colosseo')).getByText(shown)).toBeTruthy();
  });

  it('shows products as cards with every action on a 390 px wide screen', async () => {
    setViewportWidth(390);
    renderTenantPage('/sole/products', [on('GET', LIST, () => json([{ ...colosseum, availability: [todaysPeriod()] }, boat])), tagList]);

    const card = await screen.findByRole('article', { name: 'Tour del Colosseo' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Current Price')).toBeTruthy();
    expect(within(card).getByText('€ 45,00 per person')).toBeTruthy();
    expect(['Availability', 'Edit', 'Delete'].map((name) => within(card).getByRole('button', { name }))).toHaveLength(3);
    expect(screen.getByRole('article', { name: 'ZZ99XY' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Availability' }));
    expect(screen.getByRole('dialog', { name: 'Availability: Tour del Colosseo' })).toBeTruthy();
  });

  it('searches titles in every language and filters by product tag', async () => {
    renderTenantPage('/sole/products', [on('GET', LIST, () => json([colosseum, boat])), tagList]);
    await screen.findByText('Tour del Colosseo');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'colosseum' } });
    expect(screen.queryByText('ZZ99XY')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'boat' } });
    expect(screen.queryByText('Tour del Colosseo')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });

    const filter = screen.getByLabelText('Tag') as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual(['All Tags', 'Arte e cultura', 'Mare']);
    fireEvent.change(filter, { target: { value: 'tag-art' } });
    expect(screen.getByText('Tour del Colosseo')).toBeTruthy();
    expect(screen.queryByText('ZZ99XY')).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    renderTenantPage('/sole/products', [on('GET', LIST, () => gatewayError(503, 'catalogue did not answer')), tagList]);
    expect(await screen.findByText('Failed to load products')).toBeTruthy();
  });

  it('creates a product in Italian with its tags', async () => {
    const products: ProductView[] = [];
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', LIST, () => json(products)),
      on('POST', LIST, (request) => {
        const body = JSON.parse(request.body);
        products.push(aProduct({ id: 'product-9', code: 'NEW001', titles: { it: body.title }, tagIds: [] }));
        return json(products[0], 201);
      }),
      on('PUT', `${LIST}/product-9/tags`, (request) => {
        products[0] = { ...products[0], tagIds: JSON.parse(request.body).tagIds };
        return json({ tagIds: products[0].tagIds });
      }),
      tagList,
      vatRates,
    ]);
    expect(await screen.findByText('No products yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByRole('button', { name: 'Italiano' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).queryByRole('button', { name: 'Copy from Italian' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Giro in barca' } });
    fireEvent.change(within(dialog).getByLabelText('Duration (hours)'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Duration (minutes)'), { target: { value: '15' } });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Aliquota ordinaria (22,00%)' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('VAT Rate'), { target: { value: 'vat-22' } });
    expect(within(dialog).queryByLabelText('VIP')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Mare'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', LIST)).toEqual([
      {
        language: 'it',
        title: 'Giro in barca',
        subtitle: null,
        shortDescription: null,
        extendedDescription: null,
        durationHours: 3,
        durationMinutes: 15,
        vatRateId: 'vat-22',
        tenantId: 'tenant-1',
      },
    ]);
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-9/tags`)).toEqual([{ tagIds: ['tag-sea'] }]);
    await waitFor(() => expect(within(rowOf('Giro in barca')).getByText('Mare')).toBeTruthy());
  });

  it("shows 'Failed to create product' with the server's reasons", async () => {
    renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([])),
      on('POST', LIST, () => gatewayError(400, ['Title is required', 'language en is not enabled for this agency'])),
      tagList,
      vatRates,
    ]);
    await screen.findByText('No products yet');

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Failed to create product')).toBeTruthy();
    expect(screen.getByText('Title is required, language en is not enabled for this agency')).toBeTruthy();
  });

  it('edits the English texts: the switch reloads them, copy from Italian fills them', async () => {
    const product = aProduct({ titles: { it: 'Tour del Colosseo' }, subtitles: { it: 'Con guida' } });
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([product])),
      on('POST', `${LIST}/product-1/copy-from-italian`, () =>
        json({ ...product, titles: { it: 'Tour del Colosseo', en: 'Tour del Colosseo' }, subtitles: { it: 'Con guida', en: 'Con guida' } }),
      ),
      on('PUT', `${LIST}/product-1`, () => json(product)),
      tagList,
      vatRates,
    ]);
    fireEvent.click(within(await findRow('Tour del Colosseo')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product: AB12CD' });
    const title = () => (within(dialog).getByLabelText('Title') as HTMLInputElement).value;
    expect(title()).toBe('Tour del Colosseo');
    expect(within(dialog).queryByRole('button', { name: 'Copy from Italian' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'English' }));
    expect(title()).toBe('');
    expect(within(dialog).getByText('Texts in English')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy from Italian' }));
    expect(await screen.findByText('Content copied from Italian successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', `${LIST}/product-1/copy-from-italian`)).toEqual([{ targetLanguages: ['en'] }]);
    expect(title()).toBe('Tour del Colosseo');
    expect((within(dialog).getByLabelText('Subtitle') as HTMLInputElement).value).toBe('Con guida');

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Colosseum Tour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Italiano' }));
    // the unsaved English title is dropped only once the user agrees
    const discard = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(discard).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(title()).toBe('Tour del Colosseo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'English' }));
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Colosseum Tour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${LIST}/product-1`)).toEqual([
      expect.objectContaining({ language: 'en', title: 'Colosseum Tour', subtitle: 'Con guida' }),
    ]);
  });

  it("reports 'Failed to copy content from Italian'", async () => {
    renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([colosseum])),
      on('POST', `${LIST}/product-1/copy-from-italian`, () => gatewayError(503, 'catalogue did not answer')),
      tagList,
      vatRates,
    ]);
    fireEvent.click(within(await findRow('Tour del Colosseo')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product: AB12CD' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'English' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy from Italian' }));
    // the English texts exist: replacing them is asked first
    const overwrite = await screen.findByRole('dialog', { name: 'Overwrite the texts in English?' });
    fireEvent.click(within(overwrite).getByRole('button', { name: 'Overwrite' }));

    expect(await screen.findByText('Failed to copy content from Italian')).toBeTruthy();
  });

  it('deletes a product after a confirmation naming it, which starts on Cancel', async () => {
    renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([colosseum])),
      on('DELETE', `${LIST}/product-1`, () => new Response(null, { status: 204 })),
      tagList,
    ]);
    fireEvent.click(within(await findRow('Tour del Colosseo')).getByRole('button', { name: 'Delete' }));

    await answerDeleteConfirmation(
      "Delete product 'Tour del Colosseo'?",
      'Are you sure you want to delete this product? This action cannot be undone.',
      'Delete',
    );
    expect(await screen.findByText('Product deleted successfully')).toBeTruthy();
  });
});

describe('availability dialog', () => {
  it('lists the periods in date order and adds one, showing value fields only when ticked', async () => {
    let periods: AvailabilityView[] = [aPeriod({ id: 'p2', startDate: '2025-07-01', endDate: '2025-09-30' }), aPeriod({ id: 'p1' })];
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([{ ...colosseum, availability: periods }])),
      on('POST', `${LIST}/product-1/availability`, (request) => {
        const created = aPeriod({ ...JSON.parse(request.body), id: 'p3' });
        periods = [...periods, created];
        return json(created, 201);
      }),
      tagList,
    ]);
    fireEvent.click(within(await findRow('Tour del Colosseo')).getByRole('button', { name: 'Availability' }));

    const dialog = screen.getByRole('dialog', { name: 'Availability: Tour del Colosseo' });
    const items = within(within(dialog).getByRole('list', { name: 'Availability periods' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['01/04/2025 – 30/06/2025', '01/07/2025 – 30/09/2025']);
    expect(within(items[0]).getByText('€ 45,00 per person · VAT excluded')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Period' }));
    const form = screen.getByRole('dialog', { name: 'Add Availability Period' });
    expect(within(form).queryByLabelText('Cost per person (€)')).toBeNull();
    expect(within(form).queryByLabelText('Min. participants')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Create Period' }));
    expect(within(form).getByText('Start date is required')).toBeTruthy();
    expect(within(form).getByText('End date is required')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Start Date'), { target: { value: '2025-10-01' } });
    fireEvent.change(within(form).getByLabelText('End Date'), { target: { value: '2025-12-31' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Cost per person' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Minimum participants' }));
    fireEvent.change(within(form).getByLabelText('Cost per person (€)'), { target: { value: '39.90' } });
    fireEvent.change(within(form).getByLabelText('Min. participants'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Period' }));
    expect(within(form).getByText('Minimum participants must be a whole number of at least 1')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Min. participants'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Flat rate' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Flat rate' }));
    expect(within(form).queryByLabelText('Flat rate (€)')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Create Period' }));

    expect(await screen.findByText('Availability period created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', `${LIST}/product-1/availability`)).toEqual([
      {
        startDate: '2025-10-01',
        endDate: '2025-12-31',
        hasMinParticipants: true,
        minParticipants: 4,
        hasCostPerPerson: true,
        costPerPerson: '39.90',
        hasFlatRate: false,
        flatRate: null,
        hasAdditionalCosts: false,
        additionalCosts: null,
        priceIncludesVat: false,
        supplierCostPerPerson: null,
        supplierCostPerBooking: null,
        freePlacesCount: null,
        freePlacesEvery: null,
      },
    ]);
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));
  });

  it("keeps the form open and shows the server's reason when periods overlap", async () => {
    renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([colosseum])),
      on('PUT', `${LIST}/product-1/availability/p1`, () =>
        gatewayError(409, 'This period overlaps another period of the product (01/07/2025 – 30/09/2025)', 'Conflict'),
      ),
      tagList,
    ]);
    fireEvent.click(within(await findRow('Tour del Colosseo')).getByRole('button', { name: 'Availability' }));
    const dialog = screen.getByRole('dialog', { name: 'Availability: Tour del Colosseo' });
    fireEvent.click(within(within(dialog).getByRole('listitem', { name: '01/04/2025 – 30/06/2025' })).getByRole('button', { name: 'Edit period' }));

    const form = screen.getByRole('dialog', { name: 'Edit Availability Period' });
    expect((within(form).getByLabelText('Cost per person (€)') as HTMLInputElement).value).toBe('45.00');
    fireEvent.change(within(form).getByLabelText('End Date'), { target: { value: '2025-07-15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update availability period')).toBeTruthy();
    expect(screen.getByText('This period overlaps another period of the product (01/07/2025 – 30/09/2025)')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Availability Period' })).toBeTruthy();
  });

  it('deletes a period after a confirmation naming it, which starts on Cancel', async () => {
    const { requests } = renderTenantPage('/sole/products', [
      on('GET', LIST, () => json([colosseum])),
      on('DELETE', `${LIST}/product-1/availability/p2`, () => new Response(null, { status: 204 })),
      tagList,
    ]);
    fireEvent.click(within(await findRow('Tour del Colosseo')).getByRole('button', { name: 'Availability' }));
    const dialog = screen.getByRole('dialog', { name: 'Availability: Tour del Colosseo' });
    fireEvent.click(within(within(dialog).getByRole('listitem', { name: '01/07/2025 – 30/09/2025' })).getByRole('button', { name: 'Delete period' }));

    await answerDeleteConfirmation(
      "Delete availability period '01/07/2025 – 30/09/2025'?",
      'Are you sure you want to delete this availability period? This action cannot be undone.',
      'Delete',
    );

    expect(await screen.findByText('Availability period deleted successfully')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `${LIST}/product-1/availability/p2`,
    ]);
  });
});
