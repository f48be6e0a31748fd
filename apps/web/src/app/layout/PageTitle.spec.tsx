import { screen, waitFor } from '@testing-library/react';
import { agencyRoutes, aTenant, aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';
import { renderTenantPage } from '../../test/tenant-page';

const superadmin = aUser({ id: 'sa', username: 'admin', role: 'superadmin', tenantId: null });

afterEach(() => jest.restoreAllMocks());

describe('the browser tab', () => {
  it.each([
    ['/sole/dashboard', 'Dashboard · Agenzia Sole · Quotebook'],
    ['/sole/products', 'Products · Agenzia Sole · Quotebook'],
    ['/sole/customers', 'Customers · Agenzia Sole · Quotebook'],
    ['/sole/quotes', 'Quotes · Agenzia Sole · Quotebook'],
    ['/sole/price-lists', 'Price Lists · Agenzia Sole · Quotebook'],
    ['/sole/vat-rates', 'VAT Rates · Agenzia Sole · Quotebook'],
    ['/sole/tags', 'Tags · Agenzia Sole · Quotebook'],
    ['/sole/users', 'Users · Agenzia Sole · Quotebook'],
    ['/sole/settings', 'Impostazioni · Agenzia Sole · Quotebook'],
  ])('names %s after the screen and its agency', async (path, title) => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderTenantPage(path, []);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it("names an agency's entry page after the agency", async () => {
    stubGateway(...agencyRoutes(aTenant()));
    renderApp('/sole');

    await screen.findByRole('button', { name: 'Sign In' });
    expect(document.title).toBe('Sign In · Agenzia Sole · Quotebook');
  });

  it('says so when no agency uses the keyword', async () => {
    stubGateway(on('GET', '/api/tenants/by-keyword/nessuna', () => gatewayError(404, 'Tenant not found', 'Not Found')));
    renderApp('/nessuna');

    await screen.findByRole('heading', { name: 'Tenant Not Found' });
    expect(document.title).toBe('Tenant Not Found · Quotebook');
  });

  it.each([
    ['/superadmin', undefined, 'SuperAdmin Access · Quotebook'],
    ['/superadmin/dashboard', superadmin, 'Tenant Management · Quotebook'],
    ['/reset-password?token=abc', undefined, 'Reimposta Password · Quotebook'],
    ['/sole/no-such-tab', undefined, 'Page Not Found · Quotebook'],
  ])('names %s', async (path, user, title) => {
    stubGateway(on('GET', '/api/auth/me', () => json(superadmin)), on('GET', '/api/tenants', () => json([])));
    renderApp(path, user ? { token: 'token-sa', user } : undefined);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows the user from page to page', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderTenantPage('/sole/dashboard', []);
    await waitFor(() => expect(document.title).toBe('Dashboard · Agenzia Sole · Quotebook'));

    await router.navigate('/sole/tags');

    await waitFor(() => expect(document.title).toBe('Tags · Agenzia Sole · Quotebook'));
  });
});
