import { DEFAULT_LANGUAGE, type Translations } from '@quotebook/contracts';

/** The four multilingual texts of a product, each a map from language code to text. */
export interface ProductTexts {
  titles: Translations;
  subtitles: Translations;
  shortDescriptions: Translations;
  extendedDescriptions: Translations;
}

/** One language's texts as the product dialog sends them; a text left out stays as it is. */
export interface LanguageTexts {
  title: string;
  subtitle?: string | null;
  shortDescription?: string | null;
  extendedDescription?: string | null;
}

export const EMPTY_TEXTS: ProductTexts = { titles: {}, subtitles: {}, shortDescriptions: {}, extendedDescriptions: {} };

const FIELDS = [
  ['titles', 'title'],
  ['subtitles', 'subtitle'],
  ['shortDescriptions', 'shortDescription'],
  ['extendedDescriptions', 'extendedDescription'],
] as const;

function withText(texts: Translations, language: string, text: string | null | undefined): Translations {
  if (text === undefined) return texts;
  const { [language]: _previous, ...others } = texts;
  return text === null || text.trim() === '' ? others : { ...others, [language]: text };
}

/**
 * Sets one language's texts and leaves every other language untouched. A text sent empty (or null)
 * removes that language's text; a text not sent keeps it.
 */
export function mergeLanguageTexts(current: ProductTexts, language: string, texts: LanguageTexts): ProductTexts {
  const merged = { ...current };
  for (const [field, key] of FIELDS) merged[field] = withText(current[field] ?? {}, language, texts[key]);
  return merged;
}

export function hasItalianTitle(texts: ProductTexts): boolean {
  return (texts.titles[DEFAULT_LANGUAGE] ?? '').trim() !== '';
}

/**
 * Copies each Italian text into every target language, overwriting what they had; a text Italian does
 * not have leaves the target's own text as it is.
 */
export function copyItalianTexts(current: ProductTexts, targetLanguages: readonly string[]): ProductTexts {
  const copied = { ...current };
  for (const [field] of FIELDS) {
    const italian = current[field]?.[DEFAULT_LANGUAGE];
    if (italian === undefined || italian.trim() === '') continue;
    const texts = { ...current[field] };
    for (const language of targetLanguages) if (language !== DEFAULT_LANGUAGE) texts[language] = italian;
    copied[field] = texts;
  }
  return copied;
}
