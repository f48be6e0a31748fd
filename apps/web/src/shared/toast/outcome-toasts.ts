import { isApiError } from '../http-errors';
import type { ToastMessage } from './toast.slice';

export function successToast(description: string): ToastMessage {
  return { title: 'Success', description };
}

/**
 * A failed action: what failed as the title ("Failed to create product"), the server's reason (validation messages
 * joined) underneath, so the user sees both what failed and why.
 */
export function failureToast(error: unknown, failure: string): ToastMessage {
  const reason = isApiError(error) ? error.serverMessage : undefined;
  return { title: failure, description: reason, variant: 'destructive' };
}

export type SaveAction = 'create' | 'update' | 'delete';

const PAST: Readonly<Record<SaveAction, string>> = { create: 'created', update: 'updated', delete: 'deleted' };

/**
 * The two toast texts of one action on one kind of record, e.g. `('VAT rate', 'update')` →
 * "VAT rate updated successfully" / "Failed to update VAT rate".
 */
export function outcomeTexts(noun: string, action: SaveAction): { success: string; failure: string } {
  return {
    success: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${PAST[action]} successfully`,
    failure: `Failed to ${action} ${noun}`,
  };
}
