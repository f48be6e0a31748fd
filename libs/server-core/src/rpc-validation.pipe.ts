import { ArgumentMetadata, ValidationError, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { appError } from './app-error';
import { inputProblems } from './input-text';
import { rememberValidationRules } from './validation-rules-memo';

/** The rules that say a value is missing: when one of them is broken, the rules about the value's form say nothing more. */
const MISSING_RULES = ['isDefined', 'isNotEmpty'];

/**
 * The error as its messages should read: a missing or empty value reported as such ("Description is
 * required"), not also by the rules about its form ("must be a string", "must be shorter than…"),
 * which it cannot meet either. Nested properties alike.
 */
export function reportingMissingOnly(error: ValidationError): ValidationError {
  const constraints = error.constraints;
  const missing = constraints ? MISSING_RULES.filter((rule) => rule in constraints) : [];
  return {
    ...error,
    ...(constraints && missing.length > 0 ? { constraints: Object.fromEntries(missing.map((rule) => [rule, constraints[rule]])) } : {}),
    ...(error.children ? { children: error.children.map(reportingMissingOnly) } : {}),
  };
}

/** The services' messages: one per broken rule (see reportingMissingOnly), nested properties included, each message once. */
export function validationMessages(errors: ValidationError[]): string[] {
  const messagesOf = (error: ValidationError): string[] => [...Object.values(error.constraints ?? {}), ...(error.children ?? []).flatMap(messagesOf)];
  return [...new Set(errors.map(reportingMissingOnly).flatMap(messagesOf))];
}

/** Nest's ValidationPipe, with each class's rules worked out once (rememberValidationRules). */
class RememberingValidationPipe extends ValidationPipe {
  constructor(options?: ValidationPipeOptions) {
    super(options);
    rememberValidationRules();
  }
}

/**
 * The gateway's validation pipe: Nest's (nested messages prefixed with their path, the list bounded
 * in length), with the messages of reportingMissingOnly, each once.
 */
export class MessagesValidationPipe extends RememberingValidationPipe {
  /**
   * Whether transform() answers a parameter of this kind as it came, whatever its value: a custom
   * decorator's (the request's scope), which Nest's pipe does not validate unless told to. A route
   * served directly leaves the pipe out for it (direct-routes.ts, LeavesAsIs).
   */
  leavesAsIs(metadata: ArgumentMetadata): boolean {
    return metadata.type === 'custom' && !this.toValidate(metadata);
  }

  protected override flattenValidationErrors(validationErrors: ValidationError[]): string[] {
    return [...new Set(super.flattenValidationErrors(validationErrors.map(reportingMissingOnly)))];
  }
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
class RpcValidationPipe extends RememberingValidationPipe {
  /**
   * A message that is no DTO is answered at once, not as a promise: its callers await what it answers
   * (Nest's pipeline, the direct handlers), and the direct handlers go on without waiting a turn. A
   * failure is a rejected promise, as from Nest's own pipe.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ValidationPipe declares a promise; a plain value is awaited the same
  override transform(value: unknown, metadata: ArgumentMetadata): any {
    // a DTO's problems name its properties, as its validation messages do; a single value goes by its key
    const isDto = typeof metadata.metatype === 'function' && !PLAIN_TYPES.includes(metadata.metatype);
    const problems = inputProblems(value, isDto ? '' : (metadata.data ?? ''));
    if (problems.length) return Promise.reject(appError('VALIDATION_FAILED', problems));
    // what Nest's pipe answers for a message that is no DTO (only a path or query value would be converted)
    if (!isDto && metadata.type === 'body') return value;
    return super.transform(value, metadata);
  }
}

export function createRpcValidationPipe(): ValidationPipe {
  return new RpcValidationPipe({
    ...VALIDATION_OPTIONS,
    exceptionFactory: (errors) => appError('VALIDATION_FAILED', validationMessages(errors)),
  });
}
