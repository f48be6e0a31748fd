import { useState } from 'react';
import { failureToast, outcomeTexts, successToast } from '../toast/outcome-toasts';
import type { ToastMessage } from '../toast/toast.slice';
import { useToast } from '../toast/use-toast';
import { ConfirmDialog } from './ConfirmDialog';

/** The toasts of a screen that words them otherwise than "Tag deleted successfully" / "Failed to delete tag". */
export interface DeleteToasts {
  success: string;
  failureToast: (error: unknown) => ToastMessage;
}

interface ConfirmedDeleteOptions<T> {
  /** what is deleted, as a sentence names it: 'VAT rate', 'customer' */
  noun: string;
  /** the question asked under the title */
  confirmation: string;
  /** how the item is named in the title */
  nameOf: (item: T) => string;
  remove: (item: T) => { unwrap(): Promise<unknown> };
  /** the toasts after the delete, when not the noun's English ones */
  toasts?: DeleteToasts;
}

/**
 * Delete after a confirmation that names the item ("Delete VAT rate 'Aliquota ordinaria'?"), then a
 * toast either way. `ask(item)` opens it; render `dialog` once.
 */
export function useConfirmedDelete<T>({ noun, confirmation, nameOf, remove, toasts }: ConfirmedDeleteOptions<T>) {
  // the item stays after closing, so the title does not go blank while the dialog fades out
  const [pending, setPending] = useState<{ item: T; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const texts = outcomeTexts(noun, 'delete');

  const confirm = async () => {
    if (!pending?.open) return;
    setBusy(true);
    try {
      await remove(pending.item).unwrap();
      toast(successToast(toasts?.success ?? texts.success));
    } catch (error) {
      toast(toasts ? toasts.failureToast(error) : failureToast(error, texts.failure));
    } finally {
      setBusy(false);
      setPending({ ...pending, open: false });
    }
  };

  const dialog = (
    <ConfirmDialog
      open={Boolean(pending?.open)}
      title={pending ? `Delete ${noun} '${nameOf(pending.item)}'?` : ''}
      message={confirmation}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setPending(pending && { ...pending, open: false })}
    />
  );
  return { ask: (item: T) => setPending({ item, open: true }), dialog };
}
