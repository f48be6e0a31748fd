import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CurrentUserSync } from '../features/auth/CurrentUserSync';
import { RowActionStyles } from '../shared/page/RowActions';
import { ToastHost } from '../shared/toast/ToastHost';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme, the session check and the toast outlet around whatever router is given. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RowActionStyles />
        <CurrentUserSync />
        {children}
        <ToastHost />
      </ThemeProvider>
    </Provider>
  );
}
