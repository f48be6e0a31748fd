import { aUser, gatewayError, json, on, stubGateway } from '../test/gateway-stub';
import { endSession } from '../features/auth/end-session';
import { authApi } from '../features/auth/auth.api';
import {
  AUTH_TOKEN_KEY,
  AUTH_USER_KEY,
  readStoredSession,
  selectCurrentUser,
  selectIsAuthenticated,
  sessionCleared,
  sessionStarted,
} from './session';
import { createAppStore } from './store';

const user = aUser();

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('session storage', () => {
  it('is authenticated only when both auth_token and auth_user exist', () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    expect(selectIsAuthenticated(createAppStore().getState())).toBe(false);

    window.localStorage.clear();
    window.localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
    expect(selectIsAuthenticated(createAppStore().getState())).toBe(false);

    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    const store = createAppStore();
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectCurrentUser(store.getState())).toEqual(user);
  });

  it('treats an unreadable stored user as no user', () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
    window.localStorage.setItem(AUTH_USER_KEY, '{not json');
    expect(readStoredSession(window.localStorage)).toEqual({ token: 'token-1', user: null });
  });

  it('writes a new session to both keys and removes both when cleared', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted({ token: 'token-2', user }));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('token-2');
    expect(JSON.parse(window.localStorage.getItem(AUTH_USER_KEY) ?? 'null')).toEqual(user);

    store.dispatch(sessionCleared());
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });
});

describe(endSession.name, () => {
  function signedInStore() {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-3');
    window.localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
    return createAppStore();
  }

  it('calls POST /api/auth/logout with the bearer token and an empty body, then clears everything', async () => {
    const { requests } = stubGateway(
      on('GET', '/api/auth/me', () => json(user)),
      on('POST', '/api/auth/logout', () => json({ message: 'Logged out' })),
    );
    const store = signedInStore();
    await store.dispatch(authApi.endpoints.currentUser.initiate('token-3'));
    expect(store.getState().api.queries).not.toEqual({});

    await endSession(store.dispatch);

    const logout = requests.find((request) => request.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe('Bearer token-3');
    expect(logout?.body).toBe('');
    expect(logout?.headers.get('content-type')).toBeNull();
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });

  it('clears the session and the cache even when the logout call fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubGateway(
      on('GET', '/api/auth/me', () => json(user)),
      on('POST', '/api/auth/logout', () => gatewayError(503, 'identity did not answer', 'Service Unavailable')),
    );
    const store = signedInStore();
    await store.dispatch(authApi.endpoints.currentUser.initiate('token-3'));

    await endSession(store.dispatch);

    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });
});
