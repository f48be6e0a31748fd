import { addDays, todayIn } from '@quotebook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aPeriod, aPriceList, aProduct, aQuoteDetail, aVatRate, gatewayError, json, on, pageOf, type GatewayHandler } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { resetViewport, setViewportWidth } from '../../test/viewport';
import { createQuoteRequest, quoteCreateForm, validateQuoteCreate } from './quote-create-form';

const BASE = '/api/tenants/tenant-1';
const QUOTES = `${BASE}/quotes`;

/** € 25 per person for at least 10, € 100 flat and € 15 additional: 4 people pay € 365, 12 pay € 415. */
const colosseo = aProduct({
  vatRateId: 'vat-22',
  availability: [
    aPeriod({
      startDate: '2025-04-01',
      endDate: '2025-06-30',
      hasMinParticipants: true,
      minParticipants: 10,
      costPerPerson: '25.00',
      hasFlatRate: true,
      flatRate: '100.00',
      hasAdditionalCosts: true,
      additionalCosts: '15.00',
    }),
  ],
});
const boat = aProduct({
  id: 'product-2',
  code: 'ZZ99YY',
  titles: {},
  availability: [aPeriod({ id: 'period-2', productId: 'product-2', costPerPerson: '10.00', priceIncludesVat: true })],
});
const dante = aCustomer();
const hotel = aCustomer({ id: 'customer-2', name: 'Hotel Bellavista', priceListId: 'pl-1' });

function catalogue(): GatewayHandler[] {
  return [
    (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf([], 0) : undefined),
    on('GET', `${BASE}/customers`, () => json([dante, hotel])),
    on('GET', `${BASE}/products`, () => json([colosseo, boat])),
    on('GET', `${BASE}/price-lists`, () => json([aPriceList({ id: 'pl-1', name: 'Scuole 2025', reductionPercentage: '10.00' })])),
    on('GET', `${BASE}/vat-rates`, () => json([aVatRate()])),
  ];
}

async function openCreateDialog(handlers: GatewayHandler[] = []) {
  const page = renderTenantPage('/sole/quotes', [...handlers, ...catalogue()]);
  fireEvent.click(await screen.findByRole('button', { name: 'Add Quote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Quote' });
  await within(dialog).findByRole('checkbox', { name: 'Tour del Colosseo' });
  await waitFor(() => expect((within(dialog).getByLabelText('Customer') as HTMLSelectElement).options.length).toBeGreaterThan(1));
  return { ...page, dialog };
}

/** A chosen product's row in the table of the quote's lines. */
const productRow = (dialog: HTMLElement, title: string) => within(within(dialog).getByRole('table', { name: 'Chosen products' })).getByRole('row', { name: title });

afterEach(() => {
  jest.restoreAllMocks();
  resetViewport();
});

const OUT_OF_SEASON = 'Non disponibile in questa data';
const choose = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('quote creation form', () => {
  it('expires 30 days from today and asks for a customer, a service date and a product', () => {
    expect(quoteCreateForm('2025-12-15').expiryDate).toBe('2026-01-14');
    expect(validateQuoteCreate(quoteCreateForm('2025-12-15'), '2025-12-15')).toEqual({
      customerId: 'Customer is required',
      serviceDate: 'Service date is required',
      products: 'Please select at least one product',
    });
  });

  it('starts the service at 09:00 without a start time, sends the end time only when given, with seconds', () => {
    const values = { ...quoteCreateForm('2025-04-01'), customerId: 'c', serviceDate: '2025-05-15', products: [{ productId: 'p', quantity: 2 }] };
    expect(createQuoteRequest(values)).toEqual({
      customerId: 'c',
      subject: null,
      serviceDate: '2025-05-15',
      serviceStartTime: '2025-05-15T09:00:00',
      expiryDate: '2025-05-01',
      status: 'pending',
      items: [{ productId: 'p', quantity: 2 }],
    });
    expect(createQuoteRequest({ ...values, startTime: '14:30', endTime: '17:00' })).toEqual(
      expect.objectContaining({ serviceStartTime: '2025-05-15T14:30:00', estimatedEndTime: '2025-05-15T17:00:00' }),
    );
    expect(validateQuoteCreate({ ...values, endTime: '08:30' }, '2025-04-01')).toEqual({ endTime: 'End time must be after the start time' });
    // the expiry may be today, not before
    expect(validateQuoteCreate({ ...values, expiryDate: '2025-04-01' }, '2025-04-01')).toEqual({});
    expect(validateQuoteCreate({ ...values, expiryDate: '2025-03-31' }, '2025-04-01')).toEqual({ expiryDate: 'Expiry date cannot be before today' });
  });
});

describe('quote creation dialog', () => {
  it('refuses to create a quote without a customer, a service date or a product', async () => {
    const { dialog, requests } = await openCreateDialog();
    expect((within(dialog).getByLabelText('Expiry Date') as HTMLInputElement).value).toBe(addDays(todayIn(), 30));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));

    expect(within(dialog).getByText('Customer is required')).toBeTruthy();
    expect(within(dialog).getByText('Service date is required')).toBeTruthy();
    expect(within(dialog).getByText('Please select at least one product')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('prices the chosen products live and creates the quote with them in one call, the service at 09:00', async () => {
    const created = aQuoteDetail({ id: 'quote-new' });
    const { dialog, requests } = await openCreateDialog([on('POST', QUOTES, () => json(created, 201))]);

    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: 'customer-1' } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: ' Gita di primavera ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    const colosseoRow = productRow(dialog, 'Tour del Colosseo');
    expect(within(colosseoRow).queryByRole('group', { name: 'Price' })).toBeNull();
    expect(within(dialog).getByText('Set the service date to see the prices.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Service Date'), { target: { value: '2025-05-15' } });
    // fewer than the minimum pay for the minimum, and the line says so
    expect(within(colosseoRow).getByRole('group', { name: 'Price' }).textContent).toBe(
      '€ 365,00automatic price+ IVA 22%Totale IVA incl. € 445,30 (Imponibile € 365,00, IVA € 80,30)',
    );
    expect(within(colosseoRow).getByText('minimo 10 partecipanti: addebitati 10')).toBeTruthy();
    fireEvent.change(within(colosseoRow).getByLabelText('Quantity'), { target: { value: '12' } });
    expect(within(colosseoRow).getByRole('group', { name: 'Price' }).textContent).toBe(
      '€ 415,00automatic price+ IVA 22%Totale IVA incl. € 506,30 (Imponibile € 415,00, IVA € 91,30)',
    );
    expect(within(colosseoRow).queryByText(/minimo/)).toBeNull();

    // a product without an Italian title goes by its code; its period includes VAT
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ZZ99YY' }));
    const boatRow = productRow(dialog, 'ZZ99YY');
    expect(within(boatRow).getByRole('group', { name: 'Price' }).textContent).toBe('€ 10,00automatic priceIVA inclusaTotale IVA incl. € 10,00 (Imponibile € 10,00, IVA € 0,00)');
    expect(within(dialog).getByText('Totale IVA incl.: € 516,30')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));

    expect(await screen.findByText('Quote created successfully')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(bodiesOf(requests, 'POST', QUOTES)).toEqual([
      {
        customerId: 'customer-1',
        subject: 'Gita di primavera',
        serviceDate: '2025-05-15',
        serviceStartTime: '2025-05-15T09:00:00',
        expiryDate: addDays(todayIn(), 30),
        status: 'pending',
        items: [
          { productId: 'product-1', quantity: 12 },
          { productId: 'product-2', quantity: 1 },
        ],
        tenantId: 'tenant-1',
      },
    ]);
  });

  it("shows the customer's price list reducing the prices", async () => {
    const { dialog } = await openCreateDialog();

    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: 'customer-2' } });
    fireEvent.change(within(dialog).getByLabelText('Service Date'), { target: { value: '2025-05-15' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));

    expect(within(productRow(dialog, 'Tour del Colosseo')).getByText('€ 328,50')).toBeTruthy();
    expect(within(dialog).getByText("Prices reduced by the price list 'Scuole 2025'")).toBeTruthy();
  });

  it('keeps quantities from 1 to 999 and says so: a typed number above is ignored, one below becomes 1', async () => {
    const { dialog } = await openCreateDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    const stepper = within(productRow(dialog, 'Tour del Colosseo')).getByRole('group', { name: 'Quantity of Tour del Colosseo' });
    const quantity = within(stepper).getByLabelText('Quantity') as HTMLInputElement;
    const minus = within(stepper).getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const plus = within(stepper).getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;

    const hint = () => within(stepper).getByText(/max 999|Massimo 999|Minimo 1/).textContent;
    expect(quantity.value).toBe('1');
    expect(hint()).toBe('max 999');
    expect(minus.disabled).toBe(true);
    fireEvent.click(plus);
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: '999' } });
    expect(plus.disabled).toBe(true);
    fireEvent.change(quantity, { target: { value: '1000' } });
    expect(quantity.value).toBe('999');
    expect(hint()).toBe('Massimo 999');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(minus);
    expect(hint()).toBe('max 999');
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(quantity.value).toBe('1');
    expect(hint()).toBe('Minimo 1');
    fireEvent.change(quantity, { target: { value: '-5' } });
    expect(quantity.value).toBe('1');
    fireEvent.change(quantity, { target: { value: '' } });
    expect(quantity.value).toBe('');
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('1');
  });

  it('finds products by title or code', async () => {
    const { dialog } = await openCreateDialog();
    fireEvent.change(within(dialog).getByLabelText('Search products'), { target: { value: 'zz99' } });

    expect(within(dialog).queryByRole('checkbox', { name: 'Tour del Colosseo' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'ZZ99YY' })).toBeTruthy();
  });

  it("says 'Failed to create quote' with the server's reason, and keeps the dialog open", async () => {
    const { dialog } = await openCreateDialog([on('POST', QUOTES, () => gatewayError(400, ['items[0].productId must be a product of this tenant']))]);
    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: 'customer-1' } });
    fireEvent.change(within(dialog).getByLabelText('Service Date'), { target: { value: '2025-05-15' } });
    fireEvent.change(within(dialog).getByLabelText('Start Time'), { target: { value: '10:15' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));

    expect(await screen.findByText('Failed to create quote')).toBeTruthy();
    expect(screen.getByText('items[0].productId must be a product of this tenant')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });
});

describe('quote creation dialog, what it warns of and explains', () => {
  it('marks a product without a price on the service date, and asks before creating the quote with it', async () => {
    const { dialog, requests } = await openCreateDialog([on('POST', QUOTES, () => json(aQuoteDetail({ id: 'quote-new' }), 201))]);
    choose(dialog, 'Customer', 'customer-1');
    choose(dialog, 'Service Date', '2025-09-01');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));

    const row = productRow(dialog, 'Tour del Colosseo');
    expect(within(row).getByText(OUT_OF_SEASON)).toBeTruthy();
    // no silent € 0,00
    expect(within(row).getByRole('group', { name: 'Price' }).textContent).toBe('Prezzo da definire' + 'automatic price+ IVA 22%');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));
    let question = await screen.findByRole('dialog', { name: 'Prodotti senza prezzo in questa data' });
    expect(within(question).getByText(/Non disponibile in questa data: Tour del Colosseo\./)).toBeTruthy();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Torna indietro e imposta un prezzo' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Torna indietro e imposta un prezzo' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));
    question = await screen.findByRole('dialog', { name: 'Prodotti senza prezzo in questa data' });
    fireEvent.click(within(question).getByRole('button', { name: 'Conferma comunque' }));
    expect(await screen.findByText('Quote created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', QUOTES)).toHaveLength(1);
  });

  it('warns when a new service date leaves chosen products without a price', async () => {
    const { dialog } = await openCreateDialog();
    choose(dialog, 'Service Date', '2025-05-15');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ZZ99YY' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    choose(dialog, 'Service Date', '2025-08-01');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Non disponibile in questa data: Tour del Colosseo, ZZ99YY. Il prezzo è da definire: imposta un prezzo a mano o scegli un'altra data.",
    );
    expect(within(productRow(dialog, 'ZZ99YY')).getByText(OUT_OF_SEASON)).toBeTruthy();
  });

  it('clears a message as soon as its field is valid', async () => {
    const { dialog } = await openCreateDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));
    expect(within(dialog).getByText('Service date is required')).toBeTruthy();
    expect(within(dialog).getByText('Please select at least one product')).toBeTruthy();

    choose(dialog, 'Service Date', addDays(todayIn(), 10));
    expect(within(dialog).queryByText('Service date is required')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    expect(within(dialog).queryByText('Please select at least one product')).toBeNull();
    choose(dialog, 'Customer', 'customer-1');
    expect(within(dialog).queryByText('Customer is required')).toBeNull();
  });

  it('offers no expiry before today and refuses one typed; warns of a service date in the past without refusing it', async () => {
    const { dialog, requests } = await openCreateDialog([on('POST', QUOTES, () => json(aQuoteDetail({ id: 'quote-new' }), 201))]);
    const today = todayIn();
    expect((within(dialog).getByLabelText('Expiry Date') as HTMLInputElement).min).toBe(today);

    choose(dialog, 'Customer', 'customer-1');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ZZ99YY' }));
    choose(dialog, 'Service Date', addDays(today, -1));
    expect(within(dialog).getByText('La data del servizio è già passata')).toBeTruthy();
    choose(dialog, 'Expiry Date', addDays(today, -1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));
    expect(within(dialog).getByText('Expiry date cannot be before today')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    choose(dialog, 'Expiry Date', today);
    expect(within(dialog).queryByText('Expiry date cannot be before today')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));
    // out of season too: confirmed anyway
    fireEvent.click(await screen.findByRole('button', { name: 'Conferma comunque' }));
    expect(await screen.findByText('Quote created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', QUOTES)[0]).toEqual(expect.objectContaining({ serviceDate: addDays(today, -1), expiryDate: today }));
  });

  it('asks before Escape or Cancel throw away what was typed, and lets the browser ask before a reload', async () => {
    const listen = jest.spyOn(window, 'addEventListener');
    const unloadListeners = () => listen.mock.calls.filter(([type]) => type === 'beforeunload').length;
    const { dialog } = await openCreateDialog();
    expect(unloadListeners()).toBe(0);

    choose(dialog, 'Subject', 'Gita');
    expect(unloadListeners()).toBe(1);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    let question = await screen.findByRole('dialog', { name: 'Scartare le modifiche?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Continua a modificare' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect((within(dialog).getByLabelText('Subject') as HTMLInputElement).value).toBe('Gita');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    question = await screen.findByRole('dialog', { name: 'Scartare le modifiche?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('closes at once when nothing was typed', async () => {
    const { dialog } = await openCreateDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Scartare le modifiche?' })).toBeNull();
  });

  it('shows the chosen products first, as a table, with the catalogue below', async () => {
    const { dialog } = await openCreateDialog();
    expect(within(dialog).queryByRole('table', { name: 'Chosen products' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ZZ99YY' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));

    const table = within(dialog).getByRole('table', { name: 'Chosen products' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product', 'Participants', 'Price']);
    // in the order chosen, each with its quantity
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.getAttribute('aria-label'))).toEqual(['ZZ99YY', 'Tour del Colosseo']);
    expect(within(productRow(dialog, 'ZZ99YY')).getByRole('group', { name: 'Quantity of ZZ99YY' })).toBeTruthy();
    const catalogue = within(dialog).getByRole('list', { name: 'Products' });
    expect(table.compareDocumentPosition(catalogue) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps Create Quote on screen on a phone (375 px): the dialog fills it and its buttons stay outside the scrolling content', async () => {
    setViewportWidth(375);
    const { dialog } = await openCreateDialog();
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
    const create = within(dialog).getByRole('button', { name: 'Create Quote' });
    expect(create.closest('.MuiDialogActions-root')).toBeTruthy();
    expect(create.closest('.MuiDialogContent-root')).toBeNull();
    expect(getComputedStyle(dialog.querySelector('form') as HTMLFormElement).display).toBe('flex');
  });

  it('shows each chosen line on a phone as one block, its participants and price under their names, with no column off screen', async () => {
    setViewportWidth(375);
    const { dialog } = await openCreateDialog();
    choose(dialog, 'Service Date', '2025-05-10');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));

    const table = within(dialog).getByRole('table', { name: 'Chosen products' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product']);
    const row = productRow(dialog, 'Tour del Colosseo');
    expect(within(row).getAllByRole('cell')).toHaveLength(1);
    expect(within(row).getByText('Participants')).toBeTruthy();
    expect(within(row).getByRole('group', { name: 'Quantity of Tour del Colosseo' })).toBeTruthy();
    expect(within(row).getByText('Price')).toBeTruthy();
    expect(within(row).getByRole('group', { name: 'Price' }).textContent).toMatch(/^€ 365,00/);
  });

  it('tells two customers of the same name apart by their e-mail and city, and shows the chosen one\'s under the picker', async () => {
    const { dialog } = await openCreateDialog([
      on('GET', `${BASE}/customers`, () =>
        json([aCustomer({ city: 'Roma' }), aCustomer({ id: 'customer-3', email: 'info@dante-milano.it', city: 'Milano' }), hotel]),
      ),
    ]);
    expect([...(within(dialog).getByLabelText('Customer') as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Select a customer',
      // a name of its own stays as every client picks it
      'Hotel Bellavista',
      'Scuola Dante Alighieri — segreteria@dante.it, Roma',
      'Scuola Dante Alighieri — info@dante-milano.it, Milano',
    ]);
    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: 'customer-3' } });
    expect(within(dialog).getByText('info@dante-milano.it, Milano')).toBeTruthy();
  });
});
