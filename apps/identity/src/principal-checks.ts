import type { Principal } from '@quotebook/contracts';
import { appError } from '@quotebook/server-core';

/**
 * The gateway already checked the role; the service checks again so that a caller that skipped the
 * gateway (or a gateway bug) cannot act beyond its rights.
 */
export function requireSuperadmin(principal: Principal | undefined): asserts principal is Principal {
  if (principal?.role !== 'superadmin') throw appError('FORBIDDEN', 'Only the superadmin may do this');
}
