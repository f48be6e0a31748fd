import { configureStore } from '@reduxjs/toolkit';
import { toastSlice } from '../shared/toast/toast.slice';
import { api } from './api';
import { readStoredSession, sessionSlice, writeStoredSession } from './session';

/** The store starts from the stored session and writes every session change back to storage. */
export function createAppStore(storage: Storage = window.localStorage) {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      session: sessionSlice.reducer,
      toast: toastSlice.reducer,
    },
    preloadedState: { session: readStoredSession(storage) },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });

  let stored = store.getState().session;
  store.subscribe(() => {
    const session = store.getState().session;
    if (session === stored) return;
    stored = session;
    writeStoredSession(session, storage);
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
