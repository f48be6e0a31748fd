import { canAccessTenant, canAdministerTenant, type Principal } from '@quotebook/contracts';
import { appError } from './app-error';

/*
 * The gateway already checked role and tenant; the service checks again so that a caller that skipped
 * the gateway (or a gateway bug) cannot act beyond its rights.
 */

export function requireSuperadmin(principal: Principal | undefined): asserts principal is Principal {
  if (principal?.role !== 'superadmin') throw appError('FORBIDDEN', 'Only the superadmin may do this');
}

/** Reading: any user of the tenant or a superadmin. */
export function requireTenantAccess(principal: Principal | undefined, tenantId: string): asserts principal is Principal {
  if (!principal || !canAccessTenant(principal, tenantId)) throw appError('FORBIDDEN', "You don't have access to this tenant.");
}

/** Writing: an admin of that very tenant or a superadmin. */
export function requireTenantAdministration(principal: Principal | undefined, tenantId: string): asserts principal is Principal {
  if (!principal || !canAdministerTenant(principal, tenantId)) {
    throw appError('FORBIDDEN', 'Only an administrator of this tenant may do this');
  }
}
