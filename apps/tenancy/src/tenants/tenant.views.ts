import {
  TENANT_SETTINGS_FIELDS,
  tenantDisplayStatus,
  type TenantLoginStatus,
  type TenantPublicView,
  type TenantSettings,
  type TenantSettingsDto,
  type TenantView,
} from '@quotebook/contracts';
import type { Tenant } from './tenant.entity';

function settingsOf(tenant: Tenant): TenantSettings {
  return Object.fromEntries(TENANT_SETTINGS_FIELDS.map((field) => [field, tenant[field]])) as TenantSettings;
}

/** A tenant as answers show it; `today` (YYYY-MM-DD in the business time zone) decides the status. */
export function mapTenant(tenant: Tenant, today: string): TenantView {
  return {
    id: tenant.id,
    name: tenant.name,
    keyword: tenant.keyword,
    languages: tenant.languages,
    expiryDate: tenant.expiryDate,
    enabled: tenant.enabled,
    status: tenantDisplayStatus(tenant, today),
    ...settingsOf(tenant),
    regimeFiscale: tenant.regimeFiscale,
    balanceDueDaysDefault: tenant.balanceDueDaysDefault,
    costVisibleToUsers: tenant.costVisibleToUsers,
    logoUrl: tenant.logoUrl,
    createdAt: tenant.createdAt.toISOString(),
  };
}

/** What anyone may see of an agency by its keyword: nothing of its contact or tax details. */
export function mapPublicTenant(tenant: Tenant, today: string): TenantPublicView {
  return {
    id: tenant.id,
    name: tenant.name,
    keyword: tenant.keyword,
    logoUrl: tenant.logoUrl,
    status: tenantDisplayStatus(tenant, today),
    expiryDate: tenant.expiryDate,
  };
}

export function mapLoginStatus(tenant: Tenant, today: string): TenantLoginStatus {
  return {
    id: tenant.id,
    keyword: tenant.keyword,
    enabled: tenant.enabled,
    expiryDate: tenant.expiryDate,
    status: tenantDisplayStatus(tenant, today),
  };
}

/** The settings the request names, '' meaning "clear it"; fields it leaves out stay as they are. */
export function settingsChanges(dto: TenantSettingsDto): Partial<TenantSettings> & Partial<Pick<Tenant, 'regimeFiscale'>> {
  const changes: Partial<TenantSettings> & Partial<Pick<Tenant, 'regimeFiscale'>> = {};
  for (const field of TENANT_SETTINGS_FIELDS) {
    const value = dto[field];
    if (value !== undefined) changes[field] = value === '' ? null : value;
  }
  // it has no "none": ordinary is the default
  if (dto.regimeFiscale !== undefined) changes.regimeFiscale = dto.regimeFiscale;
  return changes;
}
