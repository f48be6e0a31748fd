import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { titleCase } from '../formatters';
import { usePhone } from '../use-phone';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** extra buttons on the left of the action row */
  secondaryActions?: ReactNode;
  children: ReactNode;
}

/**
 * The titles and labels of a dialog that adds or edits one kind of record: `('tag', editing)` →
 * "Add Tag" / "Create Tag" / "Creating...", or "Edit Tag" / "Save Changes" / "Saving...".
 */
export function dialogTexts(noun: string, editing: boolean): Pick<FormDialogProps, 'title' | 'submitLabel' | 'busyLabel'> {
  const name = titleCase(noun);
  return editing
    ? { title: `Edit ${name}`, submitLabel: 'Save Changes', busyLabel: 'Saving...' }
    : { title: `Add ${name}`, submitLabel: `Create ${name}`, busyLabel: 'Creating...' };
}

/**
 * The create/edit dialogs of the tenant pages: a form, so Enter submits and Escape cancels; while the
 * call runs the dialog cannot be closed and its button says what is happening.
 */
export function FormDialog({ maxWidth = 'sm', ...form }: FormDialogProps) {
  const titleId = useId();
  const phone = usePhone();
  return (
    <Dialog open onClose={form.busy ? undefined : form.onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} fullScreen={phone}>
      <DialogForm titleId={titleId} {...form} />
    </Dialog>
  );
}

/**
 * The inside of a FormDialog, for a dialog that shows something else first (the record loading) in
 * the same window: `titleId` names the dialog.
 */
export function DialogForm({
  titleId,
  title,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onClose,
  secondaryActions,
  children,
}: Omit<FormDialogProps, 'maxWidth'> & { titleId: string }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        {secondaryActions}
        <Button onClick={onClose} disabled={busy} sx={{ ml: 'auto' }}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
