import {
  TENANT_DISABLED_MESSAGE,
  TENANT_EXPIRED_MESSAGE,
  tenantAllowsLogin,
  type TenantDisplayStatus,
} from '@quotebook/contracts';

/** Why a tenant's users may not sign in now, or null when they may. */
export function tenantLoginBlock(status: TenantDisplayStatus): string | null {
  if (tenantAllowsLogin(status)) return null;
  return status === 'Disabled' ? TENANT_DISABLED_MESSAGE : TENANT_EXPIRED_MESSAGE;
}
