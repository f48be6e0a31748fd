import type { TenantDisplayStatus } from '@quotebook/contracts';
import type { SessionUser } from '../../app/session';

export const ACCESS_DENIED_TOAST = {
  title: 'Access Denied',
  description: "You don't have access to this tenant.",
  variant: 'destructive',
} as const;

/** Sign-in is refused while an agency is disabled or expired; an active or expiring-soon agency allows it. */
export function tenantAllowsLogin(status: TenantDisplayStatus): boolean {
  return status === 'Active' || status === 'Expiring Soon';
}

/** A superadmin may open any tenant; anybody else only their own. */
export function canOpenTenant(user: Pick<SessionUser, 'role' | 'tenantId'>, tenantId: string): boolean {
  return user.role === 'superadmin' || user.tenantId === tenantId;
}
