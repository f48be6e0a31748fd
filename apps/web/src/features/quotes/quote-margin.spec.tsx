import type { QuoteDetailView, UserView } from '@quotebook/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  aCustomer,
  aPeriod,
  aProduct,
  aQuote,
  aQuoteDetail,
  aQuoteItem,
  aTenant,
  aUser,
  aVatRate,
  json,
  on,
  pageOf,
  type GatewayHandler,
} from '../../test/gateway-stub';
import { bodiesOf, renderTenantPage } from '../../test/tenant-page';
import { canSeeCosts, marginShown, quoteMarginText, sumMargins } from './quote-margin';

const BASE = '/api/tenants/tenant-1';
const QUOTES = `${BASE}/quotes`;
const QUOTE = `${QUOTES}/quote-00000000a1b2c3`;
const TITLE = 'Edit Quote - Advanced Management';
const user = aUser({ id: 'user-2', username: 'giulia', name: 'Giulia Bianchi', role: 'tenant_user' });
const hidingAgency = aTenant({ costVisibleToUsers: false });

/**
 * € 25 a person and € 100 flat, VAT 22 % on top; the supplier charges € 15 a person and gives 1 free
 * place every 20 paying: 21 people are 20 paying + 1 free, € 600 for a cost of € 315.
 */
const colosseo = aProduct({
  vatRateId: 'vat-22',
  availability: [
    aPeriod({
      startDate: '2025-04-01',
      endDate: '2025-06-30',
      costPerPerson: '25.00',
      hasFlatRate: true,
      flatRate: '100.00',
      supplierCostPerPerson: '15.00',
      freePlacesEvery: 20,
      freePlacesCount: 1,
    }),
  ],
});

const costed = aQuoteItem({
  quantity: 21,
  unitPrice: '25.00',
  totalPrice: '600.00',
  computedPrice: '600.00',
  netPrice: '600.00',
  vatAmount: '132.00',
  grossPrice: '732.00',
  chargedParticipants: 21,
  cost: '315.00',
  costSource: 'auto',
  freePlaces: 1,
  payingParticipants: 20,
  pricePerPerson: '36.60',
  margin: '285.00',
  marginPercent: '47.50',
});

function aDetail(overrides: Partial<QuoteDetailView> = {}): QuoteDetailView {
  return aQuoteDetail({
    totalAmount: '732.00',
    netAmount: '600.00',
    vatAmount: '132.00',
    costTotal: '315.00',
    marginTotal: '285.00',
    marginPercent: '47.50',
    items: [costed],
    ...overrides,
  });
}

function routes(detail: QuoteDetailView, extra: GatewayHandler[] = []): GatewayHandler[] {
  return [
    ...extra,
    (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf([aQuote({ ...detail })]) : undefined),
    on('GET', QUOTE, () => json(detail)),
    on('PUT', QUOTE, () => json(detail)),
    on('PUT', `${QUOTE}/items`, () => json(detail.items)),
    on('GET', `${BASE}/customers`, () => json([aCustomer()])),
    on('GET', `${BASE}/products`, () => json([colosseo])),
    on('GET', `${BASE}/price-lists`, () => json([])),
    on('GET', `${BASE}/vat-rates`, () => json([aVatRate()])),
  ];
}

async function openProducts(detail: QuoteDetailView, extra: GatewayHandler[] = [], as?: UserView) {
  const page = renderTenantPage('/sole/quotes', routes(detail, extra), as);
  await screen.findByText('#A1B2C3');
  fireEvent.click(within(screen.getByText('#A1B2C3').closest('tr') as HTMLElement).getByRole('button', { name: 'Advanced' }));
  await screen.findByRole('tab', { name: 'Basic Info' });
  const dialog = screen.getByRole('dialog', { name: TITLE });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'Products' }));
  const panel = within(dialog).getByRole('tabpanel');
  await within(panel).findByRole('row', { name: 'Tour del Colosseo' });
  return { ...page, dialog, panel };
}

const tableRow = (panel: HTMLElement, table: string, title: string) => within(within(panel).getByRole('table', { name: table })).getByRole('row', { name: title });
const figuresText = (panel: HTMLElement) => within(panel).getByRole('group', { name: 'Costo, prezzo e margine' }).textContent;

afterEach(() => jest.restoreAllMocks());

describe('cost and margin, as the agency reads them', () => {
  it('are shown to admins always, to users while the agency lets them', () => {
    expect(canSeeCosts({ role: 'tenant_admin' }, hidingAgency)).toBe(true);
    expect(canSeeCosts({ role: 'tenant_user' }, aTenant())).toBe(true);
    expect(canSeeCosts({ role: 'tenant_user' }, hidingAgency)).toBe(false);
  });

  it.each([
    [{ marginTotal: '285.00', marginPercent: '47.50' }, '€ 285,00 (47,50%)'],
    [{ marginTotal: '-12.5', marginPercent: '-4.17' }, '-€ 12,50 (-4,17%)'],
    [{ marginTotal: '0.00', marginPercent: null }, '€ 0,00'],
    [{ marginTotal: null, marginPercent: null }, null],
  ])('the list reads %j as %p', (quote, text) => {
    expect(quoteMarginText(quote)).toBe(text);
  });

  it('adds the lines up: a line without a cost costs nothing, no cost at all is no margin', () => {
    expect(sumMargins([
      { costCents: 31_500, netCents: 60_000, marginCents: 28_500, marginPercent: '47.50' },
      { costCents: null, netCents: 20_000, marginCents: null, marginPercent: null },
    ])).toEqual({ costCents: 31_500, netCents: 80_000, marginCents: 48_500, marginPercent: '60.63' });
    expect(sumMargins([{ costCents: null, netCents: 20_000, marginCents: null, marginPercent: null }]).marginCents).toBeNull();
  });

  it('gives the list a Margine column for admins only, while a quote of the page carries a margin', () => {
    expect(marginShown({ role: 'tenant_admin' }, [{ marginTotal: null }, { marginTotal: '1.00' }])).toBe(true);
    expect(marginShown({ role: 'tenant_admin' }, [{ marginTotal: null }])).toBe(false);
    expect(marginShown({ role: 'tenant_user' }, [{ marginTotal: '1.00' }])).toBe(false);
  });
});

describe('quotes list: Margine', () => {
  const withMargin = aQuote({ marginTotal: '285.00', marginPercent: '47.50', costTotal: '315.00' });
  const withoutCost = aQuote({ id: 'quote-000000000000ff01', customerName: 'Hotel Bellavista' });
  const list = (quotes: ReturnType<typeof aQuote>[]): GatewayHandler => (request) =>
    request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf(quotes) : undefined;
  const headers = () => within(screen.getByRole('table', { name: 'Quote Management' })).getAllByRole('columnheader').map((cell) => cell.textContent);

  it('shows an admin each quote’s margin and its percentage, a dash without a cost', async () => {
    renderTenantPage('/sole/quotes', [list([withMargin, withoutCost]), on('GET', `${BASE}/customers`, () => json([]))]);
    await screen.findByText('#A1B2C3');
    expect(headers()).toContain('Margine');
    const column = headers().indexOf('Margine');
    const cells = (shortId: string) => within(screen.getByText(shortId).closest('tr') as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('#A1B2C3')[column]).toBe('€ 285,00 (47,50%)');
    expect(cells('#00FF01')[column]).toBe('—');
  });

  it('has no Margine column for a user, nor while no quote carries a margin', async () => {
    const first = renderTenantPage('/sole/quotes', [list([withMargin]), on('GET', `${BASE}/customers`, () => json([]))], user);
    await screen.findByText('#A1B2C3');
    expect(headers()).not.toContain('Margine');
    expect(screen.queryByText('€ 285,00 (47,50%)')).toBeNull();
    first.unmount();

    renderTenantPage('/sole/quotes', [list([withoutCost]), on('GET', `${BASE}/customers`, () => json([]))]);
    await screen.findByText('#00FF01');
    expect(headers()).not.toContain('Margine');
  });
});

describe('advanced editor: cost, margin, free places and optional lines', () => {
  it('shows each line’s free places, cost and margin and the totals; a cost typed by hand moves the margin, automatico goes back', async () => {
    const { panel } = await openProducts(aDetail());
    const line = tableRow(panel, 'Chosen products', 'Tour del Colosseo');

    expect(within(line).getByText('20 + 1 gratuità')).toBeTruthy();
    const cost = within(line).getByLabelText('Costo (€)') as HTMLInputElement;
    expect(cost.value).toBe('');
    expect(cost.placeholder).toBe('315.00');
    expect(within(line).getByText('Margine € 285,00 (47,50%)')).toBeTruthy();
    expect(figuresText(panel)).toBe('Costo totale: € 315,00Prezzo (imponibile): € 600,00Margine totale: € 285,00 (47,50%)');

    fireEvent.change(cost, { target: { value: '400' } });
    expect(within(line).getByText('Margine € 200,00 (33,33%)')).toBeTruthy();
    expect(figuresText(panel)).toBe('Costo totale: € 400,00Prezzo (imponibile): € 600,00Margine totale: € 200,00 (33,33%)');

    fireEvent.click(within(line).getByRole('button', { name: 'automatico' }));
    expect(cost.value).toBe('');
    expect(within(line).getByText('Margine € 285,00 (47,50%)')).toBeTruthy();
  });

  it('keeps an optional line apart, under Servizi facoltativi and out of the total, and saves it with its cost', async () => {
    const { panel, dialog, requests } = await openProducts(aDetail());
    const line = tableRow(panel, 'Chosen products', 'Tour del Colosseo');
    fireEvent.change(within(line).getByLabelText('Costo (€)'), { target: { value: '350' } });

    fireEvent.click(within(line).getByRole('checkbox', { name: 'Facoltativo' }));
    const offered = tableRow(panel, 'Servizi facoltativi', 'Tour del Colosseo');
    expect(within(offered).getByRole('checkbox', { name: 'Facoltativo' })).toHaveProperty('checked', true);
    expect(within(panel).getByText('Offerti a parte: non entrano nel totale.')).toBeTruthy();
    expect(within(panel).getByText('Totale servizi facoltativi: € 732,00')).toBeTruthy();
    expect(within(panel).queryByRole('table', { name: 'Chosen products' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Basic Info' }));
    await waitFor(() => expect((within(dialog).getByLabelText('Totale IVA incl. (€)') as HTMLInputElement).value).toBe('0.00'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'PUT', `${QUOTE}/items`)).toEqual([
      {
        items: [{ productId: 'product-1', quantity: 21, orderConfirmed: false, confirmedParticipants: 0, totalPrice: null, optional: true, cost: '350' }],
        version: 3,
      },
    ]);
  });

  it('shows a user of an agency that keeps costs from its users no cost, no margin, and keeps a cost set by hand as it is', async () => {
    const hidden = aDetail({
      costTotal: null,
      marginTotal: null,
      marginPercent: null,
      items: [{ ...costed, cost: null, costSource: 'manual', margin: null, marginPercent: null }],
    });
    const { panel, dialog, requests } = await openProducts(hidden, [on('GET', `${BASE}`, () => json(hidingAgency))], user);
    const line = tableRow(panel, 'Chosen products', 'Tour del Colosseo');

    expect(within(line).getByText('20 + 1 gratuità')).toBeTruthy();
    expect(within(panel).queryByLabelText('Costo (€)')).toBeNull();
    expect(within(panel).queryByRole('columnheader', { name: 'Costo e margine' })).toBeNull();
    expect(within(panel).queryByRole('group', { name: 'Costo, prezzo e margine' })).toBeNull();
    expect(within(panel).queryByText(/Margine/)).toBeNull();

    fireEvent.click(within(line).getByRole('checkbox', { name: 'Facoltativo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Quote' }));
    expect(await screen.findByText('Quote updated successfully')).toBeTruthy();
    const [body] = bodiesOf(requests, 'PUT', `${QUOTE}/items`) as { items: Record<string, unknown>[] }[];
    expect(body.items[0]).toEqual(expect.objectContaining({ optional: true }));
    expect(body.items[0]).not.toHaveProperty('cost');
  });
});

describe('new quote: free places and optional lines', () => {
  it('shows the free places and the cost live, and sends a line marked optional as such, out of the total', async () => {
    const { requests } = renderTenantPage('/sole/quotes', [
      on('POST', QUOTES, () => json(aQuoteDetail({ id: 'quote-new' }), 201)),
      (request) => (request.method === 'GET' && request.path.startsWith(`${QUOTES}?`) ? pageOf([], 0) : undefined),
      on('GET', `${BASE}/customers`, () => json([aCustomer()])),
      on('GET', `${BASE}/products`, () => json([colosseo])),
      on('GET', `${BASE}/price-lists`, () => json([])),
      on('GET', `${BASE}/vat-rates`, () => json([aVatRate()])),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quote' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Tour del Colosseo' }));
    await waitFor(() => expect((within(dialog).getByLabelText('Customer') as HTMLSelectElement).options.length).toBeGreaterThan(1));
    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: 'customer-1' } });
    fireEvent.change(within(dialog).getByLabelText('Service Date'), { target: { value: '2025-05-15' } });
    const line = tableRow(dialog, 'Chosen products', 'Tour del Colosseo');
    fireEvent.change(within(line).getByLabelText('Quantity'), { target: { value: '21' } });

    expect(within(line).getByText('20 + 1 gratuità')).toBeTruthy();
    expect(within(line).getByRole('group', { name: 'Price' }).textContent).toContain('€ 600,00');
    expect(within(line).getByText('€ 315,00')).toBeTruthy();
    expect(within(line).getByText('Margine € 285,00 (47,50%)')).toBeTruthy();
    expect(within(dialog).getByText('Totale IVA incl.: € 732,00')).toBeTruthy();

    fireEvent.click(within(line).getByRole('checkbox', { name: 'Facoltativo' }));
    expect(tableRow(dialog, 'Servizi facoltativi', 'Tour del Colosseo')).toBeTruthy();
    expect(within(dialog).getByText('Totale IVA incl.: € 0,00')).toBeTruthy();
    expect(within(dialog).getByText('Totale servizi facoltativi: € 732,00')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText('Quote created successfully')).toBeTruthy();
    expect(bodiesOf(requests, 'POST', QUOTES)).toEqual([expect.objectContaining({ items: [{ productId: 'product-1', quantity: 21, optional: true }] })]);
  });
});
