/** What a money or rate input accepts: a non-negative number with at most two decimals. */
const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;

export function isMoneyText(value: string): boolean {
  return MONEY_TEXT.test(value.trim());
}

/**
 * `"45.5"` → `"45.50"`: the server already answers with two decimals; this keeps the display right for
 * any other numeric text without going through floating point.
 */
export function twoDecimals(value: string): string {
  const text = value.trim();
  if (!MONEY_TEXT.test(text)) return text;
  const [whole, fraction = ''] = text.split('.');
  return `${String(Number(whole))}.${fraction.padEnd(2, '0')}`;
}

export function formatEuro(value: string): string {
  return `€ ${twoDecimals(value)}`;
}

/** Money typed in a form as the API wants it: trimmed text, or null when left empty. */
export function moneyOrNull(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}
