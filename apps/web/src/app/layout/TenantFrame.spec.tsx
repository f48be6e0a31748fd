import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agencyRoutes, aTenant, aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';
import { AUTH_TOKEN_KEY } from '../session';

const tenant = aTenant({ companyName: 'Sole Viaggi S.r.l.', city: 'Roma' });
const admin = aUser();
const agency = agencyRoutes(tenant);
const me = (user = admin) => on('GET', '/api/auth/me', () => json(user));

afterEach(() => jest.restoreAllMocks());

describe('tenant pages', () => {
  it('send whoever is not signed in to the agency entry page', async () => {
    stubGateway(...agency);
    const { router } = renderApp('/sole/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("send a user of another agency back with 'Access Denied'", async () => {
    const stranger = aUser({ id: 'user-9', tenantId: 'tenant-9' });
    stubGateway(...agency, me(stranger));
    const { router } = renderApp('/sole/dashboard', { token: 'token-9', user: stranger });

    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have access to this tenant.")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sole');
  });

  it('frame the dashboard with the agency, a greeting, Logout and the admin tabs', async () => {
    stubGateway(...agency, me(), on('GET', '/api/tenants/tenant-1/notifications', () => json({ unread: 2, items: [] })));
    renderApp('/sole/dashboard', { token: 'token-1', user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Agenzia Sole' })).toBeTruthy();
    expect(screen.getByText('Ciao, Mario Rossi')).toBeTruthy();
    // the bell of the customers' answers, with the unread count
    // asked once the page's own calls are answered (FIRST_ASK_QUIET_MS)
    expect(await screen.findByRole('button', { name: 'Notifiche: 2 non lette' }, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Dashboard', 'Products', 'Customers', 'Quotes', 'Price Lists', 'VAT Rates', 'Template Descrizioni', 'Tags', 'Users', 'Impostazioni', 'Webhooks']);
    expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'VAT Rates' }).getAttribute('href')).toBe('/sole/vat-rates');
  }, 15_000);

  it('find the agency by keyword without the session, then load the whole agency with it', async () => {
    const { requests } = stubGateway(...agency, me());
    renderApp('/sole/dashboard', { token: 'token-1', user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Agenzia Sole' })).toBeTruthy();
    const byKeyword = requests.find((request) => request.path === '/api/tenants/by-keyword/sole');
    const whole = requests.find((request) => request.path === '/api/tenants/tenant-1');
    expect(byKeyword?.headers.get('authorization')).toBeNull();
    expect(whole?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('send the user back to the agency entry page when the whole agency cannot be loaded', async () => {
    stubGateway(on('GET', '/api/tenants/tenant-1', () => gatewayError(404, 'Tenant not found', 'Not Found')), ...agency, me());
    const { router } = renderApp('/sole/dashboard', { token: 'token-1', user: admin });

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole'));
  });

  it('show a superadmin the same tabs in any agency', async () => {
    const superadmin = aUser({ id: 'sa', username: 'admin', role: 'superadmin', tenantId: null });
    stubGateway(...agency, me(superadmin), on('GET', '/api/tenants/tenant-1/users', () => json([])));
    renderApp('/sole/users', { token: 'token-sa', user: superadmin });

    expect(await screen.findByText('No users yet')).toBeTruthy();
    expect(within(screen.getByRole('tablist')).getAllByRole('tab')).toHaveLength(11);
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    // no bell: the customers' answers are the agency's people's
    expect(screen.queryByRole('button', { name: /^Notifiche/ })).toBeNull();
  });

  it.each(['dashboard', 'reports', 'products', 'customers', 'price-lists', 'vat-rates', 'tags', 'users', 'settings', 'webhooks'])(
    'send a tenant user from %s to quotes, framed with the Quotes tab alone',
    async (segment) => {
      const clerk = aUser({ role: 'tenant_user' });
      const { requests } = stubGateway(...agency, me(clerk));
      const { router } = renderApp(`/sole/${segment}`, { token: 'token-1', user: clerk });

      await waitFor(() => expect(router.state.location.pathname).toBe('/sole/quotes'));
      expect(await screen.findByText('Ciao, Mario Rossi')).toBeTruthy();
      const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Quotes']);
      expect(await screen.findByRole('heading', { level: 1, name: 'Quote Management' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Quotes' }).getAttribute('aria-selected')).toBe('true');
      // the admin page never asked for its data: only the quotes page's own calls (and the frame's bell) went out
      const pageCalls = requests.map((request) => request.path).filter((path) => path.startsWith('/api/tenants/tenant-1/'));
      expect(pageCalls.every((path) => /^\/api\/tenants\/tenant-1\/(quotes\?|quotes\/creators$|customers$|notifications$)/.test(path))).toBe(true);
    },
  );

  it('greet a user without a name generically', async () => {
    const nameless = aUser({ name: '' });
    stubGateway(...agency, me(nameless));
    renderApp('/sole/dashboard', { token: 'token-1', user: nameless });

    expect(await screen.findByText('Ciao, Utente')).toBeTruthy();
  });

  it('log out to the agency entry page, clearing the session even if the call fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubGateway(...agency, me(), on('POST', '/api/auth/logout', () => gatewayError(503, 'down')));
    const { router } = renderApp('/sole/dashboard', { token: 'token-1', user: admin });

    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});

describe('settings page', () => {
  it('saves the company information', async () => {
    const { requests } = stubGateway(
      ...agency,
      me(),
      on('PATCH', '/api/tenants/tenant-1/settings', (request) => json({ ...tenant, ...JSON.parse(request.body) })),
    );
    renderApp('/sole/settings', { token: 'token-1', user: admin });

    const companyName = (await screen.findByLabelText('Company Name')) as HTMLInputElement;
    expect(companyName.value).toBe('Sole Viaggi S.r.l.');
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'www.soleviaggi.it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Tenant settings updated successfully')).toBeTruthy();
    const body = JSON.parse(requests.find((request) => request.method === 'PATCH')?.body ?? '{}');
    expect(body).toEqual(expect.objectContaining({ companyName: 'Sole Viaggi S.r.l.', website: 'www.soleviaggi.it', phone: null }));
  });

  it('checks the email and website before saving', async () => {
    const { requests } = stubGateway(...agency, me());
    renderApp('/sole/settings', { token: 'token-1', user: admin });

    fireEvent.change(await screen.findByLabelText('Reference Email'), { target: { value: 'info@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('refuses a logo in the wrong format before uploading', async () => {
    const { requests } = stubGateway(...agency, me());
    renderApp('/sole/settings', { token: 'token-1', user: admin });

    const input = (await screen.findByLabelText(/Upload Logo/)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] } });

    expect(await screen.findByText('Failed to upload logo')).toBeTruthy();
    expect(screen.getByText('Only JPG, PNG and GIF images are allowed')).toBeTruthy();
    expect(requests.some((request) => request.path.endsWith('/logo'))).toBe(false);
  });
});
