import { createHash, randomBytes } from 'node:crypto';

export const RESET_TOKEN_BYTES = 32;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface IssuedResetToken {
  /** goes into the e-mail only; never stored */
  token: string;
  /** what the database keeps */
  tokenHash: string;
  expiresAt: Date;
}

/** SHA-256 (hex) of a reset token: a leaked table does not give working links. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function issueResetToken(now: Date = new Date()): IssuedResetToken {
  const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS) };
}

/** The query parameter naming the agency whose entry page the reset page leads back to. */
export const RESET_LINK_AGENCY_PARAM = 'agency';

/**
 * The web app's reset page with the token in its query string and, for an agency's user, the agency's
 * keyword: the page then leads back to that agency's sign-in, not to the operator's.
 */
export function resetLink(publicUrl: string, token: string, agencyKeyword?: string | null): string {
  const url = new URL('reset-password', publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set('token', token);
  if (agencyKeyword) url.searchParams.set(RESET_LINK_AGENCY_PARAM, agencyKeyword);
  return url.toString();
}
