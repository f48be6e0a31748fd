import { registerDecorator, ValidationOptions } from 'class-validator';

/** A calendar date written YYYY-MM-DD that exists (2025-02-30 does not). */
export function isDateOnly(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function IsDateOnly(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isDateOnly',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must be a date written YYYY-MM-DD`, ...options },
      validator: { validate: (value: unknown) => isDateOnly(value) },
    });
}

/** Trims strings; leaves anything else for the type validators to reject. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
