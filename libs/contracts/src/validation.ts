import {
  isDateOnly,
  isDateTime,
  isEmail,
  MAX_LENGTH,
  MESSAGES,
  MIN_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  mustBeDate,
  mustBeDateTime,
} from '@quotebook/domain';
import { IsString, MaxLength, MinLength, registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';

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

/**
 * An ISO 8601 date-time ("2026-07-15T09:30:00", with or without an offset) that exists. Quotes keep
 * it as the business time zone's wall clock.
 */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isDateTime',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: mustBeDateTime(String(propertyName)), ...options },
      validator: { validate: (value: unknown) => isDateTime(value) },
    });
}

/**
 * A whole number in a query string ("20" → 20). Anything but digits is left as it is, for the
 * number rules to refuse: a query parameter is text, a body's number never is.
 */
export const wholeNumberFromQuery = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value);

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
    // a list of addresses (`each`) bounds each address, not the list
    MaxLength(MAX_LENGTH.email, options.each ? { each: true } : undefined)(target, propertyName);
  };
}

/** Text of `min` to `max` characters; one message for every way of breaking it. */
function TextOfLength(min: number, max: number, message: string): PropertyDecorator {
  return (target, key) => [IsString({ message }), MinLength(min, { message }), MaxLength(max)].forEach((decorate) => decorate(target, key));
}

/** A user's sign-in name: at least 3 characters. */
export const Username = () => TextOfLength(MIN_USERNAME_LENGTH, MAX_LENGTH.username, MESSAGES.usernameTooShort);
/** A person's full name: at least 2 characters. */
export const PersonName = () => TextOfLength(MIN_NAME_LENGTH, MAX_LENGTH.personName, MESSAGES.nameTooShort);
/** A new password: at least 6 characters. */
export const NewPassword = () => TextOfLength(MIN_PASSWORD_LENGTH, MAX_LENGTH.password, MESSAGES.passwordTooShort);
