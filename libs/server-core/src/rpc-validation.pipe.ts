import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { appError } from './app-error';
import { inputProblems } from './input-text';

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

/** Parameter types that are not DTO classes (an interface or a plain value is typed as one of them). */
const PLAIN_TYPES: readonly unknown[] = [String, Number, Boolean, Array, Object];

/**
 * The services' validation pipe: failures travel over NATS as a 400 AppError. Before the DTO rules,
 * every part of a message is checked for invalid text and excessive nesting, whoever sent it: the
 * gateway checks the same, and a service still never passes such input to its database.
 */
class RpcValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // a DTO's problems name its properties, as its validation messages do; a single value goes by its key
    const isDto = typeof metadata.metatype === 'function' && !PLAIN_TYPES.includes(metadata.metatype);
    const problems = inputProblems(value, isDto ? '' : (metadata.data ?? ''));
    if (problems.length) throw appError('VALIDATION_FAILED', problems);
    return super.transform(value, metadata);
  }
}

export function createRpcValidationPipe(): ValidationPipe {
  return new RpcValidationPipe({
    ...VALIDATION_OPTIONS,
    exceptionFactory: (errors) => appError('VALIDATION_FAILED', validationMessages(errors)),
  });
}
