import type { UserView } from '@quotebook/contracts';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/router';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '../app/session';
import { createAppStore } from '../app/store';

// Each page is loaded when its route first matches, so the first render of a test file also compiles
// and loads that page: on a busy machine this takes longer than Testing Library's one-second wait and
// Jest's five-second test limit. The advanced editor's tests make a dozen calls each (about 2 s on a
// quiet machine); on two cores shared with a Docker build they took past 15 s, hence 30.
configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(30_000);

/** Starts from a clean localStorage, optionally holding a signed-in session. */
export function prepareStorage(session?: { token: string; user: UserView }): void {
  window.localStorage.clear();
  if (!session) return;
  window.localStorage.setItem(AUTH_TOKEN_KEY, session.token);
  window.localStorage.setItem(AUTH_USER_KEY, JSON.stringify(session.user));
}

/** The whole app (store, theme, toasts, routes) at `path`. */
export function renderApp(path: string, session?: { token: string; user: UserView }) {
  prepareStorage(session);
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}

/** One component inside the app's providers and a router, for dialogs and forms. */
export function renderWithProviders(ui: ReactElement, session?: { token: string; user: UserView }) {
  prepareStorage(session);
  const store = createAppStore();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
