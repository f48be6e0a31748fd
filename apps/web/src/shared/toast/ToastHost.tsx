import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useDispatch, useSelector } from 'react-redux';
import { useDialogOpen } from './dialog-open';
import { selectCurrentToast, TOAST_DURATION_MS, toastDismissed } from './toast.slice';

/**
 * A dialog keeps its buttons at its bottom (right-aligned, full width on a phone): while one is open
 * the toast goes to the top of the screen, where no dialog action sits.
 */
const TOP_CENTER = { vertical: 'top', horizontal: 'center' } as const;
const BOTTOM_RIGHT = { vertical: 'bottom', horizontal: 'right' } as const;

/**
 * Renders the one current toast; keyed by id so a new toast replaces the old one at once. Each toast
 * gets its own node at the end of the body: an open dialog hides the rest of the page from assistive
 * technology, and a toast added after it opened must still be announced.
 */
export function ToastHost() {
  const toast = useSelector(selectCurrentToast);
  const dispatch = useDispatch();
  const dialogOpen = useDialogOpen(toast !== null);
  if (!toast) return null;

  const dismiss = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    dispatch(toastDismissed(toast.id));
  };
  const destructive = toast.variant === 'destructive';

  return (
    <Portal key={toast.id}>
      <Snackbar
        open
        autoHideDuration={TOAST_DURATION_MS}
        onClose={dismiss}
        anchorOrigin={dialogOpen ? TOP_CENTER : BOTTOM_RIGHT}
      >
        <Alert
          onClose={() => dismiss()}
          severity={destructive ? 'error' : 'success'}
          icon={destructive ? undefined : false}
          variant="filled"
          sx={{ width: '100%', minWidth: 300, maxWidth: 440 }}
          data-variant={toast.variant ?? 'default'}
        >
          <AlertTitle>{toast.title}</AlertTitle>
          {toast.description}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
