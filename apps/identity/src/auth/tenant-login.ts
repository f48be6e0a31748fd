import {
  TENANT_DISABLED_MESSAGE,
  TENANT_EXPIRED_MESSAGE,
  tenantAllowsLogin,
  type DomainErrorReason,
  type TenantDisplayStatus,
} from '@quotebook/contracts';

export interface TenantLoginBlock {
  reason: Extract<DomainErrorReason, 'TENANT_DISABLED' | 'TENANT_EXPIRED'>;
  message: string;
}

/** Why a tenant's users may not sign in now, or null when they may. */
export function tenantLoginBlock(status: TenantDisplayStatus): TenantLoginBlock | null {
  if (tenantAllowsLogin(status)) return null;
  return status === 'Disabled'
    ? { reason: 'TENANT_DISABLED', message: TENANT_DISABLED_MESSAGE }
    : { reason: 'TENANT_EXPIRED', message: TENANT_EXPIRED_MESSAGE };
}
