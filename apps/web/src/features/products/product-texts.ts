import type { ProductView } from '@quotebook/contracts';
import { ITALIAN, productTexts, type ProductTexts } from './product-form';

/** The four texts of a product in each of the agency's languages, kept apart. */
export type TextsByLanguage = Record<string, ProductTexts>;

export function textsByLanguage(product: ProductView | undefined, languages: readonly string[]): TextsByLanguage {
  return Object.fromEntries(languages.map((language) => [language, productTexts(product, language)]));
}

const TEXT_FIELDS = ['title', 'subtitle', 'shortDescription', 'extendedDescription'] as const satisfies ReadonlyArray<keyof ProductTexts>;

/** Whether anything is written in these texts (blanks are nothing). */
export function hasTexts(texts: ProductTexts | undefined): boolean {
  return TEXT_FIELDS.some((field) => Boolean(texts?.[field].trim()));
}

export function sameTexts(a: ProductTexts | undefined, b: ProductTexts | undefined): boolean {
  return TEXT_FIELDS.every((field) => (a?.[field] ?? '').trim() === (b?.[field] ?? '').trim());
}

/**
 * The languages a new product is created in: Italian first (the product goes by its Italian title),
 * then each other language something was written in.
 */
export function languagesToCreate(drafts: TextsByLanguage, languages: readonly string[]): string[] {
  return [ITALIAN, ...languages.filter((language) => language !== ITALIAN && hasTexts(drafts[language]))];
}
