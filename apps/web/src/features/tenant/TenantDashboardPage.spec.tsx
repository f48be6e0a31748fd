import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aDashboard, aQuote, aUser, gatewayError, json, on } from '../../test/gateway-stub';
import { renderTenantPage } from '../../test/tenant-page';

const BASE = '/api/tenants/tenant-1';
const recentQuotes = [
  aQuote({ id: 'quote-1', customerName: 'Hotel Bellavista', serviceDate: '2025-06-02', totalAmount: '1200.00', status: 'confirmed' }),
  aQuote({ id: 'quote-2', customerName: 'Scuola Dante Alighieri', serviceDate: '2025-05-15', totalAmount: '365.00', status: 'pending' }),
  aQuote({ id: 'quote-3', customerName: 'Studio Verdi', serviceDate: '2025-04-20', totalAmount: '80.50', status: 'cancelled' }),
  aQuote({ id: 'quote-4', customerName: 'Liceo Galilei', serviceDate: '2025-04-10', totalAmount: '99.00', status: 'closed' }),
  aQuote({ id: 'quote-5', customerName: 'Museo Civico', serviceDate: '2025-04-01', totalAmount: '10.00', status: 'waiting' }),
];
const dashboard = aDashboard({ activeProducts: 7, totalCustomers: 12, quotesThisMonth: 3, revenueMtd: '1565.00', revenueMtdNet: '1282.79', recentQuotes });

function figure(label: string): string {
  return within(screen.getByRole('article', { name: label })).getByRole('paragraph').textContent ?? '';
}

afterEach(() => jest.restoreAllMocks());

describe('TenantDashboardPage', () => {
  it('shows the four figures and the recent quotes from one call', async () => {
    const { requests } = renderTenantPage('/sole/dashboard', [on('GET', `${BASE}/dashboard`, () => json(dashboard))]);

    await waitFor(() => expect(figure('Active Products')).toBe('7'));
    expect(figure('Total Customers')).toBe('12');
    expect(figure('Quotes This Month')).toBe('3');
    expect(figure('Revenue MTD')).toBe('€ 1.565,00');
    // gross, said so, with its net beside it
    expect(within(screen.getByRole('article', { name: 'Revenue MTD' })).getByText('Totale IVA incl. · Imponibile € 1.282,79')).toBeTruthy();
    // the page's own calls: the frame's notification bell is not the page's
    const agencyCalls = requests.filter((request) => request.path.startsWith(`${BASE}/`) && request.path !== `${BASE}/notifications`).map((request) => request.path);
    expect(agencyCalls.sort()).toEqual([`${BASE}/dashboard`, `${BASE}/reports/revenue-by-month`]);

    const recent = screen.getByRole('region', { name: 'Recent Quotes' });
    const rows = within(recent).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(recentQuotes.map((quote) => quote.customerName));
    expect(rows[0].textContent).toBe('Hotel Bellavista02/06/2025€ 1.200,00Confirmed');
    expect(rows[1].textContent).toBe('Scuola Dante Alighieri15/05/2025€ 365,00Pending');
  });

  it('badges confirmed as active, pending as pending and every other status as expired', async () => {
    renderTenantPage('/sole/dashboard', [on('GET', `${BASE}/dashboard`, () => json(dashboard))]);
    const recent = await screen.findByRole('region', { name: 'Recent Quotes' });

    const badge = (customer: string) => within(within(recent).getByRole('listitem', { name: customer })).getByText(/^[A-Z]/, { selector: '.MuiChip-label' }).parentElement as HTMLElement;
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(5));
    expect(badge('Hotel Bellavista').className).toContain('MuiChip-colorSuccess');
    expect(badge('Scuola Dante Alighieri').className).toContain('MuiChip-colorWarning');
    for (const customer of ['Studio Verdi', 'Liceo Galilei', 'Museo Civico']) expect(badge(customer).className).toContain('MuiChip-colorError');
  });

  it('says when there are no quotes yet', async () => {
    renderTenantPage('/sole/dashboard', [on('GET', `${BASE}/dashboard`, () => json(aDashboard({ recentQuotes: [] })))]);
    const recent = await screen.findByRole('region', { name: 'Recent Quotes' });
    expect(await within(recent).findByText('No quotes yet')).toBeTruthy();
  });

  it('offers Create Quote (the quotes page with its creation dialog open), Add Customer, Add Product and View Reports (the reports page)', async () => {
    const { router } = renderTenantPage('/sole/dashboard', [
      on('GET', `${BASE}/dashboard`, () => json(dashboard)),
      (request) => (request.method === 'GET' && request.path.startsWith(`${BASE}/quotes?`) ? json([], 200) : undefined),
      on('GET', `${BASE}/customers`, () => json([])),
      on('GET', `${BASE}/products`, () => json([])),
      on('GET', `${BASE}/price-lists`, () => json([])),
      on('GET', `${BASE}/vat-rates`, () => json([])),
    ]);
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });

    expect(within(actions).getByRole('link', { name: 'Add Customer' }).getAttribute('href')).toBe('/sole/customers');
    expect(within(actions).getByRole('link', { name: 'Add Product' }).getAttribute('href')).toBe('/sole/products');
    expect(within(actions).getByRole('link', { name: 'View Reports' }).getAttribute('href')).toBe('/sole/reports');

    fireEvent.click(within(actions).getByRole('link', { name: 'Create Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sole/quotes'));
    expect(await screen.findByRole('dialog', { name: 'Add Quote' })).toBeTruthy();
    // used once: going back and forth does not open it again
    expect(router.state.location.state).toBeNull();
  });

  it('says the figures could not be loaded instead of showing wrong numbers', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderTenantPage('/sole/dashboard', [on('GET', `${BASE}/dashboard`, () => gatewayError(503, 'quoting did not answer'))]);

    expect(await screen.findByText('Failed to load the dashboard')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Active Products' })).getByText('Could not be loaded')).toBeTruthy();
    expect(figure('Revenue MTD')).toBe('—');
  });

  it('is for admins: a tenant user is sent to quotes without asking for the figures', async () => {
    const clerk = aUser({ role: 'tenant_user' });
    const { router, requests } = renderTenantPage('/sole/dashboard', [], clerk);

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole/quotes'));
    expect(requests.some((request) => request.path === `${BASE}/dashboard`)).toBe(false);
  });
});
