import type { PaymentView, QuoteDetailView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { todayIn } from '@quotebook/domain';
import { aCustomer, aDashboard, aPriceList, aQuote, aQuoteDetail, aTenant, aVatRate, gatewayError, json, on, pageOf, type GatewayHandler } from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { depositRequest, depositValuesOf } from './deposit-form';
import { dueText, quoteDueText } from './quote-due';

const BASE = '/api/tenants/tenant-1';
const QUOTES = `${BASE}/quotes`;
const QUOTE = `${QUOTES}/quote-00000000a1b2c3`;
const PAYMENTS = `${QUOTE}/payments`;
const TITLE = 'Edit Quote - Advanced Management';

const aPayment = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  id: 'payment-1',
  quoteId: 'quote-00000000a1b2c3',
  paidOn: '2025-04-10',
  amount: '100.00',
  method: 'bonifico',
  note: null,
  createdAt: '2025-04-10T08:00:00.000Z',
  ...overrides,
});

interface Server {
  detail: QuoteDetailView;
  payments: PaymentView[];
}

/** The quote and its payments as the server keeps them: a payment changes what is paid and due, not the version. */
function routes(server: Server): GatewayHandler[] {
  const figures = () => {
    const paid = server.payments.reduce((sum, payment) => sum + Math.round(Number(payment.amount) * 100), 0);
    const total = Math.round(Number(server.detail.totalAmount) * 100);
    return { paidTotal: (paid / 100).toFixed(2), dueTotal: ((total - paid) / 100).toFixed(2) };
  };
  return [
    (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf([aQuote({ ...server.detail, ...figures() })]) : undefined),
    on('GET', QUOTE, () => json({ ...server.detail, ...figures() })),
    on('GET', PAYMENTS, () => json(server.payments)),
    on('POST', PAYMENTS, (request) => {
      const payment = aPayment({ id: `payment-${server.payments.length + 1}`, ...JSON.parse(request.body) });
      server.payments = [...server.payments, payment];
      return json(payment, 201);
    }),
    (request) => {
      const match = new RegExp(`^${PAYMENTS}/([^/]+)$`).exec(request.path);
      if (request.method !== 'DELETE' || !match) return undefined;
      server.payments = server.payments.filter((payment) => payment.id !== match[1]);
      return new Response(null, { status: 204 });
    },
    on('PUT', QUOTE, (request) => {
      const { version: _version, ...change } = JSON.parse(request.body);
      server.detail = { ...server.detail, ...change, version: server.detail.version + 1 };
      return json(server.detail);
    }),
    on('GET', `${BASE}/customers`, () => json([aCustomer()])),
    on('GET', `${BASE}/products`, () => json([])),
    on('GET', `${BASE}/price-lists`, () => json([aPriceList()])),
    on('GET', `${BASE}/vat-rates`, () => json([aVatRate()])),
  ];
}

async function openPayments(server: Server) {
  const page = renderTenantPage('/sole/quotes', routes(server));
  await screen.findByText('#A1B2C3');
  fireEvent.click(within(screen.getByText('#A1B2C3').closest('tr') as HTMLElement).getByRole('button', { name: 'Advanced' }));
  await screen.findByRole('tab', { name: 'Basic Info' });
  const dialog = screen.getByRole('dialog', { name: TITLE });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'Pagamenti' }));
  return { ...page, dialog, panel: within(dialog).getByRole('tabpanel') };
}

const scheduleValue = (panel: HTMLElement, label: string) => within(within(panel).getByRole('definition', { name: label })).getByText(/./).textContent;

afterEach(() => jest.restoreAllMocks());

describe('payments in the advanced editor', () => {
  it('shows the schedule, records a payment at once and deletes one after a confirmation naming it', async () => {
    const server: Server = {
      detail: aQuoteDetail({ totalAmount: '1000.00', depositKind: 'percent', depositValue: '30.00', depositAmount: '300.00', balanceAmount: '700.00', balanceDueDate: '2025-04-15' }),
      payments: [],
    };
    const { panel, requests } = await openPayments(server);

    expect(await within(panel).findByText('Nessun pagamento registrato')).toBeTruthy();
    expect(scheduleValue(panel, "Acconto (all'accettazione)")).toBe('€ 300,00');
    expect(scheduleValue(panel, 'Saldo entro il 15/04/2025')).toBe('€ 700,00');
    expect(scheduleValue(panel, 'Da incassare')).toBe('€ 1.000,00');

    const record = within(panel).getByRole('group', { name: 'Registra pagamento' });
    expect((within(record).getByLabelText('Data') as HTMLInputElement).value).toBe(todayIn());
    fireEvent.change(within(record).getByLabelText('Importo'), { target: { value: '250' } });
    fireEvent.change(within(record).getByLabelText('Metodo'), { target: { value: 'carta' } });
    fireEvent.click(within(record).getByRole('button', { name: 'Registra pagamento' }));

    expect(await screen.findByText('Pagamento registrato')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', PAYMENTS)).toEqual([{ paidOn: todayIn(), amount: '250', method: 'carta', note: null }]);
    const list = await within(panel).findByRole('list', { name: 'Pagamenti ricevuti' });
    await waitFor(() => expect(scheduleValue(panel, 'Da incassare')).toBe('€ 750,00'));
    expect(scheduleValue(panel, 'Incassato')).toBe('€ 250,00');
    // the editor's own save is not involved: the quote is not written
    expect(bodiesOf(requests, 'PUT', QUOTE)).toEqual([]);

    const item = within(list).getByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: 'Elimina pagamento' }));
    const confirm = await screen.findByRole('dialog', { name: /^Eliminare il pagamento di € 250,00 del / });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Annulla' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Pagamento eliminato')).toBeTruthy();
    await waitFor(() => expect(scheduleValue(panel, 'Da incassare')).toBe('€ 1.000,00'));
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${PAYMENTS}/payment-1`]);
  });

  it('refuses a payment without an amount or dated after today, without a call', async () => {
    const { panel, requests } = await openPayments({ detail: aQuoteDetail(), payments: [] });
    const record = within(panel).getByRole('group', { name: 'Registra pagamento' });
    fireEvent.change(within(record).getByLabelText('Data'), { target: { value: '2999-01-01' } });
    fireEvent.click(within(record).getByRole('button', { name: 'Registra pagamento' }));
    expect(await within(record).findByText('Inserisci la data del pagamento (non oltre oggi)')).toBeTruthy();
    expect(within(record).getByText('Inserisci un importo maggiore di 0')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', PAYMENTS)).toEqual([]);
  });

  it('shows the server\'s reason when a payment is refused', async () => {
    const server: Server = { detail: aQuoteDetail(), payments: [] };
    const page = renderTenantPage('/sole/quotes', [on('POST', PAYMENTS, () => gatewayError(400, ['paidOn cannot be after today'], 'Bad Request')), ...routes(server)]);
    await screen.findByText('#A1B2C3');
    fireEvent.click(within(screen.getByText('#A1B2C3').closest('tr') as HTMLElement).getByRole('button', { name: 'Advanced' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Pagamenti' }));
    const record = screen.getByRole('group', { name: 'Registra pagamento' });
    fireEvent.change(within(record).getByLabelText('Importo'), { target: { value: '10' } });
    fireEvent.click(within(record).getByRole('button', { name: 'Registra pagamento' }));
    expect(await screen.findByText('Impossibile registrare il pagamento')).toBeTruthy();
    expect(screen.getByText('paidOn cannot be after today')).toBeTruthy();
    expect(page.requests.some((request) => request.method === 'POST')).toBe(true);
  });

  it('saves the deposit and the balance days with Update Quote, and checks them first', async () => {
    const server: Server = { detail: aQuoteDetail({ totalAmount: '1000.00' }), payments: [] };
    const { panel, requests, dialog } = await openPayments(server);
    fireEvent.change(within(panel).getByLabelText('Acconto'), { target: { value: 'percent' } });
    fireEvent.change(within(panel).getByLabelText('Acconto (%)'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await within(panel).findByText('Inserisci una percentuale maggiore di 0 e al massimo 100')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', QUOTE)).toEqual([]);

    fireEvent.change(within(panel).getByLabelText('Acconto (%)'), { target: { value: '30' } });
    fireEvent.change(within(panel).getByLabelText('Giorni prima del servizio per il saldo'), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    await waitFor(() => expect(bodiesOf(requests, 'PUT', QUOTE)).toHaveLength(1));
    expect(bodiesOf(requests, 'PUT', QUOTE)[0]).toMatchObject({ depositKind: 'percent', depositValue: '30', balanceDueDays: 15 });
  });
});

describe('deposit terms sent', () => {
  const quote = aQuote({ depositKind: 'amount', depositValue: '200.00', balanceDueDays: null });

  it.each([
    ['nothing when unchanged', depositValuesOf(quote), {}],
    ['nothing when the same amount is written otherwise', { ...depositValuesOf(quote), depositValue: '200' }, {}],
    ['the kind and value when the kind changes', { ...depositValuesOf(quote), depositKind: 'percent' as const, depositValue: '30' }, { depositKind: 'percent', depositValue: '30' }],
    ['no value without a deposit', { ...depositValuesOf(quote), depositKind: 'none' as const }, { depositKind: 'none', depositValue: null }],
    ['the days, and empty days back to the default', { ...depositValuesOf(quote), balanceDueDays: '0' }, { balanceDueDays: 0 }],
  ])('%s', (_, values, expected) => {
    expect(depositRequest(values, quote)).toEqual(expected);
  });
});

describe("the list's and the dashboard's 'Da incassare'", () => {
  it('writes what is due, a surplus, and a dash for a cancelled quote', () => {
    expect(dueText('1200.50')).toBe('€ 1.200,50');
    expect(dueText('-35.00')).toBe('Eccedenza € 35,00');
    expect(quoteDueText({ status: 'cancelled', dueTotal: '100.00' })).toBe('—');
  });

  it('shows the column in the quote list', async () => {
    const rows = [aQuote({ dueTotal: '265.00' }), aQuote({ id: 'quote-000000000000b2', shortId: '0000B2', dueTotal: '-35.00', status: 'confirmed' })];
    renderTenantPage('/sole/quotes', [
      (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf(rows) : undefined),
      on('GET', `${BASE}/customers`, () => json([aCustomer()])),
    ]);
    const table = await screen.findByRole('table');
    await screen.findByText('#A1B2C3');
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    const column = headers.indexOf('Da incassare');
    expect(column).toBeGreaterThan(headers.indexOf('Amount'));
    const cells = (shortId: string) => within(screen.getByText(`#${shortId}`).closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells('A1B2C3')[column].textContent).toBe('€ 265,00');
    expect(cells('0000B2')[column].textContent).toBe('Eccedenza € 35,00');
  });

  it('shows the card on the dashboard', async () => {
    renderTenantPage('/sole/dashboard', [on('GET', `${BASE}/dashboard`, () => json(aDashboard({ dueTotal: '4321.00' })))]);
    const card = await screen.findByRole('article', { name: 'Da incassare' });
    await waitFor(() => expect(within(card).getByRole('paragraph').textContent).toBe('€ 4.321,00'));
  });
});

describe('balance days in Impostazioni', () => {
  it("saves the agency's default days, and refuses more than 365", async () => {
    const tenant = aTenant();
    const { requests } = renderTenantPage('/sole/settings', [
      on('PATCH', `${BASE}/settings`, (request) => json({ ...tenant, ...JSON.parse(request.body) })),
    ]);
    const card = await screen.findByRole('region', { name: 'Pagamenti' });
    const days = within(card).getByLabelText('Giorni prima del servizio per il saldo') as HTMLInputElement;
    expect(days.value).toBe('30');
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salva' }));
    expect(await within(card).findByText('Inserisci un numero intero di giorni da 0 a 365')).toBeTruthy();
    fireEvent.change(days, { target: { value: '45' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Giorni del saldo salvati')).toBeTruthy();
    expect(bodiesOf(requests, 'PATCH', `${BASE}/settings`)).toEqual([{ balanceDueDaysDefault: 45 }]);
  });
});
