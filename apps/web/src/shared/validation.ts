import { isEmail } from '@quotebook/domain';

/** The product's one e-mail rule, the same the server checks. */
export function isValidEmail(value: string): boolean {
  return isEmail(value);
}

/** A web address with or without its scheme (`www.agency.it` is accepted, like the gateway does). */
export function isValidWebsite(value: string): boolean {
  const text = value.trim();
  if (!text || /\s/.test(text)) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}
