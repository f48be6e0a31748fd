import { isApiError } from '../http-errors';
import type { ToastMessage } from './toast.slice';

export function successToast(description: string): ToastMessage {
  return { title: 'Success', description };
}

/**
 * A failed action: the spec's sentence as the title, the server's reason (validation messages
 * joined) underneath, so the user sees both what failed and why.
 */
export function failureToast(error: unknown, failure: string): ToastMessage {
  const reason = isApiError(error) ? error.serverMessage : undefined;
  return { title: failure, description: reason, variant: 'destructive' };
}
