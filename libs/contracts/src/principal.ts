import type { Role } from '@quotebook/domain';

/** Who is acting: taken from the verified token, never from a request body. */
export interface Principal {
  userId: string;
  role: Role;
  tenantId: string | null;
  /** the user's session version the token was issued under: a raised version ends the session */
  sessionVersion: number;
}

/** A superadmin may act on every tenant; anybody else only on their own. */
export function canAccessTenant(principal: Principal, tenantId: string): boolean {
  return principal.role === 'superadmin' || principal.tenantId === tenantId;
}

/** A superadmin, or an admin of that very tenant. */
export function canAdministerTenant(principal: Principal, tenantId: string): boolean {
  return principal.role === 'superadmin' || (principal.role === 'tenant_admin' && principal.tenantId === tenantId);
}

/** What every request about one agency's data carries: who acts, and on which agency. */
export interface TenantRequest {
  principal: Principal;
  tenantId: string;
}
/** ... and the record it is about. */
export interface TenantItemRequest extends TenantRequest {
  id: string;
}
export type TenantWrite<D> = TenantRequest & { data: D };
export type TenantItemWrite<D> = TenantItemRequest & { data: D };
