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
