import { MESSAGES } from '@quotebook/domain';
import { appError } from '@quotebook/server-core';

export const END_BEFORE_START = MESSAGES.endBeforeStart;

/** Both YYYY-MM-DD, so they compare as text. */
export function assertDatesOrdered(startDate: string, endDate: string): void {
  if (endDate < startDate) throw appError('VALIDATION_FAILED', [END_BEFORE_START]);
}
