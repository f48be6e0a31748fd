import type { ToastMessage } from '../../shared/toast/toast.slice';
import { messageOr } from '../../shared/http-errors';

/** Server reasons shown on a tenant form's field instead of in a toast. */
export const TENANT_FIELD_REASONS = { KEYWORD_TAKEN: 'keyword' } as const;

/** A tenant call that failed: titled 'Error', the server's words or the screen's fallback underneath. */
export const tenantFailureToast =
  (fallback: string) =>
  (error: unknown): ToastMessage => ({ title: 'Error', description: messageOr(error, fallback), variant: 'destructive' });

/**
 * The agency's public address is its keyword: a new keyword moves the entry page, and the old address
 * then answers Tenant Not Found. Said while the keyword differs from the saved one, before saving.
 */
export function keywordChangeWarning(host: string, saved: string, typed: string): string | null {
  const next = typed.trim();
  if (!next || next === saved) return null;
  return (
    `Changing the keyword moves the agency's address: ${host}/${saved} will stop working ` +
    `(bookmarks and links to it will show Tenant Not Found) and its users will sign in at ${host}/${next}.`
  );
}
