import { isUUID } from 'class-validator';
import { appError } from '@quotebook/server-core';

/** A resource id from a request: something that is no UUID names no resource, so it is not found. */
export function requireResourceId(id: unknown, what: string): string {
  if (typeof id !== 'string' || !isUUID(id)) throw appError('NOT_FOUND', `${what} not found`);
  return id;
}
