import type { TenantAdminView, TenantView } from '@quotebook/contracts';
import { isValidEmail } from '../../shared/validation';
import type { CreateTenantRequest } from './superadmin.api';

/** The checklist of spec §3; Italian is always on. */
export const TENANT_LANGUAGE_CHOICES: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'it', label: 'Italiano' },
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
];
export const DEFAULT_LANGUAGE = 'it';

/** Same rule and words as the gateway (libs/contracts keywordProblem), checked before sending. */
const KEYWORD_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RESERVED_KEYWORDS = [
  'superadmin', 'api', 'reset-password', 'admin', 'assets', 'static', 'uploads', 'login', 'logout',
  'dashboard', 'health', 'docs', 'favicon.ico', 'index.html',
];

export const MIN_USERNAME_LENGTH = 3;
export const MIN_NAME_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 6;

export const TENANT_FORM_MESSAGES = {
  nameRequired: 'Tenant name is required',
  keywordRequired: 'Keyword is required',
  expiryRequired: 'Expiry date is required',
  username: 'Username must be at least 3 characters',
  adminName: 'Name must be at least 2 characters',
  email: 'Valid email is required',
  password: 'Password must be at least 6 characters',
} as const;

export interface TenantFormValues {
  name: string;
  keyword: string;
  expiryDate: string;
  languages: string[];
  enabled: boolean;
  adminName: string;
  adminEmail: string;
  adminUsername: string;
  adminPassword: string;
}

export type TenantFormErrors = Partial<Record<keyof TenantFormValues, string>>;
export type TenantFormMode = 'create' | 'edit';

export function emptyTenantForm(): TenantFormValues {
  return {
    name: '',
    keyword: '',
    expiryDate: '',
    languages: [DEFAULT_LANGUAGE],
    enabled: true,
    adminName: '',
    adminEmail: '',
    adminUsername: '',
    adminPassword: '',
  };
}

export function tenantFormFrom(tenant: TenantView, admin?: TenantAdminView): TenantFormValues {
  return {
    name: tenant.name,
    keyword: tenant.keyword,
    expiryDate: tenant.expiryDate ?? '',
    languages: normalizeLanguages(tenant.languages),
    enabled: tenant.enabled,
    adminName: admin?.name ?? '',
    adminEmail: admin?.email ?? '',
    adminUsername: admin?.username ?? '',
    adminPassword: '',
  };
}

/** Italian first and always present, then the others in checklist order (unknown codes kept last). */
export function normalizeLanguages(languages: readonly string[] | undefined): string[] {
  const chosen = new Set(languages ?? []);
  chosen.delete(DEFAULT_LANGUAGE);
  const offered = TENANT_LANGUAGE_CHOICES.map((choice) => choice.code).filter((code) => chosen.has(code));
  const others = [...chosen].filter((code) => !offered.includes(code));
  return [DEFAULT_LANGUAGE, ...offered, ...others];
}

export function keywordProblem(keyword: string): string | null {
  if (!keyword) return TENANT_FORM_MESSAGES.keywordRequired;
  if (keyword.length < 2 || keyword.length > 40) return 'Keyword must be 2 to 40 characters';
  if (!KEYWORD_PATTERN.test(keyword)) return 'Keyword may contain only lowercase letters, digits and dashes';
  if (RESERVED_KEYWORDS.includes(keyword)) return `Keyword "${keyword}" is reserved`;
  return null;
}

export function validateTenantForm(values: TenantFormValues, mode: TenantFormMode): TenantFormErrors {
  const errors: TenantFormErrors = {};
  if (!values.name.trim()) errors.name = TENANT_FORM_MESSAGES.nameRequired;
  const keyword = keywordProblem(values.keyword.trim());
  if (keyword) errors.keyword = keyword;
  if (!values.expiryDate) errors.expiryDate = TENANT_FORM_MESSAGES.expiryRequired;
  if (values.adminName.trim().length < MIN_NAME_LENGTH) errors.adminName = TENANT_FORM_MESSAGES.adminName;
  if (!isValidEmail(values.adminEmail)) errors.adminEmail = TENANT_FORM_MESSAGES.email;
  if (values.adminUsername.trim().length < MIN_USERNAME_LENGTH) errors.adminUsername = TENANT_FORM_MESSAGES.username;
  const passwordRequired = mode === 'create' || values.adminPassword !== '';
  if (passwordRequired && values.adminPassword.length < MIN_PASSWORD_LENGTH) {
    errors.adminPassword = TENANT_FORM_MESSAGES.password;
  }
  return errors;
}

/** The body of POST /api/tenants and PUT /api/tenants/{id} (an empty password keeps the current one). */
export function tenantRequestFrom(values: TenantFormValues): CreateTenantRequest {
  return {
    name: values.name.trim(),
    keyword: values.keyword.trim(),
    languages: normalizeLanguages(values.languages),
    expiryDate: values.expiryDate,
    enabled: values.enabled,
    adminUsername: values.adminUsername.trim(),
    adminPassword: values.adminPassword,
    adminName: values.adminName.trim(),
    adminEmail: values.adminEmail.trim(),
  };
}
