import type { TenantDisplayStatus, TenantView } from '@quotebook/contracts';

export type TenantStatusFilter = 'all' | 'active' | 'disabled' | 'expiring';

export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: TenantStatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'expiring', label: 'Expiring Soon' },
];

const STATUS_OF_FILTER: Record<Exclude<TenantStatusFilter, 'all'>, TenantDisplayStatus> = {
  active: 'Active',
  disabled: 'Disabled',
  expiring: 'Expiring Soon',
};

export function filterTenants(tenants: readonly TenantView[], search: string, status: TenantStatusFilter): TenantView[] {
  const needle = search.trim().toLowerCase();
  return tenants.filter((tenant) => {
    if (status !== 'all' && tenant.status !== STATUS_OF_FILTER[status]) return false;
    if (!needle) return true;
    return tenant.name.toLowerCase().includes(needle) || tenant.keyword.toLowerCase().includes(needle);
  });
}

export interface TenantStats {
  active: number;
  total: number;
  expiringSoon: number;
  disabled: number;
}

/** The stats cards count tenants by their display status (computed by the server, spec §4). */
export function tenantStats(tenants: readonly TenantView[]): TenantStats {
  const count = (status: TenantDisplayStatus) => tenants.filter((tenant) => tenant.status === status).length;
  return {
    active: count('Active'),
    total: tenants.length,
    expiringSoon: count('Expiring Soon'),
    disabled: count('Disabled'),
  };
}
