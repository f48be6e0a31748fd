import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aPublicTenant, aTenant, aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';
import { AUTH_TOKEN_KEY } from '../../app/session';
import { LAST_AGENCY_KEY } from './remembered-agency';

afterEach(() => jest.restoreAllMocks());

const byKeyword = (reply: () => Response) => on('GET', '/api/tenants/by-keyword/sole', reply);

describe('TenantLoginPage status screens', () => {
  it('says an unknown keyword belongs to no tenant, with a way home: the root, for a stranger', async () => {
    stubGateway(byKeyword(() => gatewayError(404, 'Tenant not found', 'Not Found')));
    const { router } = renderApp('/sole');

    expect(await screen.findByRole('heading', { name: 'Tenant Not Found' })).toBeTruthy();
    // exactly one element says it, so a case-insensitive text lookup finds a single match
    expect(screen.getAllByText(/tenant not found/i)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Go to Homepage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin'));
  });

  it("takes a browser that has opened an agency before back to that agency's sign-in, not the operator's", async () => {
    stubGateway(
      byKeyword(() => json(aPublicTenant())),
      on('GET', '/api/tenants/by-keyword/soel', () => gatewayError(404, 'Tenant not found', 'Not Found')),
    );
    const { router } = renderApp('/sole');
    await screen.findByRole('button', { name: 'Sign In' });

    await act(() => router.navigate('/soel'));
    fireEvent.click(await screen.findByRole('button', { name: 'Go to Homepage' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole'));
    expect(await screen.findByRole('heading', { name: 'Agenzia Sole' })).toBeTruthy();
  });

  it('forgets a remembered agency that no longer exists, and then leads to the root', async () => {
    stubGateway(byKeyword(() => gatewayError(404, 'Tenant not found', 'Not Found')));
    const { router } = renderApp('/sole');
    // remembered from an earlier visit (the page itself is still loading)
    window.localStorage.setItem(LAST_AGENCY_KEY, 'sole');

    fireEvent.click(await screen.findByRole('button', { name: 'Go to Homepage' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin'));
    expect(window.localStorage.getItem(LAST_AGENCY_KEY)).toBeNull();
  });

  it('tells a disabled agency to contact support', async () => {
    stubGateway(byKeyword(() => json(aPublicTenant({ status: 'Disabled' }))));
    renderApp('/sole');

    expect(await screen.findByText('Tenant Disabled')).toBeTruthy();
    expect(screen.getByText('This agency is disabled. Please contact support.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('shows the expiry date of an expired agency', async () => {
    stubGateway(byKeyword(() => json(aPublicTenant({ expiryDate: '2025-03-09', status: 'Expired' }))));
    renderApp('/sole');

    expect(await screen.findByText('Tenant Expired')).toBeTruthy();
    expect(screen.getByText('Expiry date: 09/03/2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('offers the sign-in form of an active agency, and of one expiring soon', async () => {
    stubGateway(byKeyword(() => json(aPublicTenant({ status: 'Expiring Soon' }))));
    renderApp('/sole');

    expect(await screen.findByRole('heading', { name: 'Agenzia Sole' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter username')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hai dimenticato la password?' })).toBeTruthy();
  });
});

describe('TenantLoginPage sign-in', () => {
  function signIn() {
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'mario' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('takes a user of this agency to its dashboard', async () => {
    const user = aUser();
    stubGateway(
      byKeyword(() => json(aPublicTenant())),
      on('POST', '/api/auth/login', () => json({ token: 'token-1', user })),
      on('GET', '/api/auth/me', () => json(user)),
      on('GET', '/api/tenants/tenant-1', () => json(aTenant())),
    );
    const { router } = renderApp('/sole');
    await screen.findByRole('button', { name: 'Sign In' });

    signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/sole/dashboard'));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('token-1');
  });

  it("keeps out a user of another agency: 'Access Denied' and no session", async () => {
    const stranger = aUser({ id: 'user-9', tenantId: 'tenant-9' });
    const { requests } = stubGateway(
      byKeyword(() => json(aPublicTenant())),
      on('POST', '/api/auth/login', () => json({ token: 'token-9', user: stranger })),
      on('POST', '/api/auth/logout', () => json({ message: 'Logged out' })),
    );
    const { router } = renderApp('/sole');
    await screen.findByRole('button', { name: 'Sign In' });

    signIn();

    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have access to this tenant.")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sole');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/auth/logout')?.headers.get('authorization')).toBe(
        'Bearer token-9',
      ),
    );
  });

  it("shows the server's reason when the login is refused", async () => {
    stubGateway(
      byKeyword(() => json(aPublicTenant())),
      on('POST', '/api/auth/login', () => gatewayError(403, 'This agency is disabled. Please contact support.', 'Forbidden')),
    );
    renderApp('/sole');
    await screen.findByRole('button', { name: 'Sign In' });

    signIn();

    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('This agency is disabled. Please contact support.')).toBeTruthy();
  });

  it('sends a signed-in superadmin to the SuperAdmin panel', async () => {
    const superadmin = aUser({ id: 'sa', username: 'admin', role: 'superadmin', tenantId: null });
    stubGateway(
      byKeyword(() => json(aPublicTenant())),
      on('GET', '/api/auth/me', () => json(superadmin)),
      on('GET', '/api/tenants', () => json([])),
    );
    const { router } = renderApp('/sole', { token: 'token-sa', user: superadmin });

    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/dashboard'));
  });
});
