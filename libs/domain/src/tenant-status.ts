import { daysBetween } from './dates';
import { EXPIRING_SOON_DAYS } from './limits';

export const TENANT_DISPLAY_STATUSES = ['Active', 'Expiring Soon', 'Expired', 'Disabled'] as const;
export type TenantDisplayStatus = (typeof TENANT_DISPLAY_STATUSES)[number];

/** Disabled if not enabled; else Expired if past its expiry date; else Expiring Soon within 30 days; else Active. */
export function tenantDisplayStatus(
  tenant: { enabled: boolean; expiryDate: string | null },
  today: string,
): TenantDisplayStatus {
  if (!tenant.enabled) return 'Disabled';
  if (!tenant.expiryDate) return 'Active';
  const remaining = daysBetween(today, tenant.expiryDate);
  if (remaining < 0) return 'Expired';
  if (remaining <= EXPIRING_SOON_DAYS) return 'Expiring Soon';
  return 'Active';
}

/** Login is blocked for disabled or expired tenants. */
export function tenantAllowsLogin(status: TenantDisplayStatus): boolean {
  return status === 'Active' || status === 'Expiring Soon';
}
