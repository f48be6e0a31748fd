import { act, fireEvent, screen } from '@testing-library/react';
import { aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';
import { AUTH_TOKEN_KEY } from '../../app/session';

const superadmin = aUser({ id: 'sa', username: 'admin', name: 'Platform Admin', role: 'superadmin', tenantId: null });

// the page is its own chunk, loaded once its route matches: wait for it before typing
async function signIn(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => jest.useRealTimers());

describe('SuperadminLoginPage', () => {
  it('shows the spec texts', async () => {
    stubGateway();
    renderApp('/superadmin');

    expect(await screen.findByRole('heading', { name: 'Quotebook' })).toBeTruthy();
    expect(screen.getByText('SuperAdmin Access')).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter username')).toBeTruthy();
    expect((screen.getByPlaceholderText('Enter password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByText('SuperAdmin panel for tenant management')).toBeTruthy();
  });

  it('opens the password-recovery dialog from the Italian link', async () => {
    stubGateway();
    renderApp('/superadmin');

    fireEvent.click(await screen.findByRole('button', { name: 'Hai dimenticato la password?' }));

    expect(screen.getByRole('dialog', { name: 'Recupera Password' })).toBeTruthy();
  });

  it('saves the session and opens the dashboard about 100 ms later', async () => {
    jest.useFakeTimers();
    stubGateway(
      on('POST', '/api/auth/login', () => json({ token: 'token-sa', user: superadmin })),
      on('GET', '/api/auth/me', () => json(superadmin)),
      on('GET', '/api/tenants', () => json([])),
    );
    const { router } = renderApp('/superadmin');

    await signIn('admin', 'secret1');

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('token-sa');
    expect(router.state.location.pathname).toBe('/superadmin');
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(router.state.location.pathname).toBe('/superadmin/dashboard');
  });

  it("shows 'Login Failed' with the server's message", async () => {
    stubGateway(on('POST', '/api/auth/login', () => gatewayError(429, 'Too many attempts. Try again later.')));
    renderApp('/superadmin');

    await signIn('admin', 'wrong');

    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Try again later.')).toBeTruthy();
  });

  it("falls back to 'Invalid credentials'", async () => {
    stubGateway(on('POST', '/api/auth/login', () => new Response(null, { status: 401 })));
    renderApp('/superadmin');

    await signIn('admin', 'wrong');

    expect(await screen.findByText('Invalid credentials')).toBeTruthy();
  });

  it('goes straight to the dashboard when a superadmin is already signed in', async () => {
    stubGateway(on('GET', '/api/auth/me', () => json(superadmin)), on('GET', '/api/tenants', () => json([])));
    const { router } = renderApp('/superadmin', { token: 'token-sa', user: superadmin });

    expect(await screen.findByText('SUPERADMIN PANEL')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superadmin/dashboard');
  });

  it('clears a stored session that the gateway no longer accepts', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubGateway(on('GET', '/api/auth/me', () => gatewayError(503, 'identity did not answer')));
    renderApp('/superadmin', { token: 'token-old', user: superadmin });

    expect(await screen.findByText('SuperAdmin Access')).toBeTruthy();
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    jest.restoreAllMocks();
  });
});
