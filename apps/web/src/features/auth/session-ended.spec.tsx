import { screen, waitFor } from '@testing-library/react';
import { reloadPage } from '../../app/page-reload';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '../../app/session';
import { agencyRoutes, aPublicTenant, aTenant, aUser, gatewayError, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';

jest.mock('../../app/page-reload', () => ({ reloadPage: jest.fn() }));

const SESSION_ENDED = 'This session has ended. Please sign in again.';

beforeEach(() => {
  jest.mocked(reloadPage).mockClear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a session the server ends while the page is open (the agency was disabled)', () => {
  it('is cleared on the first 401 and the page reloads onto the agency entry page, which shows Tenant Disabled', async () => {
    const admin = aUser();
    stubGateway(
      ...agencyRoutes(aTenant()),
      on('GET', '/api/auth/me', () => json(admin)),
      on('GET', '/api/tenants/tenant-1/vat-rates', () => gatewayError(401, SESSION_ENDED, 'Unauthorized')),
    );
    const open = renderApp('/sole/vat-rates', { token: 'token-1', user: admin });

    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    open.unmount();

    // the reload: the app starts again from storage, which holds no session any more
    stubGateway(on('GET', '/api/tenants/by-keyword/sole', () => json(aPublicTenant({ status: 'Disabled' }))));
    const reloaded = renderApp('/sole/vat-rates');

    expect(await screen.findByText('Tenant Disabled')).toBeTruthy();
    expect(reloaded.router.state.location.pathname).toBe('/sole');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});
