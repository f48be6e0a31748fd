import { isDateOnly, isEmail, MAX_LENGTH, mustBeDate } from '@quotebook/domain';
import { MaxLength, registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';

export function IsDateOnly(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isDateOnly',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: mustBeDate(String(propertyName)), ...options },
      validator: { validate: (value: unknown) => isDateOnly(value) },
    });
}

/** Trims strings; leaves anything else for the type validators to reject. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The key, in a conditional rule's `context`, that says how a property may be left out; the OpenAPI
 * document reads it. (`@IsOptional()` lets a property be absent or null.)
 */
export const LEAVE_OUT = 'leaveOut';
export type LeaveOut = 'omit' | 'empty';

/**
 * The property may be absent, but never null: it has no "none" value (a number of hours, a flag, a
 * list), so null is refused by the rules that follow instead of reaching the database.
 */
export function Omittable(): PropertyDecorator {
  return ValidateIf((_dto: object, value: unknown) => value !== undefined, { context: { [LEAVE_OUT]: 'omit' satisfies LeaveOut } });
}

/** '' means "none" here (keep the current password, no website); any other value must pass the rules. */
export function EmptyAllowed(): PropertyDecorator {
  return ValidateIf((_dto: object, value: unknown) => value !== '', { context: { [LEAVE_OUT]: 'empty' satisfies LeaveOut } });
}

/**
 * An e-mail address by the product's one rule (`isEmail`, which the web forms use too), at most
 * 254 characters.
 */
export function IsEmailAddress(options: ValidationOptions & { message: string }): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isEmail',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate: (value: unknown) => isEmail(value) },
    });
    MaxLength(MAX_LENGTH.email)(target, propertyName);
  };
}
