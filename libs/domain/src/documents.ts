import { LAYOUT_ELEMENT_TYPES, TEMPLATE_TYPES } from './choices';
import { quoteShortId } from './quotes';

/** What a quote can be generated as: the preview's HTML, a PDF, or a Word file. */
export const DOCUMENT_FORMATS = ['preview', 'pdf', 'word'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** A layout holds 1 to this many elements. */
export const MAX_LAYOUT_ELEMENTS = 50;
/** An agency keeps at most this many templates and layouts. */
export const MAX_TEMPLATES = 500;
export const MAX_LAYOUTS = 100;
/** A signed upload URL works once, within this many minutes. */
export const UPLOAD_URL_MINUTES = 10;
/** Signature images: PNG, JPEG, GIF or WebP, told by their content. */
export const SIGNATURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The printed page: A4 with 2 cm margins, in a 12 pt serif font. */
export const PRINT_PAGE = { size: 'A4', widthCm: 21, heightCm: 29.7, marginCm: 2, fontSizePt: 12, fontFamily: 'Georgia, "Times New Roman", Times, serif' } as const;

/** The waits of the preview dialog: it generates the preview this long after opening. */
export const PREVIEW_AUTO_TRIGGER_MS = 100;

const EXTENSIONS: Record<Exclude<DocumentFormat, 'preview'>, string> = { pdf: 'pdf', word: 'docx' };

/** `preventivo-A1B2C3.pdf` / `preventivo-A1B2C3.docx` */
export function documentFileName(quoteId: string, format: Exclude<DocumentFormat, 'preview'>): string {
  return `preventivo-${quoteShortId(quoteId)}.${EXTENSIONS[format]}`;
}

/** The messages a request that skipped the forms gets, naming the property. */
export const DOCUMENT_API_MESSAGES = {
  templateType: `templateType must be one of: ${TEMPLATE_TYPES.join(', ')}`,
  elementType: `type must be one of: ${LAYOUT_ELEMENT_TYPES.join(', ')}`,
  format: `format must be one of: ${DOCUMENT_FORMATS.join(', ')}`,
  signaturePath: 'signatureImagePath must be a path answered by normalize-path',
  templateOfTenant: 'templateId must be a template of this tenant',
  templateIdRequired: 'templateId is required for a template element',
} as const;

/**
 * A template's texts besides its Italian one: at most this many languages, and all its texts together
 * (the Italian content and every translation's) at most this many characters, so that a template with
 * all its languages still crosses the bus in one message.
 */
export const MAX_TEMPLATE_TRANSLATIONS = 10;
export const TEMPLATE_TEXTS_MAX_CHARACTERS = 200_000;

/** What a template's translations are refused for, each naming the property. */
export const TEMPLATE_TRANSLATION_MESSAGES = {
  shape: `translations must map a 2-letter language code (not it) to { title, content }, at most ${MAX_TEMPLATE_TRANSLATIONS} languages`,
  title: (language: string) => `translations.${language}.title must be a text of at most 300 characters`,
  content: (language: string) => `translations.${language}.content is required`,
  tooLong: `translations: a template's texts in all its languages together are at most ${TEMPLATE_TEXTS_MAX_CHARACTERS} characters`,
} as const;
