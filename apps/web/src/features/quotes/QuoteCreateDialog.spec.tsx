import { addDays, todayIn } from '@quotebook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aPeriod, aPriceList, aProduct, aQuoteDetail, aVatRate, gatewayError, json, on, pageOf, type GatewayHandler } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
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
  await waitFor(() => expect((within(dialog).getByLabelText('Customer') as HTMLSelectElement).options).toHaveLength(3));
  return { ...page, dialog };
}

const productRow = (dialog: HTMLElement, title: string) => within(within(dialog).getByRole('list', { name: 'Products' })).getByRole('listitem', { name: title });

afterEach(() => jest.restoreAllMocks());

describe('quote creation form', () => {
  it('expires 30 days from today and asks for a customer, a service date and a product', () => {
    expect(quoteCreateForm('2025-12-15').expiryDate).toBe('2026-01-14');
    expect(validateQuoteCreate(quoteCreateForm('2025-12-15'))).toEqual({
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
    expect(validateQuoteCreate({ ...values, endTime: '08:30' })).toEqual({ endTime: 'End time must be after the start time' });
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
    // fewer than the minimum pay for the minimum
    expect(within(colosseoRow).getByRole('group', { name: 'Price' }).textContent).toBe('€ 365,00automatic price+ IVA 22%');
    fireEvent.change(within(colosseoRow).getByLabelText('Quantity'), { target: { value: '12' } });
    expect(within(colosseoRow).getByRole('group', { name: 'Price' }).textContent).toBe('€ 415,00automatic price+ IVA 22%');

    // a product without an Italian title goes by its code; its period includes VAT
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ZZ99YY' }));
    const boatRow = productRow(dialog, 'ZZ99YY');
    expect(within(boatRow).getByRole('group', { name: 'Price' }).textContent).toBe('€ 10,00automatic priceIVA inclusa');
    expect(within(dialog).getByText('Total: € 425,00')).toBeTruthy();

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

  it('keeps quantities from 1 to 999: a typed number above is ignored, one below becomes 1', async () => {
    const { dialog } = await openCreateDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    const stepper = within(productRow(dialog, 'Tour del Colosseo')).getByRole('group', { name: 'Quantity of Tour del Colosseo' });
    const quantity = within(stepper).getByLabelText('Quantity') as HTMLInputElement;
    const minus = within(stepper).getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const plus = within(stepper).getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;

    expect(quantity.value).toBe('1');
    expect(minus.disabled).toBe(true);
    fireEvent.click(plus);
    expect(quantity.value).toBe('2');
    fireEvent.change(quantity, { target: { value: '999' } });
    expect(plus.disabled).toBe(true);
    fireEvent.change(quantity, { target: { value: '1000' } });
    expect(quantity.value).toBe('999');
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(quantity.value).toBe('1');
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
