import type { TenantAdminView, TenantView } from '@quotebook/contracts';
import {
  DEFAULT_LANGUAGE,
  isEmail,
  keywordProblem,
  MESSAGES,
  MIN_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  normalizeTenantLanguages,
  TENANT_LANGUAGE_CHOICES,
} from '@quotebook/domain';
import type { CreateTenantRequest } from './superadmin.api';

/** The language checklist; Italian is always on. */
export { DEFAULT_LANGUAGE, TENANT_LANGUAGE_CHOICES };

export const TENANT_FORM_MESSAGES = {
  nameRequired: MESSAGES.tenantNameRequired,
  keywordRequired: MESSAGES.keywordRequired,
  expiryRequired: MESSAGES.expiryDateRequired,
  username: MESSAGES.usernameTooShort,
  adminName: MESSAGES.nameTooShort,
  email: MESSAGES.emailRequiredValid,
  password: MESSAGES.passwordTooShort,
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
export const normalizeLanguages = normalizeTenantLanguages;

export function validateTenantForm(values: TenantFormValues, mode: TenantFormMode): TenantFormErrors {
  const errors: TenantFormErrors = {};
  if (!values.name.trim()) errors.name = TENANT_FORM_MESSAGES.nameRequired;
  const keyword = keywordProblem(values.keyword.trim());
  if (keyword) errors.keyword = keyword;
  if (!values.expiryDate) errors.expiryDate = TENANT_FORM_MESSAGES.expiryRequired;
  if (values.adminName.trim().length < MIN_NAME_LENGTH) errors.adminName = TENANT_FORM_MESSAGES.adminName;
  if (!isEmail(values.adminEmail)) errors.adminEmail = TENANT_FORM_MESSAGES.email;
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
