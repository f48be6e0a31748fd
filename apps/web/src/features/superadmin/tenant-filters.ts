import type { TenantDisplayStatus, TenantView } from '@quotebook/contracts';

export type TenantStatusFilter = 'all' | 'active' | 'expiring' | 'expired' | 'disabled';

export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: TenantStatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'expiring', label: 'Expiring Soon' },
  { value: 'expired', label: 'Expired' },
  { value: 'disabled', label: 'Disabled' },
];

/**
 * Which display statuses each filter shows. An agency expiring soon is still active (its users sign
 * in), so Active holds it too: Active, Expired and Disabled together are every agency.
 */
const STATUSES_OF_FILTER: Record<Exclude<TenantStatusFilter, 'all'>, readonly TenantDisplayStatus[]> = {
  active: ['Active', 'Expiring Soon'],
  expiring: ['Expiring Soon'],
  expired: ['Expired'],
  disabled: ['Disabled'],
};

const inFilter = (tenant: TenantView, status: Exclude<TenantStatusFilter, 'all'>) =>
  STATUSES_OF_FILTER[status].includes(tenant.status);

export function filterTenants(tenants: readonly TenantView[], search: string, status: TenantStatusFilter): TenantView[] {
  const needle = search.trim().toLowerCase();
  return tenants.filter((tenant) => {
    if (status !== 'all' && !inFilter(tenant, status)) return false;
    if (!needle) return true;
    return tenant.name.toLowerCase().includes(needle) || tenant.keyword.toLowerCase().includes(needle);
  });
}

export interface TenantStats {
  active: number;
  total: number;
  expiringSoon: number;
  expired: number;
  disabled: number;
}

/** The stats cards count what the status filter of the same name shows (display status from the server). */
export function tenantStats(tenants: readonly TenantView[]): TenantStats {
  const count = (status: Exclude<TenantStatusFilter, 'all'>) => tenants.filter((tenant) => inFilter(tenant, status)).length;
  return {
    active: count('active'),
    total: tenants.length,
    expiringSoon: count('expiring'),
    expired: count('expired'),
    disabled: count('disabled'),
  };
}
