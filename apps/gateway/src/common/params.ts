import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

/** A path id that must be a UUID: anything else is a 400 naming the parameter. */
export function uuidParam(name: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`${name} must be a UUID`) });
}
