import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { QUOTE_MESSAGES } from '@quotebook/domain';
import { useState } from 'react';
import { messageOr, reasonOf } from '../../shared/http-errors';

/** The server refused a change because someone else changed the quote since it was read. */
export function isQuoteChanged(error: unknown): boolean {
  return reasonOf(error) === 'QUOTE_CHANGED';
}

/**
 * An editor's answer to someone else's change: it remembers the refusal, and shows its message with
 * a button that reloads the quote (dropping what was typed here).
 *
 * Usage: const conflict = useQuoteConflict(); useEntityForm({ ..., onFailed: conflict.failed });
 *        {conflict.alert(reload)}
 */
export function useQuoteConflict() {
  const [message, setMessage] = useState<string | null>(null);
  const failed = (error: unknown) => {
    if (isQuoteChanged(error)) setMessage(messageOr(error, QUOTE_MESSAGES.quoteChanged));
  };
  const alert = (reload: () => Promise<unknown>, busy = false) =>
    message && (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" disabled={busy} onClick={() => reload().then(() => setMessage(null), () => undefined)}>
            Reload
          </Button>
        }
      >
        {message}
      </Alert>
    );
  return { failed, alert };
}
