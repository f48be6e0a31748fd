import { MAX_LENGTH } from './limits';

/*
 * The e-mail addresses an agency stores are its customers', users' and its own mailboxes (PEC
 * included): a plain local part, '@', and an Internet domain. Quoted local parts, IP-address domains
 * and single-label hosts (`x@localhost`) are refused; accented letters, used by Italian and other
 * European domains and mailboxes, are accepted.
 */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** A top-level domain: two or more letters, or its punycode form */
const TOP_LEVEL_DOMAIN = /^(?:\p{L}{2,}|xn--[a-z0-9-]{2,})$/iu;
const MAX_LOCAL_PART_LENGTH = 64;

/** Whether a text (surrounding blanks ignored) is an e-mail address the product accepts. */
export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (text.length > MAX_LENGTH.email) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  return (
    local.length <= MAX_LOCAL_PART_LENGTH &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(labels[labels.length - 1])
  );
}
