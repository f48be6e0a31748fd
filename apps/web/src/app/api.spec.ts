import { aPublicTenant, aTenant, aUser, gatewayError, json, on, stubGateway } from '../test/gateway-stub';
import { authApi } from '../features/auth/auth.api';
import { superadminApi } from '../features/superadmin/superadmin.api';
import { tenantApi } from '../features/tenant/tenant.api';
import { SESSION_EXPIRED_MESSAGE } from './api';
import { reloadPage } from './page-reload';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY, selectIsAuthenticated } from './session';
import { createAppStore } from './store';

jest.mock('./page-reload', () => ({ reloadPage: jest.fn() }));

const superadmin = aUser({ id: 'sa', username: 'admin', role: 'superadmin', tenantId: null });

function signedInStore() {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-sa');
  window.localStorage.setItem(AUTH_USER_KEY, JSON.stringify(superadmin));
  return createAppStore();
}

beforeEach(() => {
  window.localStorage.clear();
  jest.mocked(reloadPage).mockClear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('gateway base query', () => {
  it.each([401, 403])('on %i clears the session, warns and reloads the page', async (status) => {
    stubGateway(on('GET', '/api/tenants', () => gatewayError(status, 'Unauthorized')));
    const store = signedInStore();

    const result = await store.dispatch(superadminApi.endpoints.listTenants.initiate());

    expect(result.error).toEqual(expect.objectContaining({ status, message: SESSION_EXPIRED_MESSAGE }));
    expect(console.warn).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(AUTH_USER_KEY)).toBeNull();
  });

  it('leaves a refused login alone: the page shows the reason', async () => {
    stubGateway(on('POST', '/api/auth/login', () => gatewayError(401, 'Invalid credentials', 'Unauthorized')));
    const store = signedInStore();

    const result = await store.dispatch(authApi.endpoints.login.initiate({ username: 'x', password: 'y' }));

    expect('error' in result && result.error).toEqual(
      expect.objectContaining({ status: 401, serverMessage: 'Invalid credentials' }),
    );
    expect(reloadPage).not.toHaveBeenCalled();
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('does not reload when there was no session to expire', async () => {
    stubGateway(on('GET', '/api/tenants', () => gatewayError(401, 'Unauthorized')));
    const store = createAppStore();

    const result = await store.dispatch(superadminApi.endpoints.listTenants.initiate());

    expect(result.error).toEqual(expect.objectContaining({ status: 401, serverMessage: 'Unauthorized' }));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('words other failures as `status: body text`', async () => {
    stubGateway(on('GET', '/api/tenants', () => new Response('body', { status: 404, statusText: 'Not Found' })));
    const store = signedInStore();

    const result = await store.dispatch(superadminApi.endpoints.listTenants.initiate());

    expect(result.error).toEqual(expect.objectContaining({ status: 404, message: '404: body' }));
  });

  it('uses the status text when the body is empty', async () => {
    stubGateway(on('GET', '/api/tenants', () => new Response(null, { status: 502, statusText: 'Bad Gateway' })));
    const store = signedInStore();

    const result = await store.dispatch(superadminApi.endpoints.listTenants.initiate());

    expect(result.error).toEqual(expect.objectContaining({ status: 502, message: '502: Bad Gateway' }));
  });

  it('sends the bearer token, and a JSON content type only with a body', async () => {
    const { requests } = stubGateway(
      on('GET', '/api/tenants', () => json([])),
      on('POST', '/api/tenants', () => json(aTenant(), 201)),
    );
    const store = signedInStore();

    await store.dispatch(superadminApi.endpoints.listTenants.initiate());
    await store.dispatch(
      superadminApi.endpoints.createTenant.initiate({
        name: 'Agenzia Sole',
        keyword: 'sole',
        languages: ['it'],
        expiryDate: '2030-12-31',
        enabled: true,
        adminUsername: 'sole',
        adminPassword: 'secret1',
        adminName: 'Mario Rossi',
        adminEmail: 'mario@sole.it',
      }),
    );

    const [list, create] = requests;
    expect(list.headers.get('authorization')).toBe('Bearer token-sa');
    expect(list.headers.get('content-type')).toBeNull();
    expect(create.headers.get('authorization')).toBe('Bearer token-sa');
    expect(create.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(create.body)).toEqual(expect.objectContaining({ keyword: 'sole', adminPassword: 'secret1' }));
  });

  it('looks a tenant up by keyword without the bearer header', async () => {
    const { requests } = stubGateway(on('GET', '/api/tenants/by-keyword/sole', () => json(aPublicTenant())));
    const store = signedInStore();

    await store.dispatch(tenantApi.endpoints.getTenantByKeyword.initiate('sole'));

    expect(requests[0].headers.get('authorization')).toBeNull();
  });
});
