import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResponse, UserView } from '@quotebook/contracts';

/** The session's storage keys never change: other tabs and older builds read the same entries. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const AUTH_USER_KEY = 'auth_user';

export type SessionUser = UserView;

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
}

export interface SessionRootState {
  session: SessionState;
}

const emptySession: SessionState = { token: null, user: null };

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const candidate = value as Partial<SessionUser>;
    return typeof candidate.role === 'string' && typeof candidate.username === 'string'
      ? (candidate as SessionUser)
      : null;
  } catch {
    return null;
  }
}

/** Storage can throw (private browsing, quota): a session that cannot be read is no session. */
export function readStoredSession(storage: Storage): SessionState {
  try {
    const token = storage.getItem(AUTH_TOKEN_KEY);
    return { token: token || null, user: parseUser(storage.getItem(AUTH_USER_KEY)) };
  } catch {
    return emptySession;
  }
}

export function writeStoredSession(session: SessionState, storage: Storage): void {
  try {
    if (session.token) storage.setItem(AUTH_TOKEN_KEY, session.token);
    else storage.removeItem(AUTH_TOKEN_KEY);
    if (session.user) storage.setItem(AUTH_USER_KEY, JSON.stringify(session.user));
    else storage.removeItem(AUTH_USER_KEY);
  } catch (error) {
    console.warn('Could not store the session', error);
  }
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: emptySession,
  reducers: {
    sessionStarted(_state, action: PayloadAction<LoginResponse>) {
      return { token: action.payload.token, user: action.payload.user };
    },
    currentUserLoaded(state, action: PayloadAction<SessionUser>) {
      if (state.token) state.user = action.payload;
    },
    sessionCleared() {
      return emptySession;
    },
  },
});

export const { sessionStarted, currentUserLoaded, sessionCleared } = sessionSlice.actions;

export const selectToken = (state: SessionRootState) => state.session.token;

/** Authenticated only when both the token and the user exist; either one alone is no session. */
export const selectIsAuthenticated = (state: SessionRootState) =>
  Boolean(state.session.token && state.session.user);

export const selectCurrentUser = (state: SessionRootState): SessionUser | null =>
  selectIsAuthenticated(state) ? state.session.user : null;
