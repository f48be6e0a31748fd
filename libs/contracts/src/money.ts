import { registerDecorator, ValidationOptions } from 'class-validator';

/** A non-negative amount written with at most two decimals. */
export const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Money and rates travel as strings with two decimals ("120.50"); requests may send a number. */
export function isMoneyValue(value: unknown, max: number): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !MONEY_PATTERN.test(text.trim())) return false;
  return Number(text) <= max;
}

/** A non-negative amount with at most two decimals, up to `max` (numeric(10,2) by default). */
export function IsMoney(max = 99_999_999.99, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isMoney',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [max],
      options: {
        message: `${String(propertyName)} must be a number from 0 to ${max} with at most 2 decimals`,
        ...options,
      },
      validator: { validate: (value: unknown) => isMoneyValue(value, max) },
    });
}

/** Integer cents of a validated money value: all arithmetic on money happens in cents. */
export function toCents(value: string | number): number {
  const [whole, fraction = ''] = String(value).trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
