import type { ConsumptionView, QuoteDetailView } from '@quotebook/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  aConsumption,
  aCustomer,
  aPeriod,
  aPriceList,
  aProduct,
  aQuote,
  aQuoteDetail,
  aQuoteItem,
  aVatRate,
  gatewayError,
  json,
  on,
  pageOf,
  type GatewayHandler,
  type RecordedRequest,
} from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { resetViewport, setViewportWidth } from '../../test/viewport';
import { statusAfterItems } from '@quotebook/domain';
import { productsForEditor } from './quote-advanced-form';

const BASE = '/api/tenants/tenant-1';
const QUOTES = `${BASE}/quotes`;
const QUOTE = `${QUOTES}/quote-00000000a1b2c3`;
const TITLE = 'Edit Quote - Advanced Management';
const CHANGED = 'This quote was changed by someone else. Reload it to see the changes, then try again.';

/** € 25 per person and € 100 flat: 4 people pay € 200, 12 pay € 400. */
const colosseo = aProduct({
  vatRateId: 'vat-22',
  availability: [aPeriod({ startDate: '2025-04-01', endDate: '2025-06-30', costPerPerson: '25.00', hasFlatRate: true, flatRate: '100.00' })],
});
const uffizi = aProduct({ id: 'product-2', code: 'UF0001', titles: { it: 'Visita Uffizi' }, availability: [aPeriod({ id: 'p2', productId: 'product-2', priceIncludesVat: true })] });
const aperitivo = aProduct({ id: 'product-3', code: 'AP0001', titles: { it: 'Aperitivo al tramonto' }, availability: [] });
const barca = aProduct({ id: 'product-4', code: 'BA0001', titles: { it: 'barca a vela' }, availability: [] });
const untitled = aProduct({ id: 'product-5', code: 'ZZ99YY', titles: {}, availability: [] });

function aDetail(overrides: Partial<QuoteDetailView> = {}): QuoteDetailView {
  return aQuoteDetail({
    totalAmount: '200.00',
    items: [
      aQuoteItem({ quantity: 4, totalPrice: '200.00', computedPrice: '200.00' }),
      aQuoteItem({
        id: 'item-2',
        productId: 'product-2',
        productCode: 'UF0001',
        description: 'Visita Uffizi',
        quantity: 2,
        orderConfirmed: true,
        confirmedParticipants: 2,
        totalPrice: '90.00',
        computedPrice: '90.00',
        vatLabel: 'IVA inclusa',
        priceIncludesVat: true,
        vatRate: null,
      }),
    ],
    ...overrides,
  });
}

interface Server {
  detail: QuoteDetailView;
}

/** The quote changed as the server changes it: every change raises its version. */
function bump(server: Server, change: Partial<QuoteDetailView>) {
  server.detail = { ...server.detail, ...change, version: server.detail.version + 1 };
}

/** An item change, with the status the server's rule then gives the quote. */
function bumpItems(server: Server, items: QuoteDetailView['items']) {
  bump(server, { items, status: statusAfterItems(server.detail.status, items) });
}

/**
 * The quote's items as the server keeps them (each call raises the quote's version), and the quote's
 * own save, which refuses a version that is not the quote's. Handlers given before these win.
 */
function itemRoutes(server: Server): GatewayHandler[] {
  const itemPath = new RegExp(`^${QUOTE}/items/([^/]+)$`);
  return [
    on('POST', `${QUOTE}/items`, (request) => {
      const body = JSON.parse(request.body);
      const item = aQuoteItem({ id: `item-${body.productId}`, productId: body.productId, quantity: body.quantity, totalPrice: '0.00', computedPrice: '0.00' });
      bumpItems(server, [...server.detail.items, item]);
      return json(item, 201);
    }),
    (request) => {
      const itemId = itemPath.exec(request.path)?.[1];
      if (!itemId) return undefined;
      if (request.method === 'DELETE') {
        bumpItems(server, server.detail.items.filter((item) => item.id !== itemId));
        return new Response(null, { status: 204 });
      }
      const change = JSON.parse(request.body);
      bumpItems(server, server.detail.items.map((item) => (item.id === itemId ? { ...item, ...change } : item)));
      return json(server.detail.items.find((item) => item.id === itemId));
    },
    on('PUT', QUOTE, (request) => {
      const { version, ...change } = JSON.parse(request.body);
      if (version !== undefined && version !== server.detail.version) return gatewayError(409, CHANGED, 'Conflict', 'QUOTE_CHANGED');
      bump(server, change);
      return json(server.detail);
    }),
    on('PUT', `${QUOTE}/items`, (request) => {
      const { version } = JSON.parse(request.body);
      if (version !== undefined && version !== server.detail.version) return gatewayError(409, CHANGED, 'Conflict', 'QUOTE_CHANGED');
      bump(server, {});
      return json(server.detail.items);
    }),
  ];
}

/** The editor has read the quote again after its own change, and taken it in. */
async function quoteReadAgain(requests: RecordedRequest[]) {
  await waitFor(() => expect(requests.filter((request) => request.method === 'GET' && request.path === QUOTE)).toHaveLength(2));
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
}

/** A failure without a message the gateway could give (a proxy's empty 502). */
const bareFailure = () => new Response(null, { status: 502 });
const ITEM_PATHS = { 'item-1': `${QUOTE}/items/item-1`, 'item-2': `${QUOTE}/items/item-2` } as const;
/** The destructive toast of an item change, read whole. */
const failureToastText = (text: string) => screen.findByText(text, {}, { timeout: 3000 });

function editorRoutes(server: Server, extra: GatewayHandler[] = []): GatewayHandler[] {
  return [
    ...extra,
    (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf([aQuote({ ...server.detail })]) : undefined),
    on('GET', QUOTE, () => json(server.detail)),
    on('GET', `${BASE}/customers`, () => json([aCustomer(), aCustomer({ id: 'customer-2', name: 'Hotel Bellavista', priceListId: 'pl-1' })])),
    on('GET', `${BASE}/products`, () => json([untitled, colosseo, barca, aperitivo, uffizi])),
    on('GET', `${BASE}/price-lists`, () => json([aPriceList({ id: 'pl-1', name: 'Scuole 2025', reductionPercentage: '10.00' })])),
    on('GET', `${BASE}/vat-rates`, () => json([aVatRate()])),
  ];
}

async function openAdvanced(server: Server, extra: GatewayHandler[] = []) {
  const page = renderTenantPage('/sole/quotes', editorRoutes(server, extra));
  await screen.findByText('#A1B2C3');
  fireEvent.click(within(screen.getByText('#A1B2C3').closest('tr') as HTMLElement).getByRole('button', { name: 'Advanced' }));
  // the window first says the quote is loading, then holds the editor
  await screen.findByRole('tab', { name: 'Basic Info' });
  const dialog = screen.getByRole('dialog', { name: TITLE });
  return { ...page, dialog };
}

async function openTab(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('tab', { name }));
  return within(dialog).getByRole('tabpanel');
}

/** A line of the quote, in the table of chosen products. */
const rowOf = (panel: HTMLElement, title: string) => within(within(panel).getByRole('table', { name: 'Chosen products' })).getByRole('row', { name: title });
/** A product in the catalogue to pick from. */
const catalogueItem = (panel: HTMLElement, title: string) => within(within(panel).getByRole('list', { name: 'Products' })).getByRole('listitem', { name: title });
const priceOf = (row: HTMLElement) => within(row).getByRole('group', { name: 'Price' }).textContent;
const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  jest.restoreAllMocks();
  resetViewport();
});

describe('advanced quote editor', () => {
  it('fills the screen of a phone (390 px), opened from the quote card', async () => {
    setViewportWidth(390);
    renderTenantPage('/sole/quotes', editorRoutes({ detail: aDetail() }));
    const card = await screen.findByRole('article', { name: /^#A1B2C3/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Advanced' }));
    await screen.findByRole('tab', { name: 'Basic Info' });
    expect(screen.getByRole('dialog', { name: TITLE }).className).toContain('MuiDialog-paperFullScreen');
  });

  it('lists every product: those confirmed first, then by Italian title (code without one)', () => {
    const order = productsForEditor([untitled, colosseo, barca, aperitivo, uffizi], new Set(['product-2'])).map((product) => product.id);
    expect(order).toEqual(['product-2', 'product-3', 'product-4', 'product-1', 'product-5']);
  });

  it('opens on Basic Info with the quote read in one call, and offers every status', async () => {
    const { dialog, requests } = await openAdvanced({ detail: aDetail({ bookingDateTime: '2025-04-02T10:00:00', serviceNotes: 'Ingresso lato nord' }) });

    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic Info', 'Products', 'Service Management', 'Consumptions', 'Pagamenti']);
    const panel = within(dialog).getByRole('tabpanel');
    await waitFor(() => expect(input(panel, 'Customer').value).toBe('customer-1'));
    expect([...(within(panel).getByLabelText('Status') as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Pending',
      'Waiting',
      'Confirmed',
      'Cancelled',
      'Closed',
    ]);
    expect(input(panel, 'Subject (optional)').value).toBe('Gita di primavera');
    expect(input(panel, 'Service Date').value).toBe('2025-05-15');
    expect(input(panel, 'Service Start Time').value).toBe('09:30');
    expect(input(panel, 'Service End Time').value).toBe('');
    expect(input(panel, 'Quote Expiry Date').value).toBe('2025-06-14');
    expect(input(panel, 'Booking Date & Time').value).toBe('2025-04-02T10:00');
    expect(input(panel, 'Actual Service Date & Time').value).toBe('');
    expect(input(panel, 'Totale IVA incl. (€)').value).toBe('200.00');
    expect(input(panel, 'Totale IVA incl. (€)').step).toBe('0.01');
    expect(requests.filter((request) => request.path === QUOTE)).toHaveLength(1);

    const service = await openTab(dialog, 'Service Management');
    expect(input(service, 'Service Start Date & Time').value).toBe('2025-05-15T09:30');
    expect(input(service, 'Actual Participants Present').min).toBe('0');
    const notes = within(service).getByLabelText('Service Notes') as HTMLTextAreaElement;
    expect(notes.value).toBe('Ingresso lato nord');
    expect(notes.rows).toBe(4);
  });

  it('lists the quote lines first with the saved prices, VAT notes, totals VAT included and Non confermato, then every product sorted', async () => {
    const { dialog } = await openAdvanced({ detail: aDetail() });
    const panel = await openTab(dialog, 'Products');

    await waitFor(() => expect(within(panel).getAllByRole('checkbox', { name: /./ }).length).toBeGreaterThan(5));
    const names = within(within(panel).getByRole('list', { name: 'Products' })).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));
    expect(names).toEqual(['Visita Uffizi', 'Aperitivo al tramonto', 'barca a vela', 'Tour del Colosseo', 'ZZ99YY']);
    const lines = within(within(panel).getByRole('table', { name: 'Chosen products' })).getAllByRole('row').slice(1);
    expect(lines.map((row) => row.getAttribute('aria-label'))).toEqual(['Tour del Colosseo', 'Visita Uffizi']);
    expect(within(panel).getByRole('table', { name: 'Chosen products' }).compareDocumentPosition(within(panel).getByRole('list', { name: 'Products' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(priceOf(rowOf(panel, 'Tour del Colosseo'))).toBe('€ 200,00automatic price+ IVA 22%Non confermatoTotale IVA incl. € 244,00 (Imponibile € 200,00, IVA € 44,00)');
    expect(priceOf(rowOf(panel, 'Visita Uffizi'))).toBe('€ 90,00automatic priceIVA inclusaTotale IVA incl. € 90,00 (Imponibile € 90,00, IVA € 0,00)');
    expect(within(catalogueItem(panel, 'Aperitivo al tramonto')).queryByLabelText('Quantity')).toBeNull();
  });

  it('prices a confirmed order on its confirmed participants, turns the quote confirmed (saved at once) and books it', async () => {
    const server = { detail: aDetail({ items: [aQuoteItem({ quantity: 4, totalPrice: '200.00' })] }) };
    const { dialog, requests } = await openAdvanced(server, itemRoutes(server));
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));

    fireEvent.change(input(row, 'Confirmed Participants'), { target: { value: '12' } });
    expect(priceOf(row)).toBe('€ 200,00automatic price+ IVA 22%Non confermatoTotale IVA incl. € 244,00 (Imponibile € 200,00, IVA € 44,00)');
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Order Confirmed' }));
    expect(priceOf(row)).toBe('€ 400,00automatic price+ IVA 22%Totale IVA incl. € 488,00 (Imponibile € 400,00, IVA € 88,00)');
    // the status it gives is saved at once
    await waitFor(() => expect(bodiesOf(requests, 'PUT', QUOTE)).toHaveLength(1));
    fireEvent.change(input(row, 'Quantity'), { target: { value: '1000' } });
    expect(input(row, 'Quantity').value).toBe('4');

    const basic = await openTab(dialog, 'Basic Info');
    expect(input(basic, 'Status').value).toBe('confirmed');
    expect(input(basic, 'Booking Date & Time').value).toBe('2025-05-15T09:30');
    // the total VAT included: € 400,00 + IVA 22%
    expect(input(basic, 'Totale IVA incl. (€)').value).toBe('488.00');
    // the status, not the confirmation (that waits for Update Quote)
    expect(server.detail.status).toBe('confirmed');
    expect(bodiesOf(requests, 'PUT', QUOTE)).toEqual([{ status: 'confirmed', version: 3 }]);
    await quoteReadAgain(requests);
  });

  it('takes a price typed by hand, and goes back to the automatic one with Auto', async () => {
    const { dialog, requests } = await openAdvanced({ detail: aDetail({ status: 'confirmed' }) });
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));
    const auto = within(row).getByRole('button', { name: 'Auto' }) as HTMLButtonElement;
    expect(auto.disabled).toBe(true);

    fireEvent.change(input(row, 'Total Price (€)'), { target: { value: '300' } });
    expect(priceOf(row)).toBe('€ 300,00manual price+ IVA 22%Non confermatoTotale IVA incl. € 366,00 (Imponibile € 300,00, IVA € 66,00)');
    fireEvent.change(input(row, 'Total Price (€)'), { target: { value: '-3' } });
    expect(within(row).getByText('Price must be at least 0 with at most 2 decimals')).toBeTruthy();
    fireEvent.click(auto);
    expect(input(row, 'Total Price (€)').value).toBe('');
    expect(priceOf(row)).toBe('€ 200,00automatic price+ IVA 22%Non confermatoTotale IVA incl. € 244,00 (Imponibile € 200,00, IVA € 44,00)');
    // a price by hand waits for Update Quote
    expect(requests.some((request) => request.method !== 'GET')).toBe(false);
  });

  it("notes the customer's price list when it reduces the prices", async () => {
    const { dialog } = await openAdvanced({ detail: aDetail() });
    const basic = within(dialog).getByRole('tabpanel');
    await waitFor(() => expect((within(basic).getByLabelText('Customer') as HTMLSelectElement).options).toHaveLength(3));
    fireEvent.change(input(basic, 'Customer'), { target: { value: 'customer-2' } });
    const panel = await openTab(dialog, 'Products');

    expect(within(panel).getByText("Prices reduced by the price list 'Scuole 2025'")).toBeTruthy();
    expect(priceOf(rowOf(panel, 'Tour del Colosseo'))).toBe('€ 180,00automatic price+ IVA 22%Non confermatoTotale IVA incl. € 219,60 (Imponibile € 180,00, IVA € 39,60)');
  });

  it('saves a product ticked or removed at once, and Update Quote the rest at the version those calls left', async () => {
    // confirmed by its confirmed Visita Uffizi
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const { dialog, requests } = await openAdvanced(server, itemRoutes(server));
    const panel = await openTab(dialog, 'Products');
    await waitFor(() => catalogueItem(panel, 'Aperitivo al tramonto'));
    expect(within(panel).getByText('Prodotti aggiunti o rimossi e quantità vengono salvati subito; conferma, partecipanti e prezzo a mano con Update Quote.')).toBeTruthy();

    fireEvent.click(within(catalogueItem(panel, 'Aperitivo al tramonto')).getByRole('checkbox', { name: 'Aperitivo al tramonto' }));
    expect(input(rowOf(panel, 'Aperitivo al tramonto'), 'Quantity').value).toBe('1');
    expect(await screen.findByText('Product added to quote')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', `${QUOTE}/items`)).toEqual([
      { productId: 'product-3', quantity: 1, orderConfirmed: false, confirmedParticipants: 0, totalPrice: null, optional: false, cost: null },
    ]);
    fireEvent.click(within(rowOf(panel, 'Visita Uffizi')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Product removed from quote')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([ITEM_PATHS['item-2']]);
    // a price by hand, participants and the quote's own fields wait for Update Quote
    fireEvent.change(input(rowOf(panel, 'Tour del Colosseo'), 'Total Price (€)'), { target: { value: '250' } });
    const service = await openTab(dialog, 'Service Management');
    fireEvent.change(input(service, 'Actual Participants Present'), { target: { value: '11' } });
    fireEvent.change(within(service).getByLabelText('Service Notes'), { target: { value: 'Guida in inglese' } });
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    // the aperitivo has no price on the service date: saved anyway once confirmed
    const question = await screen.findByRole('dialog', { name: 'Prodotti senza prezzo in questa data' });
    expect(within(question).getByText(/Non disponibile in questa data: Aperitivo al tramonto\./)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Conferma comunque' }));

    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(screen.queryByText(CHANGED)).toBeNull();
    // the two item calls raised the version from 3 to 5; removing the only confirmed product made the quote pending (the server's rule)
    expect(bodiesOf(requests, 'PUT', QUOTE)).toEqual([
      {
        customerId: 'customer-1',
        status: 'pending',
        subject: 'Gita di primavera',
        serviceDate: '2025-05-15',
        serviceStartTime: '2025-05-15T09:30:00',
        estimatedEndTime: null,
        serviceEndTime: null,
        expiryDate: '2025-06-14',
        bookingDateTime: null,
        actualServiceDateTime: null,
        serviceNotes: 'Guida in inglese',
        actualParticipants: 11,
        version: 5,
      },
    ]);
    expect(bodiesOf(requests, 'PUT', `${QUOTE}/items`)).toEqual([
      {
        items: [
          { productId: 'product-1', quantity: 4, orderConfirmed: false, confirmedParticipants: 0, totalPrice: '250', optional: false, cost: null },
          { productId: 'product-3', quantity: 1, orderConfirmed: false, confirmedParticipants: 0, totalPrice: null, optional: false, cost: null },
        ],
        version: 6,
      },
    ]);
  });

  it('saves a quantity once it rests, with its last value, in one call', async () => {
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const { dialog, requests } = await openAdvanced(server, itemRoutes(server));
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));

    fireEvent.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.change(input(row, 'Quantity'), { target: { value: '1' } });
    fireEvent.change(input(row, 'Quantity'), { target: { value: '12' } });

    expect(await screen.findByText('Product quantity updated')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', ITEM_PATHS['item-1'])).toEqual([{ quantity: 12 }]);
    // the list and the quote are read again, with the new figures
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET' && request.path === QUOTE).length).toBeGreaterThan(1));
    expect(requests.filter((request) => request.method === 'GET' && request.path.startsWith(`${QUOTES}?`)).length).toBeGreaterThan(1);
    expect(input(rowOf(panel, 'Tour del Colosseo'), 'Quantity').value).toBe('12');
  });

  it('is not refused as its own change when Update Quote is pressed while item changes are still being saved', async () => {
    const server = { detail: aDetail() };
    const routes = itemRoutes(server);
    const { dialog, requests } = await openAdvanced(server, [
      // the removal answers late
      (request) =>
        request.method === 'DELETE' && request.path === ITEM_PATHS['item-2']
          ? new Promise((resolve) => setTimeout(resolve, 150)).then(() => routes[1](request) as Response)
          : undefined,
      ...routes,
    ]);
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));

    fireEvent.click(within(rowOf(panel, 'Visita Uffizi')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    // at once: the quantity has not rested yet, the removal is on its way
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));

    expect(await screen.findByText('Quote updated successfully', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText(CHANGED)).toBeNull();
    const writes = requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
    expect(writes).toEqual([`DELETE ${ITEM_PATHS['item-2']}`, `PUT ${ITEM_PATHS['item-1']}`, `PUT ${QUOTE}`]);
    expect(bodiesOf(requests, 'PUT', ITEM_PATHS['item-1'])).toEqual([{ quantity: 5 }]);
    expect(bodiesOf(requests, 'PUT', QUOTE).map((body) => (body as { version: number }).version)).toEqual([5]);
  });

  it("says 'Failed to add product' with the server's reason, or 'Unknown error'", async () => {
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const answers = [() => gatewayError(409, 'This product is already in the quote', 'Conflict', 'PRODUCT_ALREADY_IN_QUOTE'), bareFailure];
    const { dialog, requests } = await openAdvanced(server, [on('POST', `${QUOTE}/items`, () => (answers.shift() as () => Response)()), ...itemRoutes(server)]);
    const panel = await openTab(dialog, 'Products');
    const checkbox = await waitFor(() => within(catalogueItem(panel, 'barca a vela')).getByRole('checkbox', { name: 'barca a vela' }));

    fireEvent.click(checkbox);
    expect(await failureToastText('Failed to add product: This product is already in the quote')).toBeTruthy();
    // unticked: it was never saved, so nothing is removed
    fireEvent.click(checkbox);
    fireEvent.click(checkbox);
    expect(await failureToastText('Failed to add product: Unknown error')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', `${QUOTE}/items`)).toHaveLength(2);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it("says 'Failed to update product' with the server's reason, or 'Unknown error'", async () => {
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const answers = [() => gatewayError(400, 'quantity must be a whole number from 1 to 999', 'Bad Request'), bareFailure];
    const { dialog, requests } = await openAdvanced(server, [on('PUT', ITEM_PATHS['item-1'], () => (answers.shift() as () => Response)()), ...itemRoutes(server)]);
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));

    fireEvent.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(await failureToastText('Failed to update product: quantity must be a whole number from 1 to 999')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(await failureToastText('Failed to update product: Unknown error')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', ITEM_PATHS['item-1'])).toEqual([{ quantity: 5 }, { quantity: 6 }]);
  });

  it("says 'Failed to remove product' with the server's reason, or 'Unknown error'", async () => {
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const answers = [() => gatewayError(404, 'Quote item not found', 'Not Found'), bareFailure];
    const { dialog, requests } = await openAdvanced(server, [on('DELETE', ITEM_PATHS['item-1'], () => (answers.shift() as () => Response)()), ...itemRoutes(server)]);
    const panel = await openTab(dialog, 'Products');
    await waitFor(() => rowOf(panel, 'Tour del Colosseo'));

    fireEvent.click(within(rowOf(panel, 'Tour del Colosseo')).getByRole('button', { name: 'Remove' }));
    expect(await failureToastText('Failed to remove product: Quote item not found')).toBeTruthy();
    // still on the quote: ticked again it is not added twice, and removing it tries again
    fireEvent.click(within(catalogueItem(panel, 'Tour del Colosseo')).getByRole('checkbox', { name: 'Tour del Colosseo' }));
    fireEvent.click(within(rowOf(panel, 'Tour del Colosseo')).getByRole('button', { name: 'Remove' }));
    expect(await failureToastText('Failed to remove product: Unknown error')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(2);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("saves the status the confirmed items give at once, says 'Failed to update quote status' when it cannot, and saves the rest at the version it left", async () => {
    const server = { detail: aDetail({ items: [aQuoteItem({ quantity: 4, totalPrice: '200.00' })] }) };
    const answers = [() => gatewayError(400, 'status must be one of: pending, waiting, confirmed, cancelled, closed', 'Bad Request'), bareFailure];
    const routes = itemRoutes(server);
    const { dialog, requests } = await openAdvanced(server, [
      (request) => (request.method === 'PUT' && request.path === QUOTE && answers.length ? (answers.shift() as () => Response)() : undefined),
      ...routes,
    ]);
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));
    const confirmed = within(row).getByRole('checkbox', { name: 'Order Confirmed' });

    fireEvent.click(confirmed);
    expect(await failureToastText('Failed to update quote status: status must be one of: pending, waiting, confirmed, cancelled, closed')).toBeTruthy();
    // back to pending: the quote is pending already, nothing to save
    fireEvent.click(confirmed);
    fireEvent.click(confirmed);
    expect(await failureToastText('Failed to update quote status: Unknown error')).toBeTruthy();
    fireEvent.click(confirmed);
    fireEvent.click(confirmed);
    await waitFor(() => expect(server.detail.status).toBe('confirmed'));
    expect(bodiesOf(requests, 'PUT', QUOTE)).toEqual([
      { status: 'confirmed', version: 3 },
      { status: 'confirmed', version: 3 },
      { status: 'confirmed', version: 3 },
    ]);

    await waitFor(() => expect(requests.filter((request) => request.method === 'GET' && request.path === QUOTE).length).toBeGreaterThan(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(screen.queryByText(CHANGED)).toBeNull();
    expect(bodiesOf(requests, 'PUT', QUOTE).at(-1)).toEqual(expect.objectContaining({ status: 'confirmed', bookingDateTime: '2025-05-15T09:30:00', version: 4 }));
    expect(bodiesOf(requests, 'PUT', `${QUOTE}/items`)).toEqual([
      { items: [{ productId: 'product-1', quantity: 4, orderConfirmed: true, confirmedParticipants: 4, totalPrice: null, optional: false, cost: null }], version: 5 },
    ]);
  });

  it('closes without asking once the item changes are saved', async () => {
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const { dialog, requests } = await openAdvanced(server, itemRoutes(server));
    const panel = await openTab(dialog, 'Products');
    await waitFor(() => catalogueItem(panel, 'Aperitivo al tramonto'));

    fireEvent.click(within(catalogueItem(panel, 'Aperitivo al tramonto')).getByRole('checkbox', { name: 'Aperitivo al tramonto' }));
    expect(await screen.findByText('Product added to quote')).toBeTruthy();
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET' && request.path === QUOTE).length).toBeGreaterThan(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Scartare le modifiche?' })).toBeNull();
  });

  it('leaves the items alone when they did not change, and sends a total typed by hand', async () => {
    const server = { detail: aDetail() };
    const { dialog, requests } = await openAdvanced(server, [on('PUT', QUOTE, () => json({ ...server.detail, version: 4 }))]);
    const basic = within(dialog).getByRole('tabpanel');

    fireEvent.change(input(basic, 'Totale IVA incl. (€)'), { target: { value: '180' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));

    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', QUOTE)[0]).toEqual(expect.objectContaining({ totalAmount: '180', version: 3 }));
    expect(requests.some((request) => request.path === `${QUOTE}/items`)).toBe(false);
  });

  it('shows the first problem on its tab instead of saving', async () => {
    const { dialog, requests } = await openAdvanced({ detail: aDetail({ status: 'confirmed' }) });
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));
    fireEvent.change(input(row, 'Confirmed Participants'), { target: { value: '-1' } });
    await openTab(dialog, 'Service Management');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));

    expect(within(dialog).getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe('true');
    expect(within(within(dialog).getByRole('tabpanel')).getAllByText('Participants must be a whole number of at least 0').length).toBeGreaterThan(0);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('records consumptions at once, checking each first, and saves the quote at the version they raised', async () => {
    const consumptions: ConsumptionView[] = [];
    const server = { detail: aDetail() };
    const { dialog, requests } = await openAdvanced(server, [
      on('POST', `${QUOTE}/consumptions`, (request) => {
        const body = JSON.parse(request.body);
        consumptions.push(aConsumption({ ...body, id: `consumption-${consumptions.length + 1}`, totalValue: '102.00' }));
        server.detail = { ...server.detail, consumptions: [...consumptions], version: server.detail.version + 1 };
        return json(consumptions.at(-1), 201);
      }),
      on('DELETE', `${QUOTE}/consumptions/consumption-1`, () => {
        consumptions.shift();
        server.detail = { ...server.detail, consumptions: [...consumptions], version: server.detail.version + 1 };
        return new Response(null, { status: 204 });
      }),
      on('PUT', QUOTE, () => json({ ...server.detail, version: server.detail.version + 1 })),
    ]);
    const panel = await openTab(dialog, 'Consumptions');
    expect(within(panel).getByText('No service consumptions recorded yet')).toBeTruthy();
    expect(within(panel).getByText('I consumi vengono salvati subito: non aspettano Update Quote.')).toBeTruthy();
    const add = within(panel).getByRole('group', { name: 'Add a consumption' });

    fireEvent.change(input(add, 'Description'), { target: { value: '   ' } });
    fireEvent.change(input(add, 'Quantity'), { target: { value: '0' } });
    fireEvent.change(input(add, 'Unit Value (€)'), { target: { value: '0' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(within(add).getByText('Description is required')).toBeTruthy();
    expect(within(add).getByText('Quantity must be a whole number greater than 0')).toBeTruthy();
    expect(within(add).getByText('Unit value must be greater than 0 with at most 2 decimals')).toBeTruthy();
    expect(input(add, 'Quantity').min).toBe('1');

    fireEvent.change(input(add, 'Description'), { target: { value: ' Pranzo al sacco ' } });
    fireEvent.change(input(add, 'Quantity'), { target: { value: '12' } });
    fireEvent.change(input(add, 'Unit Value (€)'), { target: { value: '8.50' } });
    // Enter in the row adds the consumption; it does not save the quote
    fireEvent.keyDown(input(add, 'Unit Value (€)'), { key: 'Enter' });

    expect(await screen.findByText('Service consumption added')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', `${QUOTE}/consumptions`)).toEqual([{ description: 'Pranzo al sacco', quantity: 12, unitValue: '8.50' }]);
    const row = await within(panel).findByRole('listitem', { name: 'Pranzo al sacco' });
    expect(within(row).getByText('12 × € 8,50 = € 102,00')).toBeTruthy();
    expect(input(add, 'Description').value).toBe('');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Remove consumption' }));
    expect(await screen.findByText('Service consumption removed')).toBeTruthy();
    expect(await within(panel).findByText('No service consumptions recorded yet')).toBeTruthy();

    // the quote was read again at version 5 after both changes: saving is not taken for someone else's change
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET' && request.path === QUOTE).length).toBe(3));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', QUOTE).map((body) => (body as { version: number }).version)).toEqual([5]);
  });

  it('waits for a consumption still being saved when Update Quote is pressed at once, and saves at the version it left', async () => {
    const server = { detail: aDetail() };
    const { dialog, requests } = await openAdvanced(server, [
      on('POST', `${QUOTE}/consumptions`, async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const consumption = aConsumption({ ...JSON.parse(request.body), totalValue: '102.00' });
        server.detail = { ...server.detail, consumptions: [consumption], version: server.detail.version + 1 };
        return json(consumption, 201);
      }),
      on('PUT', QUOTE, (request) => {
        const body = JSON.parse(request.body);
        if (body.version !== server.detail.version) return gatewayError(409, CHANGED, 'Conflict', 'QUOTE_CHANGED');
        server.detail = { ...server.detail, ...body, version: server.detail.version + 1 };
        return json(server.detail);
      }),
    ]);
    const panel = await openTab(dialog, 'Consumptions');
    const add = within(panel).getByRole('group', { name: 'Add a consumption' });
    fireEvent.change(input(add, 'Description'), { target: { value: 'Pranzo al sacco' } });
    fireEvent.change(input(add, 'Quantity'), { target: { value: '12' } });
    fireEvent.change(input(add, 'Unit Value (€)'), { target: { value: '8.50' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));

    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(screen.queryByText(CHANGED)).toBeNull();
    expect(bodiesOf(requests, 'PUT', QUOTE).map((body) => (body as { version: number }).version)).toEqual([4]);
  });

  it('says when someone else changed the quote, and reloads it', async () => {
    const server = { detail: aDetail() };
    const { dialog } = await openAdvanced(server, [on('PUT', QUOTE, () => gatewayError(409, CHANGED, 'Conflict', 'QUOTE_CHANGED'))]);
    const basic = within(dialog).getByRole('tabpanel');
    fireEvent.change(input(basic, 'Subject (optional)'), { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));

    expect(await screen.findByText('Failed to update quote')).toBeTruthy();
    server.detail = aDetail({ subject: 'Theirs', version: 7 });
    const alert = within(dialog).getByText(CHANGED).closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(input(within(dialog).getByRole('tabpanel'), 'Subject (optional)').value).toBe('Theirs'));
    expect(within(dialog).queryByText(CHANGED)).toBeNull();
  });

  it('fills the confirmed participants with those booked when Order Confirmed is ticked, and warns of a confirmed line with none', async () => {
    const server = { detail: aDetail({ items: [aQuoteItem({ quantity: 4, totalPrice: '200.00' })] }) };
    const { dialog, requests } = await openAdvanced(server, itemRoutes(server));
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));
    expect(input(row, 'Confirmed Participants').value).toBe('0');

    fireEvent.click(within(row).getByRole('checkbox', { name: 'Order Confirmed' }));
    expect(input(row, 'Confirmed Participants').value).toBe('4');
    await waitFor(() => expect(bodiesOf(requests, 'PUT', QUOTE)).toHaveLength(1));
    expect(priceOf(row)).toMatch(/^€ 200,00automatic price/);
    expect(within(row).queryByText(/0 partecipanti confermati/)).toBeNull();

    // only the flat rate is left
    fireEvent.change(input(row, 'Confirmed Participants'), { target: { value: '0' } });
    expect(within(row).getByText('0 partecipanti confermati: la riga vale € 100,00')).toBeTruthy();
    // the status the confirmation gives is saved at once, and the quote read again
    await quoteReadAgain(requests);
  });

  it('marks the lines without a price on the service date, and warns when a new date moves lines out of season', async () => {
    const { dialog } = await openAdvanced({ detail: aDetail() });
    const basic = within(dialog).getByRole('tabpanel');
    await waitFor(() => expect((within(basic).getByLabelText('Customer') as HTMLSelectElement).options).toHaveLength(3));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.change(input(basic, 'Service Date'), { target: { value: '2025-08-01' } });
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^Non disponibile in questa data: Tour del Colosseo, Visita Uffizi\./);
    expect(within(basic).getByText('La data del servizio è già passata')).toBeTruthy();

    const panel = await openTab(dialog, 'Products');
    const row = rowOf(panel, 'Tour del Colosseo');
    expect(within(row).getByText('Non disponibile in questa data')).toBeTruthy();
    expect(priceOf(row)).toBe('Prezzo da definireautomatic price+ IVA 22%Non confermato');
    // a price typed by hand is a price
    fireEvent.change(input(row, 'Total Price (€)'), { target: { value: '250' } });
    expect(within(row).queryByText('Non disponibile in questa data')).toBeNull();
  });

  it('explains a line charged at a minimum', async () => {
    const small = aProduct({
      id: 'product-1',
      titles: { it: 'Tour del Colosseo' },
      availability: [aPeriod({ costPerPerson: '25.00', hasMinParticipants: true, minParticipants: 6 })],
    });
    const server = { detail: aDetail({ status: 'confirmed' }) };
    const { dialog } = await openAdvanced(server, [on('GET', `${BASE}/products`, () => json([small, uffizi])), ...itemRoutes(server)]);
    const panel = await openTab(dialog, 'Products');
    const row = await waitFor(() => rowOf(panel, 'Tour del Colosseo'));
    expect(within(row).getByText('minimo 6 partecipanti: addebitati 6')).toBeTruthy();
    fireEvent.change(input(row, 'Quantity'), { target: { value: '6' } });
    expect(within(row).queryByText(/minimo/)).toBeNull();
    expect(await screen.findByText('Product quantity updated')).toBeTruthy();
  });

  it('says the total includes VAT, shows the automatic one and goes back to it', async () => {
    const { dialog, requests } = await openAdvanced({ detail: aDetail({ totalAmount: '150.00', totalSetByHand: true }) }, [
      on('PUT', QUOTE, () => json({ ...aDetail(), version: 4 })),
    ]);
    const basic = within(dialog).getByRole('tabpanel');
    expect(input(basic, 'Totale IVA incl. (€)').value).toBe('150.00');
    // € 200,00 + IVA 22% and € 90,00 IVA inclusa
    expect(await within(basic).findByText('Impostato a mano diventa il totale del documento · Automatico: € 334,00')).toBeTruthy();
    fireEvent.click(within(basic).getByRole('button', { name: 'Usa il totale automatico' }));
    expect(input(basic, 'Totale IVA incl. (€)').value).toBe('334.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', QUOTE)[0]).toEqual(expect.objectContaining({ totalAmount: '334.00' }));
  });

  it('keeps showing a total set by hand when a line changes, as the server keeps it', async () => {
    const items = [aQuoteItem({ quantity: 4, totalPrice: '200.00', computedPrice: '200.00' })];
    const server = { detail: aDetail({ items, totalAmount: '150.00', totalSetByHand: true }) };
    const { dialog, requests } = await openAdvanced(server, itemRoutes(server));
    const products = await openTab(dialog, 'Products');
    fireEvent.change(input(rowOf(products, 'Tour del Colosseo'), 'Total Price (€)'), { target: { value: '250' } });

    const basic = await openTab(dialog, 'Basic Info');
    expect(input(basic, 'Totale IVA incl. (€)').value).toBe('150.00');
    // € 250,00 + IVA 22%
    expect(within(basic).getByText(/Automatico/).textContent).toBe('Impostato a mano diventa il totale del documento · Automatico: € 305,00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    // the items go, the total set by hand stays as it was
    expect(bodiesOf(requests, 'PUT', `${QUOTE}/items`)).toHaveLength(1);
    expect(bodiesOf(requests, 'PUT', QUOTE).some((body) => 'totalAmount' in (body as object))).toBe(false);
  });

  it('shows the quote number and who created it', async () => {
    const { dialog } = await openAdvanced({ detail: aDetail({ number: '2025/0007', createdById: 'user-1', createdByName: 'Mario Rossi' }) });
    expect(within(dialog).getByText('#A1B2C3 · Scuola Dante Alighieri · N. 2025/0007 · Creato da Mario Rossi')).toBeTruthy();
  });

  it('asks before Escape or Cancel throw away changes, and closes at once without any', async () => {
    const { dialog } = await openAdvanced({ detail: aDetail() });
    const basic = within(dialog).getByRole('tabpanel');
    fireEvent.change(input(basic, 'Subject (optional)'), { target: { value: 'Mine' } });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    let question = await screen.findByRole('dialog', { name: 'Scartare le modifiche?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(input(within(dialog).getByRole('tabpanel'), 'Subject (optional)').value).toBe('Mine');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    question = await screen.findByRole('dialog', { name: 'Scartare le modifiche?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    fireEvent.click(within(screen.getByText('#A1B2C3').closest('tr') as HTMLElement).getByRole('button', { name: 'Advanced' }));
    await screen.findByRole('tab', { name: 'Basic Info' });
    const again = screen.getByRole('dialog', { name: TITLE });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(again.isConnected).toBe(false));
  });
});
