import { isMoneyValue, MAX_MONEY, mustBeMoney, parseCents } from '@quotebook/domain';
import { registerDecorator, ValidationOptions } from 'class-validator';

/** A non-negative amount with at most two decimals, up to `max` (numeric(10,2) by default); a number or text. */
export function IsMoney(max = MAX_MONEY, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isMoney',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [max],
      options: { message: mustBeMoney(String(propertyName), max), ...options },
      validator: { validate: (value: unknown) => isMoneyValue(value, max) },
    });
}

/**
 * An amount above 0 with at most two decimals, up to `max`; a number or text. (Same rule name as
 * IsMoney, with a third constraint the API document reads as the lowest amount: 0.01.)
 */
export function IsPositiveMoney(message: string, max = MAX_MONEY): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isMoney',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [max, 'positive'],
      options: { message },
      validator: { validate: (value: unknown) => isMoneyValue(value, max) && (parseCents(value as string | number) ?? 0) > 0 },
    });
}
