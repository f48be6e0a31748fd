import type { QuoteView } from '@quotebook/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerDeleteConfirmation } from '../../test/confirm';
import { aCustomer, aLayout, aQuote, aUser, json, on, pageOf, type GatewayHandler, type RecordedRequest } from '../../test/gateway-stub';
import { renderTenantPage } from '../../test/tenant-page';
import { resetViewport, setViewportWidth } from '../../test/viewport';
import { currentMonth, quoteAmount } from './quote-list';

const BASE = '/api/tenants/tenant-1';
const QUOTES = `${BASE}/quotes`;
const customers = [aCustomer(), aCustomer({ id: 'customer-2', name: 'Hotel Bellavista' })];

const pending = aQuote();
const allConfirmed = aQuote({
  id: 'quote-000000000000ff01',
  customerId: 'customer-2',
  customerName: 'Hotel Bellavista',
  subject: null,
  serviceDate: '2025-06-02',
  serviceStartTime: null,
  status: 'confirmed',
  totalAmount: '730.00',
  confirmedTotal: '730.00',
  confirmation: 'all',
  itemCount: 2,
  confirmedItemCount: 2,
  number: '2025/0002',
  createdById: 'user-2',
  createdByName: 'Giulia Bianchi',
  createdAt: '2025-04-02T23:30:00.000Z',
});
/** confirmed with one of its two products: its total is the confirmed product's, VAT included */
const someConfirmed = aQuote({
  id: 'quote-000000000000ff02',
  status: 'confirmed',
  totalAmount: '445.30',
  confirmedTotal: '445.30',
  confirmation: 'some',
  itemCount: 2,
  confirmedItemCount: 1,
});
/** confirmed by hand, without a confirmed product */
const noneConfirmed = aQuote({ id: 'quote-000000000000ff03', status: 'confirmed', totalAmount: '0.00', confirmedTotal: '0.00', confirmation: 'none', confirmedItemCount: 0 });

/** The list answers every GET of the quotes with `reply`, whatever the filters. */
function quotesList(reply: (request: RecordedRequest) => Response | Promise<Response>): GatewayHandler {
  return (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? reply(request) : undefined);
}

const reference = [on('GET', `${BASE}/customers`, () => json(customers))];

function listCalls(requests: RecordedRequest[]): string[] {
  return requests.filter((request) => request.method === 'GET' && request.path.startsWith(`${QUOTES}?`)).map((request) => request.path.slice(QUOTES.length));
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

afterEach(() => {
  jest.restoreAllMocks();
  resetViewport();
});

describe('quote amounts', () => {
  it('show a confirmed quote its total (its confirmed products, VAT included), blue when all are confirmed, red when some', () => {
    expect(quoteAmount(allConfirmed, false)).toEqual({ text: '€ 730,00', confirmation: 'all', hint: 'All products confirmed' });
    expect(quoteAmount(someConfirmed, false)).toEqual({ text: '€ 445,30', confirmation: 'some', hint: 'Some products are not confirmed yet' });
    expect(quoteAmount(noneConfirmed, false)).toEqual({ text: 'No confirmed products' });
    // a confirmed quote without confirmed products, whose consumptions make a total, still says so
    expect(quoteAmount({ ...noneConfirmed, totalAmount: '102.00' }, false)).toEqual({ text: 'No confirmed products' });
    expect(quoteAmount(someConfirmed, true)).toEqual({ text: 'Calculating...' });
  });

  it('show the total set by hand, the same figure as the document', () => {
    expect(quoteAmount({ ...someConfirmed, totalAmount: '400.00', totalSetByHand: true }, false)).toEqual(expect.objectContaining({ text: '€ 400,00' }));
    expect(quoteAmount({ ...pending, totalAmount: '150.00', totalSetByHand: true }, false)).toEqual({ text: '€ 150,00' });
  });

  it('show any other quote its stored total, also while the list is read again', () => {
    expect(quoteAmount(pending, false)).toEqual({ text: '€ 365,00' });
    expect(quoteAmount({ ...pending, status: 'cancelled', totalAmount: '1234.5' }, true)).toEqual({ text: '€ 1.234,50' });
  });

  it("'Mese corrente' runs from the first to the last day of the month", () => {
    expect(currentMonth('2025-02-14')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(currentMonth('2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(currentMonth('2025-12-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('quotes page', () => {
  it('lists a page of quotes with their columns, amounts and the count line, in one call', async () => {
    const { requests } = renderTenantPage('/sole/quotes', [quotesList(() => pageOf([pending, allConfirmed, someConfirmed, noneConfirmed], 4)), ...reference]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Management' })).toBeTruthy();
    await screen.findByText('#00FF01');
    const headers = within(screen.getByRole('table', { name: 'Quote Management' })).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Quote ID', 'Customer', 'Service Date', 'Amount (Totale IVA incl.)', 'Da incassare', 'Status', 'Creato da', 'Created', 'Actions']);
    // a quote from before its creator was recorded
    expect(cellsOf(rowOf('#A1B2C3'))).toEqual(['#A1B2C3', 'Scuola Dante AlighieriGita di primavera', '15/05/2025 alle 09:30', '€ 365,00', '€ 365,00', 'Pending', '—', '01/04/2025', '']);
    // no start time: noon; created just before midnight UTC is the next day in Rome; the short id alone in its cell, the number its tooltip
    expect(within(rowOf('#00FF01')).getByTitle('N. 2025/0002').textContent).toBe('#00FF01');
    expect(cellsOf(rowOf('#00FF01'))).toEqual(['#00FF01', 'Hotel Bellavista', '02/06/2025 alle 12:00', '€ 730,00', '€ 365,00', 'Confirmed', 'Giulia Bianchi', '03/04/2025', '']);
    expect(cellsOf(rowOf('#00FF02'))[3]).toBe('€ 445,30');
    expect(cellsOf(rowOf('#00FF03'))[3]).toBe('No confirmed products');
    expect(screen.getByRole('status').textContent).toBe('Showing 4 of 4 quotes (sorted by service date)');
    expect(listCalls(requests)).toEqual(['?limit=25&offset=0']);
    // no call per row: beside the page, only the creators for the filter
    expect(requests.filter((request) => request.path.startsWith(`${QUOTES}/`)).map((request) => request.path)).toEqual([`${QUOTES}/creators`]);
  });

  it('colours confirmed amounts: blue when every product is confirmed, red when some are not', async () => {
    renderTenantPage('/sole/quotes', [quotesList(() => pageOf([allConfirmed, someConfirmed], 2)), ...reference]);

    const blue = await screen.findByText('€ 730,00');
    const red = within(rowOf('#00FF02')).getByText('€ 445,30');
    expect(blue.getAttribute('title')).toBe('All products confirmed');
    expect(red.getAttribute('title')).toBe('Some products are not confirmed yet');
    expect(getComputedStyle(blue).color).toBe('rgb(31, 95, 168)');
    expect(getComputedStyle(red).color).toBe('rgb(198, 40, 40)');
  });

  it("shows 'Calculating...' for confirmed amounts while the list is read again after a change", async () => {
    let quotes: QuoteView[] = [allConfirmed, pending];
    let answer: (() => void) | null = null;
    renderTenantPage('/sole/quotes', [
      quotesList(() => {
        const reply = pageOf(quotes, quotes.length);
        if (quotes.length === 2) return reply;
        return new Promise<Response>((resolve) => {
          answer = () => resolve(reply);
        });
      }),
      on('DELETE', `${QUOTES}/${pending.id}`, () => {
        quotes = [allConfirmed];
        return new Response(null, { status: 204 });
      }),
      ...reference,
    ]);
    await screen.findByText('#A1B2C3');
    fireEvent.click(within(rowOf('#A1B2C3')).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete quote '#A1B2C3 – Scuola Dante Alighieri'?", 'Are you sure you want to delete this quote? This action cannot be undone.', 'Delete');

    expect(await screen.findByText('Calculating...')).toBeTruthy();
    expect(screen.getByText('Quote deleted successfully')).toBeTruthy();
    act(() => answer?.());
    expect(await screen.findByText('€ 730,00')).toBeTruthy();
    expect(screen.queryByText('Calculating...')).toBeNull();
    expect(screen.queryByText('#A1B2C3')).toBeNull();
  });

  it('sends each filter to the server and starts again from the first page', async () => {
    const { requests } = renderTenantPage('/sole/quotes', [quotesList(() => pageOf([pending], 60)), ...reference]);
    await screen.findByText('#A1B2C3');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls(requests)).toContain('?limit=25&offset=25'));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' 365,00 ' } });
    await waitFor(() => expect(listCalls(requests)).toContain('?search=365%2C00&limit=25&offset=0'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'confirmed' } });
    await waitFor(() => expect(listCalls(requests)).toContain('?search=365%2C00&status=confirmed&limit=25&offset=0'));
    expect([...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All Statuses',
      'Pending',
      'Confirmed',
      'Cancelled',
    ]);
    await waitFor(() => expect((screen.getByLabelText('Customer') as HTMLSelectElement).options).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'customer-2' } });
    fireEvent.change(screen.getByLabelText('Analysis Start Date'), { target: { value: '2025-05-01' } });
    fireEvent.change(screen.getByLabelText('Analysis End Date'), { target: { value: '2025-05-31' } });
    await waitFor(() =>
      expect(listCalls(requests)).toContain('?search=365%2C00&status=confirmed&customerId=customer-2&from=2025-05-01&to=2025-05-31&limit=25&offset=0'),
    );

    // clearing sends no request with a part of the old filters (the first page without filters is read already)
    const before = listCalls(requests).length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(listCalls(requests).slice(before)).toEqual([]);

    const month = currentMonth();
    fireEvent.click(screen.getByRole('button', { name: 'Mese corrente' }));
    expect((screen.getByLabelText('Analysis Start Date') as HTMLInputElement).value).toBe(month.from);
    expect((screen.getByLabelText('Analysis End Date') as HTMLInputElement).value).toBe(month.to);
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`?from=${month.from}&to=${month.to}&limit=25&offset=0`));

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`?from=${month.from}&to=${month.to}&limit=50&offset=0`));
  });

  it('sends the search once the typing pauses, not for every key', async () => {
    const { requests } = renderTenantPage('/sole/quotes', [quotesList(() => pageOf([pending], 1)), ...reference]);
    await screen.findByText('#A1B2C3');

    for (const value of ['d', 'da', 'dan', 'dant', 'dante']) fireEvent.change(screen.getByLabelText('Search'), { target: { value } });
    await waitFor(() => expect(listCalls(requests)).toContain('?search=dante&limit=25&offset=0'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));

    // while filtering, the agency's count is asked once besides: one row, no filter
    expect(listCalls(requests)).toEqual(['?limit=25&offset=0', '?search=dante&limit=25&offset=0', '?limit=1&offset=0']);
  });

  it("counts the quotes matching the filters of the agency's quotes, and keeps the Consolidation card while none match", async () => {
    const { requests } = renderTenantPage('/sole/quotes', [
      quotesList((request) => {
        if (request.path.includes('status=confirmed')) return pageOf([allConfirmed, someConfirmed], 12);
        if (request.path.includes('status=cancelled')) return pageOf([], 0);
        return pageOf([pending, allConfirmed, someConfirmed], 57);
      }),
      ...reference,
    ]);
    await screen.findByText('#A1B2C3');
    expect(screen.getByRole('status').textContent).toBe('Showing 57 of 57 quotes (sorted by service date)');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'confirmed' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 12 of 57 quotes (sorted by service date)'));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    expect(await screen.findByText('No quotes found')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 0 of 57 quotes (sorted by service date)'));
    expect(screen.getByRole('complementary', { name: 'Quote Consolidation' })).toBeTruthy();
    // the agency's count is read once, whatever the filters
    expect(listCalls(requests).filter((call) => call === '?limit=1&offset=0')).toHaveLength(1);
  });

  it('says there are no quotes yet, or that none match the filters', async () => {
    renderTenantPage('/sole/quotes', [quotesList(() => pageOf([], 0)), ...reference]);

    expect(await screen.findByText('No quotes yet')).toBeTruthy();
    expect(screen.getByText('Create your first quote to get started')).toBeTruthy();
    expect(screen.queryByText('Quote Consolidation')).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    expect(await screen.findByText('No quotes found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search criteria')).toBeTruthy();
  });

  it('explains the amounts in the Quote Consolidation card when there are quotes', async () => {
    renderTenantPage('/sole/quotes', [quotesList(() => pageOf([allConfirmed], 1)), ...reference]);

    const card = await screen.findByRole('complementary', { name: 'Quote Consolidation' });
    expect(card.textContent).toMatch(/total VAT included.*confirmed products.*blue.*red/);
  });

  it("offers Edit, Advanced, Stampa, Invia al cliente and Delete on each quote; Stampa opens the quote's document preview", async () => {
    renderTenantPage('/sole/quotes', [
      quotesList(() => pageOf([pending], 1)),
      on('GET', `${BASE}/quote-layouts`, () => json([aLayout()])),
      on('POST', `${QUOTES}/${pending.id}/generate-document`, () => new Response('<p>Preventivo</p>', { headers: { 'content-type': 'text/html' } })),
      ...reference,
    ]);
    await screen.findByText('#A1B2C3');
    const row = rowOf('#A1B2C3');

    expect(within(row).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Edit', 'Advanced', 'Stampa', 'Invia al cliente', 'Delete']);
    fireEvent.click(within(row).getByRole('button', { name: 'Stampa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anteprima Documento' });
    expect(within(dialog).getByText('Preventivo #A1B2C3')).toBeTruthy();
    expect(await within(dialog).findByTitle('Anteprima del preventivo #A1B2C3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("badges a sent quote beside its status ('Inviato rev. N', or the customer's answer) and sends one from its row", async () => {
    const sent = aQuote({ latestRevision: 2, lastSentAt: '2026-03-12T09:30:00.000Z', customerAnswer: null });
    const answered = { ...allConfirmed, latestRevision: 1, lastSentAt: '2026-03-10T09:30:00.000Z', customerAnswer: { kind: 'accepted' as const, signerName: 'Mario Rossi', reason: null, at: '2026-03-11T09:30:00.000Z' } };
    renderTenantPage('/sole/quotes', [
      quotesList(() => pageOf([sent, answered], 2)),
      on('GET', `${BASE}/quote-layouts`, () => json([aLayout()])),
      on('POST', `${QUOTES}/${sent.id}/generate-document`, () => new Response('<p>Preventivo</p>', { headers: { 'content-type': 'text/html' } })),
      ...reference,
    ]);
    await screen.findByText('#A1B2C3');

    expect(cellsOf(rowOf('#A1B2C3'))[5]).toBe('PendingInviato rev. 2');
    expect(cellsOf(rowOf('#00FF01'))[5]).toBe('ConfirmedAccettato');
    fireEvent.click(within(rowOf('#A1B2C3')).getByRole('button', { name: 'Invia al cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invia al cliente' });
    expect(((await within(dialog).findByRole('textbox', { name: 'Destinatario' })) as HTMLInputElement).value).toBe('segreteria@dante.it');
  });

  it('deletes a quote after a confirmation naming it, which starts on Cancel', async () => {
    const { requests } = renderTenantPage('/sole/quotes', [
      quotesList(() => pageOf([pending], 1)),
      on('DELETE', `${QUOTES}/${pending.id}`, () => new Response(null, { status: 204 })),
      ...reference,
    ]);
    await screen.findByText('#A1B2C3');
    const row = rowOf('#A1B2C3');
    const question = 'Are you sure you want to delete this quote? This action cannot be undone.';

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete quote '#A1B2C3 – Scuola Dante Alighieri'?", question, 'Cancel');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await answerDeleteConfirmation("Delete quote '#A1B2C3 – Scuola Dante Alighieri'?", question, 'Delete');
    expect(await screen.findByText('Quote deleted successfully')).toBeTruthy();
  });

  it('shows cards on a phone, each with its values and actions', async () => {
    setViewportWidth(390);
    renderTenantPage('/sole/quotes', [quotesList(() => pageOf([pending, someConfirmed], 2)), ...reference]);

    const card = await screen.findByRole('article', { name: '#A1B2C3 – Scuola Dante Alighieri' });
    expect(within(card).getByText('15/05/2025 alle 09:30')).toBeTruthy();
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Advanced' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('is open to a tenant user, whose frame shows the Quotes tab, and leads to the calendar', async () => {
    const clerk = aUser({ role: 'tenant_user' });
    renderTenantPage('/sole/quotes', [quotesList(() => pageOf([pending], 1)), ...reference], clerk);

    expect(await screen.findByText('#A1B2C3')).toBeTruthy();
    expect(within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Quotes']);
    expect(screen.getByRole('button', { name: 'Add Quote' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Calendario' }).getAttribute('href')).toBe('/sole/calendar');
  });

  it('warns of a quote with products that have no price on its service date, or confirmed with 0 participants', async () => {
    const emptyConfirmed = aQuote({ id: 'quote-000000000000ff04', status: 'confirmed', confirmedItemCount: 1, emptyConfirmedItemCount: 1 });
    renderTenantPage('/sole/quotes', [quotesList(() => pageOf([aQuote({ unavailableItemCount: 2 }), allConfirmed, emptyConfirmed], 3)), ...reference]);
    await screen.findByText('#A1B2C3');

    expect(within(rowOf('#A1B2C3')).getByRole('img', { name: '2 prodotti: Non disponibile in questa data' })).toBeTruthy();
    expect(within(rowOf('#00FF04')).getByRole('img', { name: '1 prodotto confermato con 0 partecipanti' })).toBeTruthy();
    expect(within(rowOf('#00FF01')).queryByRole('img')).toBeNull();
  });

  it('tells two customers of the same name apart in the customer filter by their e-mail and city', async () => {
    const { requests } = renderTenantPage('/sole/quotes', [
      on('GET', `${BASE}/customers`, () =>
        json([aCustomer({ city: 'Roma' }), aCustomer({ id: 'customer-3', email: 'info@dante-milano.it', city: 'Milano' }), customers[1]]),
      ),
      quotesList(() => pageOf([pending], 1)),
    ]);
    await screen.findByText('#A1B2C3');
    const filter = screen.getByLabelText('Customer') as HTMLSelectElement;
    await waitFor(() =>
      expect([...filter.options].map((option) => option.text)).toEqual([
        'All Customers',
        'Hotel Bellavista',
        'Scuola Dante Alighieri — segreteria@dante.it, Roma',
        'Scuola Dante Alighieri — info@dante-milano.it, Milano',
      ]),
    );
    fireEvent.change(filter, { target: { value: 'customer-3' } });
    await waitFor(() => expect(listCalls(requests)).toContain('?customerId=customer-3&limit=25&offset=0'));
  });

  it("filters by who created the quotes, from the agency's creators", async () => {
    const { requests } = renderTenantPage('/sole/quotes', [
      on('GET', `${QUOTES}/creators`, () => json([{ id: 'user-2', name: 'Giulia Bianchi' }, { id: 'user-1', name: 'Mario Rossi' }])),
      quotesList(() => pageOf([allConfirmed], 1)),
      ...reference,
    ]);
    await screen.findByText('#00FF01');
    const creators = screen.getByLabelText('Creato da') as HTMLSelectElement;
    await waitFor(() => expect([...creators.options].map((option) => option.text)).toEqual(['Tutti', 'Giulia Bianchi', 'Mario Rossi']));

    fireEvent.change(creators, { target: { value: 'user-2' } });
    await waitFor(() => expect(listCalls(requests)).toContain('?createdBy=user-2&limit=25&offset=0'));
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(creators.value).toBe('all');
  });
});
