import { isMoneyValue, MAX_MONEY, mustBeMoney } from '@quotebook/domain';
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
