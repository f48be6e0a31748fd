import { createTheme } from '@mui/material/styles';

/** The one theme: every colour the app shows comes from here. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f5fa8', dark: '#16467d', light: '#4f86c6', contrastText: '#ffffff' },
    secondary: { main: '#0f8b8d', contrastText: '#ffffff' },
    success: { main: '#2e7d32' },
    warning: { main: '#c77700' },
    error: { main: '#c62828' },
    background: { default: '#f3f5f9', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#5b6675' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: [
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.4rem', fontWeight: 600 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    // required inputs keep `required`/aria-required, but labels carry no asterisk: a field's
    // accessible label is exactly its visible name ("Password", not "Password *")
    MuiInputLabel: { defaultProps: { required: false } },
    MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #dfe4ec' } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#5b6675' } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    // the default (non-destructive) toast is a neutral dark panel
    MuiAlert: {
      variants: [{ props: { severity: 'success', variant: 'filled' }, style: { backgroundColor: '#1b2430' } }],
    },
  },
});
