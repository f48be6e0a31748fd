import { createHash, createHmac, randomBytes } from 'node:crypto';

/*
 * A quote's public link: `{PUBLIC_URL}/q/{token}`. The token is derived from a random nonce kept with
 * the link, `base64url(HMAC-SHA256(LINK_SECRET, 'quote-link:' + nonce))`, so the same link can be
 * written again in every e-mail of the quote (each send reuses the live link) while the database keeps
 * only the token's SHA-256: a copy of the database gives no working link without the key.
 */

/** The nonce's random bytes: 128 bits, the least a public token may carry. */
const NONCE_BYTES = 16;

/** A token is a SHA-256 HMAC in base64url without padding: 43 characters of that alphabet. */
const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** A new link's nonce, as it is stored (hexadecimal). */
export function newLinkNonce(): string {
  return randomBytes(NONCE_BYTES).toString('hex');
}

/** The token of the link whose nonce this is. */
export function linkToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`quote-link:${nonce}`).digest('base64url');
}

/** What the database keeps of a token, and looks it up by: its SHA-256 in hexadecimal. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a text has the form of a token; anything else is answered "not found" without a look-up. */
export function isWellFormedLinkToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_FORM.test(token);
}

/** The address the customer opens. */
export function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/q/${token}`;
}
