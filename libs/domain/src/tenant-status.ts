import { daysBetween } from './dates';

export const EXPIRING_SOON_DAYS = 30;

export type TenantDisplayStatus = 'Active' | 'Expiring Soon' | 'Expired' | 'Disabled';

/** Spec §4: Disabled if not enabled; else Expired if past expiry; else Expiring Soon within 30 days. */
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
