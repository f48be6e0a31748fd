import type { TenantSettings, TenantSettingsField, TenantView } from '@quotebook/contracts';
import { isEmail, MESSAGES } from '@quotebook/domain';
import { isValidWebsite } from '../../shared/validation';

export const SETTINGS_FIELDS: ReadonlyArray<{ name: TenantSettingsField; label: string; type?: string; autoComplete?: string }> = [
  { name: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'mobile', label: 'Mobile', type: 'tel' },
  { name: 'referenceEmail', label: 'Reference Email', type: 'email', autoComplete: 'email' },
  { name: 'website', label: 'Website', type: 'url', autoComplete: 'url' },
  { name: 'vatNumber', label: 'VAT Number' },
  { name: 'fiscalCode', label: 'Fiscal Code' },
];

export const SETTINGS_MESSAGES = {
  email: MESSAGES.settingsEmailInvalid,
  website: MESSAGES.settingsWebsiteInvalid,
} as const;

export type SettingsFormValues = Record<TenantSettingsField, string>;
export type SettingsFormErrors = Partial<Record<TenantSettingsField, string>>;

export function settingsFormFrom(tenant: TenantView): SettingsFormValues {
  return Object.fromEntries(SETTINGS_FIELDS.map(({ name }) => [name, tenant[name] ?? ''])) as SettingsFormValues;
}

/** Everything optional; the reference email and the website must be valid when given. */
export function validateSettingsForm(values: SettingsFormValues): SettingsFormErrors {
  const errors: SettingsFormErrors = {};
  if (values.referenceEmail.trim() && !isEmail(values.referenceEmail)) errors.referenceEmail = SETTINGS_MESSAGES.email;
  if (values.website.trim() && !isValidWebsite(values.website)) errors.website = SETTINGS_MESSAGES.website;
  return errors;
}

/** Trimmed values; an emptied field is sent as null so the agency's stored value is cleared. */
export function settingsRequestFrom(values: SettingsFormValues): TenantSettings {
  return Object.fromEntries(
    SETTINGS_FIELDS.map(({ name }) => [name, values[name].trim() === '' ? null : values[name].trim()]),
  ) as TenantSettings;
}
