import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FIGURE_LABELS } from '@quotebook/domain';
import { useId, useState } from 'react';

export const UNAVAILABLE_CONFIRMATION = {
  title: 'Prodotti senza prezzo in questa data',
  message: (titles: readonly string[]) =>
    `${FIGURE_LABELS.unavailableOnDate}: ${titles.join(', ')}. Il documento li riporterà con "${FIGURE_LABELS.priceToBeDefined}".`,
  back: 'Torna indietro e imposta un prezzo',
  confirm: 'Conferma comunque',
} as const;

/**
 * Saving a quote whose lines have no price on the service date asks first, naming them: confirm
 * anyway, or go back (the focus starts there) and set a price by hand or another date.
 *
 * Usage: const unavailable = useUnavailableConfirmation();
 *        const submit = () => unavailable.confirmThen(titles, valid, form.submit);  … {unavailable.dialog}
 */
export function useUnavailableConfirmation() {
  const [asking, setAsking] = useState<{ titles: readonly string[]; run: () => void } | null>(null);
  const titleId = useId();
  const messageId = useId();

  /** Runs `run` at once when nothing is unpriced or the form will refuse anyway; else after a yes. */
  const confirmThen = (titles: readonly string[], valid: boolean, run: () => unknown) => {
    if (!valid || titles.length === 0) return void run();
    setAsking({ titles, run: () => void run() });
  };
  const answer = (confirmed: boolean) => {
    if (confirmed) asking?.run();
    setAsking(null);
  };

  const dialog = (
    <Dialog open={Boolean(asking)} onClose={() => answer(false)} aria-labelledby={titleId} aria-describedby={messageId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{UNAVAILABLE_CONFIRMATION.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{asking && UNAVAILABLE_CONFIRMATION.message(asking.titles)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)} autoFocus>
          {UNAVAILABLE_CONFIRMATION.back}
        </Button>
        <Button onClick={() => answer(true)} variant="contained" color="warning">
          {UNAVAILABLE_CONFIRMATION.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { confirmThen, dialog };
}
