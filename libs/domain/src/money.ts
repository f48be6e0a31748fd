import { MAX_MONEY } from './limits';

/*
 * Money is computed in integer cents, travels as text with two decimals ("120.50", requests may send
 * a number) and is shown the Italian way: "€ 1.234,50".
 */

/** A non-negative amount written with at most two decimals: what a money or rate field accepts. */
export const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const SIGNED_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Whether a number or text is a non-negative amount with at most two decimals, up to `max`. */
export function isMoneyValue(value: unknown, max: number = MAX_MONEY): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !MONEY_PATTERN.test(text.trim())) return false;
  return Number(text) <= max;
}

/**
 * Integer cents of an amount written as a number or as text ("120.5", " 7 ", -3.25), or null when it
 * is no amount with at most two decimals. Text is read digit by digit, never through floating point.
 */
export function parseCents(value: string | number): number | null {
  const match = SIGNED_AMOUNT.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

/** Integer cents of an amount already validated; throws for anything else. */
export function toCents(value: string | number): number {
  const cents = parseCents(value);
  if (cents === null) throw new RangeError(`not an amount with at most two decimals: ${String(value)}`);
  return cents;
}

/** Cents as the API writes money: "120.50", "-0.07". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Cents shown in euro the Italian way: "€ 1.234,50"; a negative amount "-€ 12,00". */
export function formatEuroCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}€ ${whole},${String(absolute % 100).padStart(2, '0')}`;
}

/** An amount as the API sends it ("1234.5", 45) shown in euro; text that is no amount is shown as it is. */
export function formatEuro(value: string | number): string {
  const cents = parseCents(value);
  return cents === null ? String(value) : formatEuroCents(cents);
}

/** A rate or percentage shown the Italian way with two decimals: "22,00". */
export function formatDecimal(value: string | number): string {
  const cents = parseCents(value);
  return cents === null ? String(value) : formatEuroCents(cents).replace('€ ', '');
}
