import { type ArgumentMetadata, BadRequestException, ParseUUIDPipe, type PipeTransform } from '@nestjs/common';

/** What Nest's ParseUUIDPipe accepts without a version: any UUID in its 8-4-4-4-12 hexadecimal form. */
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/**
 * Nest's ParseUUIDPipe, answering an id it accepts at once: its own transform answers every id a
 * promise later, on every request that names one. Anything else is left to it, and its refusal.
 */
export class UuidParamPipe implements PipeTransform<string, string | Promise<string>> {
  private readonly parse: ParseUUIDPipe;

  constructor(name: string) {
    this.parse = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`${name} must be a UUID`) });
  }

  transform(value: string, metadata: ArgumentMetadata): string | Promise<string> {
    return typeof value === 'string' && UUID.test(value) ? value : this.parse.transform(value, metadata);
  }
}

/** A path id that must be a UUID: anything else is a 400 naming the parameter. */
export function uuidParam(name: string): UuidParamPipe {
  return new UuidParamPipe(name);
}
