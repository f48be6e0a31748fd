export const SUPPORTED_LANGUAGES = [
  'it', 'en', 'fr', 'de', 'es', 'pt', 'ru', 'zh', 'ja', 'ko', 'ar', 'nl', 'sv', 'no', 'da', 'fi',
  'pl', 'tr', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'sl', 'et', 'lv', 'lt', 'mt', 'cy', 'ga',
] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'it';

/** The checklist offered when creating or editing a tenant. */
export const TENANT_LANGUAGE_CHOICES: ReadonlyArray<{ code: LanguageCode; label: string }> = [
  { code: 'it', label: 'Italiano' },
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
];

/** Italian first, always present, no duplicates, otherwise in the given order. */
export function normalizeTenantLanguages(languages: readonly string[] | undefined): string[] {
  const rest = (languages ?? []).filter((code) => code !== DEFAULT_LANGUAGE);
  return [DEFAULT_LANGUAGE, ...new Set(rest)];
}
