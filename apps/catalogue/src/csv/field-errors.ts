import { reportingMissingOnly, VALIDATION_OPTIONS } from '@quotebook/server-core';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

type DtoClass<T> = new () => T;

/**
 * The request's rules applied to one record of a file: the record as its class (its transforms
 * applied) and the first message of each property that breaks a rule, as the API would word it.
 */
export function checkedDto<T extends object>(dtoClass: DtoClass<T>, plain: Record<string, unknown>): { dto: T; errors: Record<string, string> } {
  const dto = plainToInstance(dtoClass, plain);
  const errors: Record<string, string> = {};
  for (const error of validateSync(dto, { whitelist: VALIDATION_OPTIONS.whitelist, forbidNonWhitelisted: VALIDATION_OPTIONS.forbidNonWhitelisted }).map(reportingMissingOnly)) {
    const [message] = Object.values(error.constraints ?? {});
    if (message !== undefined) errors[error.property] = message;
  }
  return { dto, errors };
}
