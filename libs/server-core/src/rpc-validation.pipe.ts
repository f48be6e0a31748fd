import { ValidationError, ValidationPipe } from '@nestjs/common';
import { appError } from './app-error';

/** One message per broken rule, nested properties included. */
export function validationMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    return [...own, ...validationMessages(error.children ?? [], path)];
  });
}

export const VALIDATION_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  validationError: { target: false, value: false },
} as const;

/** The services' validation pipe: failures travel over NATS as a 400 AppError. */
export function createRpcValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...VALIDATION_OPTIONS,
    exceptionFactory: (errors) => appError('VALIDATION_FAILED', validationMessages(errors)),
  });
}
