import { useSyncExternalStore } from 'react';

/** MUI dialogs render into their own node at the end of the body while they are shown. */
const OPEN_DIALOG = '.MuiDialog-root';

const idle = () => () => undefined;

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}

const anyDialogOpen = () => document.querySelector(OPEN_DIALOG) !== null;

/**
 * Whether any dialog is on screen, whoever opened it: read from the page itself, so every dialog of
 * the app counts without having to announce itself. Watches the page only while `watching`.
 */
export function useDialogOpen(watching: boolean): boolean {
  return useSyncExternalStore(watching ? subscribe : idle, watching ? anyDialogOpen : () => false, () => false);
}
