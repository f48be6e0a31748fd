import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_TEXTS = {
  title: 'Scartare le modifiche?',
  message: 'Le modifiche non salvate andranno perse.',
  keep: 'Continua a modificare',
  discard: 'Scarta',
} as const;

export interface UnsavedChangesGuard {
  /** what Escape, the backdrop and Cancel call: asks first when there are changes, else closes */
  requestClose: () => void;
  /** the question; render it once */
  dialog: ReactNode;
}

/**
 * Keeps a form's changes from being lost without asking: while `dirty`, closing the form (Escape,
 * the backdrop, Cancel), leaving the page inside the app (Back, a link) and reloading or closing the
 * tab all ask first. Reload and tab close get the browser's own question (`beforeunload`, registered
 * only while there are changes); the others get "Scartare le modifiche?", its focus on keeping them.
 *
 * Usage: const guard = useUnsavedChanges(dirty, onClose);
 *        <Dialog onClose={guard.requestClose}> … <Button onClick={guard.requestClose}>Cancel</Button> … {guard.dialog}
 */
export function useUnsavedChanges(dirty: boolean, close: () => void): UnsavedChangesGuard {
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const messageId = useId();
  // the app's own navigation (Back included) waits for the answer; moving within the page does not
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show their question only when a value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const open = asking || blocker.state === 'blocked';
  const keep = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const discard = () => {
    setAsking(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else close();
  };

  const dialog = (
    <Dialog open={open} onClose={keep} aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{UNSAVED_CHANGES_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{UNSAVED_CHANGES_TEXTS.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* the focus starts on keeping the changes, so Enter never throws work away */}
        <Button onClick={keep} autoFocus>
          {UNSAVED_CHANGES_TEXTS.keep}
        </Button>
        <Button onClick={discard} variant="contained" color="error">
          {UNSAVED_CHANGES_TEXTS.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { requestClose: () => (dirty ? setAsking(true) : close()), dialog };
}
