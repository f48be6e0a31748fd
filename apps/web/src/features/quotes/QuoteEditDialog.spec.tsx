import type { QuoteView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aPeriod, aProduct, aQuote, aQuoteDetail, aQuoteItem, gatewayError, json, on, pageOf } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';

const BASE = '/api/tenants/tenant-1';
const QUOTES = `${BASE}/quotes`;
const quote = aQuote();
const QUOTE = `${QUOTES}/${quote.id}`;
const CHANGED = 'This quote was changed by someone else. Reload it to see the changes, then try again.';

async function openEditor(quotes: QuoteView[], handlers: Parameters<typeof renderTenantPage>[1] = []) {
  const page = renderTenantPage('/sole/quotes', [
    ...handlers,
    (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf(quotes) : undefined),
    on('GET', `${BASE}/customers`, () => json([aCustomer(), aCustomer({ id: 'customer-2', name: 'Hotel Bellavista' })])),
  ]);
  await screen.findByText('#A1B2C3');
  fireEvent.click(within(screen.getByText('#A1B2C3').closest('tr') as HTMLElement).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Quote #A1B2C3' });
  await waitFor(() => expect((within(dialog).getByLabelText('Customer') as HTMLSelectElement).value).toBe('customer-1'));
  return { ...page, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

afterEach(() => jest.restoreAllMocks());

describe('simple quote editor', () => {
  it('shows the quote and saves its changes with the version it was read at, the total only when changed', async () => {
    const { dialog, requests } = await openEditor([quote], [on('PUT', QUOTE, (request) => json(aQuoteDetail({ ...JSON.parse(request.body), version: 4 })))]);

    expect(field(dialog, 'Subject').value).toBe('Gita di primavera');
    expect(field(dialog, 'Service Date').value).toBe('2025-05-15');
    expect(field(dialog, 'Start Time').value).toBe('09:30');
    expect(field(dialog, 'End Time').value).toBe('');
    expect(field(dialog, 'Totale IVA incl. (€)').value).toBe('365.00');
    const status = within(dialog).getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((option) => option.text)).toEqual(['Pending', 'Confirmed', 'Cancelled']);

    fireEvent.change(field(dialog, 'Customer'), { target: { value: 'customer-2' } });
    fireEvent.change(field(dialog, 'End Time'), { target: { value: '12:00' } });
    fireEvent.change(status, { target: { value: 'cancelled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(bodiesOf(requests, 'PUT', QUOTE)).toEqual([
      {
        customerId: 'customer-2',
        subject: 'Gita di primavera',
        serviceDate: '2025-05-15',
        serviceStartTime: '2025-05-15T09:30:00',
        estimatedEndTime: '2025-05-15T12:00:00',
        status: 'cancelled',
        version: 3,
      },
    ]);
  });

  it('sends a total typed by hand and clears an emptied time', async () => {
    const { dialog, requests } = await openEditor([quote], [on('PUT', QUOTE, () => json(aQuoteDetail({ version: 4 })))]);

    fireEvent.change(field(dialog, 'Totale IVA incl. (€)'), { target: { value: '400.5' } });
    fireEvent.change(field(dialog, 'Start Time'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Quote updated successfully');
    expect(bodiesOf(requests, 'PUT', QUOTE)[0]).toEqual(expect.objectContaining({ totalAmount: '400.5', serviceStartTime: null }));
  });

  it('checks the service date and the total before saving', async () => {
    const { dialog, requests } = await openEditor([quote]);

    fireEvent.change(field(dialog, 'Service Date'), { target: { value: '' } });
    fireEvent.change(field(dialog, 'Totale IVA incl. (€)'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(within(dialog).getByText('Service date is required')).toBeTruthy();
    expect(within(dialog).getByText('Total amount must be at least 0 with at most 2 decimals')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("keeps a waiting quote's status on offer", async () => {
    const { dialog } = await openEditor([aQuote({ status: 'waiting' })]);
    expect([...(within(dialog).getByLabelText('Status') as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Pending',
      'Confirmed',
      'Cancelled',
      'Waiting',
    ]);
  });

  it('says when someone else changed the quote, and reloads it to try again', async () => {
    let refuse = true;
    const { dialog, requests } = await openEditor(
      [quote],
      [
        on('PUT', QUOTE, () => (refuse ? gatewayError(409, CHANGED, 'Conflict', 'QUOTE_CHANGED') : json(aQuoteDetail({ version: 6 })))),
        on('GET', QUOTE, () => json(aQuoteDetail({ subject: 'Gita di fine anno', version: 5 }))),
      ],
    );

    fireEvent.change(field(dialog, 'Subject'), { target: { value: 'Gita' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update quote')).toBeTruthy();
    const alert = within(dialog).getByText(CHANGED).closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(field(dialog, 'Subject').value).toBe('Gita di fine anno'));
    expect(within(dialog).queryByText(CHANGED)).toBeNull();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', QUOTE).map((body) => (body as { version: number }).version)).toEqual([3, 5]);
  });
});

describe('simple quote editor, what it says', () => {
  const colosseo = aProduct({ vatRateId: 'vat-22', availability: [aPeriod({ startDate: '2025-04-01', endDate: '2025-06-30' })] });
  const withLines = [
    on('GET', QUOTE, () => json(aQuoteDetail({ items: [aQuoteItem()] }))),
    on('GET', `${BASE}/products`, () => json([colosseo])),
  ];

  it('shows the quote number and who created it', async () => {
    const { dialog } = await openEditor([aQuote({ number: '2025/0007', createdById: 'user-1', createdByName: 'Mario Rossi' })]);
    expect(within(dialog).getByText('N. 2025/0007 · Creato da Mario Rossi')).toBeTruthy();
  });

  it('says the total includes VAT and replaces the document total when set by hand, and goes back to the automatic one', async () => {
    const { dialog, requests } = await openEditor(
      [aQuote({ totalAmount: '150.00', totalSetByHand: true })],
      [...withLines, on('PUT', QUOTE, () => json(aQuoteDetail({ version: 4 })))],
    );
    const total = field(dialog, 'Totale IVA incl. (€)');
    expect(total.value).toBe('150.00');
    // € 365,00 + IVA 22%
    expect(await within(dialog).findByText('Impostato a mano diventa il totale del documento · Automatico: € 445,30')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Usa il totale automatico' }));
    expect(total.value).toBe('445.30');
    expect(within(dialog).queryByRole('button', { name: 'Usa il totale automatico' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Quote updated successfully');
    expect(bodiesOf(requests, 'PUT', QUOTE)[0]).toEqual(expect.objectContaining({ totalAmount: '445.30' }));
  });

  it('warns when a new service date leaves lines without a price, and asks before saving it', async () => {
    const { dialog, requests } = await openEditor([quote], [...withLines, on('PUT', QUOTE, () => json(aQuoteDetail({ version: 4 })))]);
    await waitFor(() => expect(requests.some((request) => request.path === `${BASE}/products`)).toBe(true));
    fireEvent.change(field(dialog, 'Service Date'), { target: { value: '2025-08-01' } });

    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Non disponibile in questa data: Tour del Colosseo\./);
    expect(within(dialog).getByText('La data del servizio è già passata')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const question = await screen.findByRole('dialog', { name: 'Prodotti senza prezzo in questa data' });
    fireEvent.click(within(question).getByRole('button', { name: 'Conferma comunque' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', QUOTE)[0]).toEqual(expect.objectContaining({ serviceDate: '2025-08-01' }));
  });

  it('asks before Escape throws away a change, and clears the message of a field made valid', async () => {
    const { dialog } = await openEditor([quote]);
    fireEvent.change(field(dialog, 'Service Date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Service date is required')).toBeTruthy();
    fireEvent.change(field(dialog, 'Service Date'), { target: { value: '2025-05-20' } });
    expect(within(dialog).queryByText('Service date is required')).toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    const question = await screen.findByRole('dialog', { name: 'Scartare le modifiche?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});
