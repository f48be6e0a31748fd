import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomer, aProduct, gatewayError, json, on } from '../../test/gateway-stub';
import { renderTenantPage } from '../../test/tenant-page';

const BASE = '/api/tenants/tenant-1';
const products = Array.from({ length: 7 }, (_, index) => aProduct({ id: `product-${index}`, code: `P0000${index}` }));
const customers = Array.from({ length: 12 }, (_, index) => aCustomer({ id: `customer-${index}`, name: `Cliente ${index}` }));

function figure(label: string): string {
  return within(screen.getByRole('article', { name: label })).getByRole('paragraph').textContent ?? '';
}

afterEach(() => jest.restoreAllMocks());

describe('TenantDashboardPage', () => {
  it('shows Active Products and Total Customers from one call each, whatever the number of rows', async () => {
    const { requests } = renderTenantPage('/sole/dashboard', [
      on('GET', `${BASE}/products`, () => json(products)),
      on('GET', `${BASE}/customers`, () => json(customers)),
    ]);

    await waitFor(() => expect(figure('Active Products')).toBe('7'));
    await waitFor(() => expect(figure('Total Customers')).toBe('12'));
    const catalogueCalls = requests.filter((request) => request.path.startsWith(`${BASE}/`)).map((request) => request.path);
    expect(catalogueCalls.sort()).toEqual([`${BASE}/customers`, `${BASE}/products`]);
  });

  it('offers Add Customer, Add Product and View Reports, which is not available yet', async () => {
    const { router } = renderTenantPage('/sole/dashboard', [
      on('GET', `${BASE}/products`, () => json(products)),
      on('GET', `${BASE}/customers`, () => json([])),
    ]);
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });

    expect(within(actions).getByRole('link', { name: 'Add Customer' }).getAttribute('href')).toBe('/sole/customers');
    const reports = within(actions).getByRole('button', { name: 'View Reports' }) as HTMLButtonElement;
    expect(reports.disabled).toBe(true);
    expect(within(actions).getByText('Reports are not available yet.')).toBeTruthy();

    fireEvent.click(within(actions).getByRole('link', { name: 'Add Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sole/products'));
  });

  it('says a figure could not be loaded instead of showing a wrong number', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderTenantPage('/sole/dashboard', [
      on('GET', `${BASE}/products`, () => gatewayError(503, 'catalogue did not answer')),
      on('GET', `${BASE}/customers`, () => json(customers)),
    ]);

    await waitFor(() => expect(figure('Total Customers')).toBe('12'));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Active Products' })).getByText('Could not be loaded')).toBeTruthy());
    expect(figure('Active Products')).toBe('—');
  });
});
