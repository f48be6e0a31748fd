import type { ProductView, Translations, VatRateView } from '@quotebook/contracts';
import { DEFAULT_LANGUAGE, DURATION_MINUTES, MAX_DURATION_HOURS, MESSAGES } from '@quotebook/domain';
import type { SelectOption } from '../../shared/fields/SelectField';
import { twoDecimals } from '../../shared/money';
import type { ProductRequest } from './products.api';

export const ITALIAN = DEFAULT_LANGUAGE;

export const PRODUCT_MESSAGES = {
  titleRequired: MESSAGES.titleRequired,
} as const;

export const DELETE_PRODUCT_CONFIRMATION = 'Are you sure you want to delete this product? This action cannot be undone.';

/** Hours 0–23, minutes 0–55 in steps of 5. */
export const DURATION_HOUR_OPTIONS: SelectOption[] = Array.from({ length: MAX_DURATION_HOURS + 1 }, (_, hour) => ({
  value: String(hour),
  label: `${hour} h`,
}));
export const DURATION_MINUTE_OPTIONS: SelectOption[] = DURATION_MINUTES.map((minutes) => ({
  value: String(minutes),
  label: `${minutes} min`,
}));

/** The texts that exist once per language. */
export interface ProductTexts {
  title: string;
  subtitle: string;
  shortDescription: string;
  extendedDescription: string;
}

export interface ProductFormValues extends ProductTexts {
  language: string;
  durationHours: string;
  durationMinutes: string;
  /** '' is "no VAT rate" */
  vatRateId: string;
  tagIds: string[];
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

const text = (translations: Translations | undefined, language: string) => translations?.[language] ?? '';

/** The product's texts in one language; empty for a language it has not been written in yet. */
export function productTexts(product: ProductView | undefined, language: string): ProductTexts {
  return {
    title: text(product?.titles, language),
    subtitle: text(product?.subtitles, language),
    shortDescription: text(product?.shortDescriptions, language),
    extendedDescription: text(product?.extendedDescriptions, language),
  };
}

export function productFormFrom(product: ProductView | undefined, language = ITALIAN): ProductFormValues {
  return {
    ...productTexts(product, language),
    language,
    durationHours: String(product?.durationHours ?? 0),
    durationMinutes: String(product?.durationMinutes ?? 0),
    vatRateId: product?.vatRateId ?? '',
    tagIds: product ? [...product.tagIds] : [],
  };
}

/** Offered for a language other than Italian when the product has an Italian title. */
export function canCopyFromItalian(product: ProductView | undefined, language: string): boolean {
  return language !== ITALIAN && Boolean(product?.titles[ITALIAN]?.trim());
}

export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  return values.title.trim() ? {} : { title: PRODUCT_MESSAGES.titleRequired };
}

export function productRequestFrom(values: ProductFormValues): ProductRequest {
  return {
    language: values.language,
    title: values.title.trim(),
    subtitle: values.subtitle.trim() || null,
    shortDescription: values.shortDescription.trim() || null,
    extendedDescription: values.extendedDescription.trim() || null,
    durationHours: Number(values.durationHours),
    durationMinutes: Number(values.durationMinutes),
    vatRateId: values.vatRateId || null,
  };
}

export function vatRateOptions(vatRates: readonly VatRateView[]): SelectOption[] {
  return [
    { value: '', label: 'No VAT rate' },
    ...vatRates.map((vatRate) => ({ value: vatRate.id, label: `${vatRate.description} (${twoDecimals(vatRate.rate)}%)` })),
  ];
}

/** The name a product goes by on screen: its Italian title, else its code. */
export function productDisplayTitle(product: ProductView): string {
  return product.titles[ITALIAN]?.trim() || product.code;
}

export function formatDuration(hours: number, minutes: number): string {
  if (!hours && !minutes) return '—';
  if (!minutes) return `${hours}h`;
  if (!hours) return `${minutes}m`;
  return `${hours}h ${minutes}m`;
}

export interface ProductFilters {
  search: string;
  /** a tag id, or 'all' */
  tagId: string;
}

/** Search matches the code or a title in any language, case-insensitively. */
export function filterProducts(products: readonly ProductView[], { search, tagId }: ProductFilters): ProductView[] {
  const needle = search.trim().toLowerCase();
  return products.filter((product) => {
    if (tagId !== 'all' && !product.tagIds.includes(tagId)) return false;
    if (!needle) return true;
    return [product.code, ...Object.values(product.titles)].some((value) => value?.toLowerCase().includes(needle));
  });
}
