import Dialog from '@mui/material/Dialog';
import { useId, type ComponentProps } from 'react';
import { DialogForm } from '../../shared/form-dialog/FormDialog';
import { usePhone } from '../../shared/use-phone';
import type { UnsavedChangesGuard } from '../../shared/use-unsaved-changes';

/**
 * The form inside a quote dialog is a column whose content scrolls between a fixed title and fixed
 * buttons: on a phone the main button stays on screen however long the quote.
 */
export const STICKY_ACTIONS = { '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } } as const;

type QuoteFormDialogProps = Omit<ComponentProps<typeof DialogForm>, 'titleId' | 'onClose'> & {
  maxWidth?: 'sm' | 'md';
  /** closing (Escape, the backdrop, Cancel) goes through it: it asks when there are changes */
  guard: UnsavedChangesGuard;
};

/** A quote's create or edit dialog: full screen on a phone, its buttons always in view, closing guarded. */
export function QuoteFormDialog({ maxWidth = 'sm', guard, ...form }: QuoteFormDialogProps) {
  const titleId = useId();
  const phone = usePhone();
  return (
    <>
      <Dialog
        open
        onClose={form.busy ? undefined : guard.requestClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth={maxWidth}
        fullScreen={phone}
        sx={STICKY_ACTIONS}
      >
        <DialogForm titleId={titleId} onClose={guard.requestClose} {...form} />
      </Dialog>
      {guard.dialog}
    </>
  );
}
