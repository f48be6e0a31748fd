import { useState } from 'react';
import { failureToast, outcomeTexts, successToast } from '../toast/outcome-toasts';
import { useToast } from '../toast/use-toast';
import { ConfirmDialog } from './ConfirmDialog';

interface ConfirmedDeleteOptions<T> {
  /** what is deleted, as a sentence names it: 'VAT rate', 'customer' */
  noun: string;
  /** the question asked under the title */
  confirmation: string;
  /** how the item is named in the title */
  nameOf: (item: T) => string;
  remove: (item: T) => { unwrap(): Promise<unknown> };
}

/**
 * Delete after a confirmation that names the item ("Delete VAT rate 'Aliquota ordinaria'?"), then a
 * toast either way. `ask(item)` opens it; render `dialog` once.
 */
export function useConfirmedDelete<T>({ noun, confirmation, nameOf, remove }: ConfirmedDeleteOptions<T>) {
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
      toast(successToast(texts.success));
    } catch (error) {
      toast(failureToast(error, texts.failure));
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
