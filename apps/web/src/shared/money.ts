import { formatDecimal, isMoneyValue } from '@quotebook/domain';

/** Money shown in euro the Italian way: "€ 1.234,50". */
export { formatEuro } from '@quotebook/domain';

/** What a money or rate input accepts: a non-negative number with at most two decimals. */
export function isMoneyText(value: string): boolean {
  return isMoneyValue(value);
}

/**
 * A rate or amount shown with two decimals the Italian way: `"22"` → `"22,00"`, read digit by digit,
 * never through floating point. For display only; inputs keep the API's dot.
 */
export function twoDecimals(value: string): string {
  return formatDecimal(value);
}

/** Money typed in a form as the API wants it: trimmed text, or null when left empty. */
export function moneyOrNull(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}
