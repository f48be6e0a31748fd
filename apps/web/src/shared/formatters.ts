import { TENANT_LANGUAGE_CHOICES } from '@quotebook/domain';

/** `2025-03-09` (or an ISO date-time) → `09/03/2025`. */
export { formatDate } from '@quotebook/domain';

export const LANGUAGE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  TENANT_LANGUAGE_CHOICES.map(({ code, label }) => [code, label]),
);

export function languageLabel(code: string): string {
  return LANGUAGE_LABELS[code] ?? code.toUpperCase();
}

/** Each word's first letter in capitals, the rest as written: 'price list' → 'Price List', 'VAT rate' → 'VAT Rate'. */
export function titleCase(words: string): string {
  return words.replace(/(^|\s)(\S)/g, (_match, space: string, letter: string) => space + letter.toUpperCase());
}
