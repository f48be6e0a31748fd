export const SUPPORTED_LANGUAGES = [
  'it', 'en', 'fr', 'de', 'es', 'pt', 'ru', 'zh', 'ja', 'ko', 'ar', 'nl', 'sv', 'no', 'da', 'fi',
  'pl', 'tr', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'sl', 'et', 'lv', 'lt', 'mt', 'cy', 'ga',
] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

/** Every agency writes in Italian; a product goes by its Italian title. */
export const DEFAULT_LANGUAGE: LanguageCode = 'it';

/** The checklist offered when creating or editing a tenant. */
export const TENANT_LANGUAGE_CHOICES: ReadonlyArray<{ code: LanguageCode; label: string }> = [
  { code: 'it', label: 'Italiano' },
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
];

/** Italian first and always present, then the checklist's languages in its order, then any other, no duplicates. */
export function normalizeTenantLanguages(languages: readonly string[] | undefined): string[] {
  const chosen = new Set(languages ?? []);
  chosen.delete(DEFAULT_LANGUAGE);
  const offered = TENANT_LANGUAGE_CHOICES.map((choice) => choice.code as string).filter((code) => chosen.has(code));
  const others = [...chosen].filter((code) => !offered.includes(code));
  return [DEFAULT_LANGUAGE, ...offered, ...others];
}
