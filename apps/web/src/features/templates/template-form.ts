import type { QuoteTemplateView, TemplateTranslations } from '@quotebook/contracts';
import { htmlShape, MESSAGES, templateContentProblems, type TemplateType } from '@quotebook/domain';
import type { FormErrors } from '../../shared/form/use-entity-form';
import type { QuoteTemplateRequest } from './templates.api';

export interface TemplateFormValues {
  templateType: TemplateType;
  title: string;
  /** the editor's HTML; '' while it holds no text */
  content: string;
  signatureImagePath: string | null;
  headerPrint: boolean;
  isActive: boolean;
  /** its text in the agency's other languages; one without text is not kept (Italian prints instead) */
  translations: TemplateTranslations;
}

export function templateFormFrom(template: QuoteTemplateView | undefined, type: TemplateType): TemplateFormValues {
  return {
    templateType: template?.templateType ?? type,
    title: template?.title ?? '',
    content: template?.content ?? '',
    signatureImagePath: template?.signatureImagePath ?? null,
    headerPrint: template?.headerPrint ?? true,
    isActive: template?.isActive ?? true,
    translations: { ...(template?.translations ?? {}) },
  };
}

/** Whether HTML has any text a reader would see (an empty editor holds `<p></p>`). */
export function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}

/**
 * What the content passes of TEMPLATE_CONTENT_LIMITS, one message a line in the server's words, or
 * undefined. The editor's HTML is measured as the server measures what it stores (`&` is `&amp;`).
 */
export function contentTooBig(html: string): string | undefined {
  const messages = templateContentProblems(htmlShape(html));
  return messages.length ? messages.join('\n') : undefined;
}

export function validateTemplateForm(values: TemplateFormValues): FormErrors<TemplateFormValues> {
  const errors: FormErrors<TemplateFormValues> = {};
  if (!values.title.trim()) errors.title = MESSAGES.templateTitleRequired;
  const contentProblem = hasText(values.content) ? contentTooBig(values.content) : MESSAGES.templateContentRequired;
  if (contentProblem) errors.content = contentProblem;
  const translationProblem = Object.values(values.translations)
    .map((text) => (hasText(text.content) ? contentTooBig(text.content) : undefined))
    .find(Boolean);
  if (translationProblem) errors.translations = translationProblem;
  return errors;
}

/** The translations worth keeping: those with text, their titles trimmed. */
export function translationsToSend(translations: TemplateTranslations): TemplateTranslations {
  return Object.fromEntries(
    Object.entries(translations)
      .filter(([, text]) => hasText(text.content))
      .map(([language, text]) => [language, { title: text.title.trim(), content: text.content }]),
  );
}

export function templateRequestFrom(values: TemplateFormValues): QuoteTemplateRequest {
  return {
    templateType: values.templateType,
    title: values.title.trim(),
    content: values.content,
    signatureImagePath: values.signatureImagePath,
    headerPrint: values.headerPrint,
    isActive: values.isActive,
    translations: translationsToSend(values.translations),
  };
}

/** A search term found in the template's title or its text. */
export function templateMatches(template: QuoteTemplateView, search: string): boolean {
  const term = search.trim().toLocaleLowerCase('it');
  if (!term) return true;
  const text = template.content.replace(/<[^>]*>/g, ' ');
  return template.title.toLocaleLowerCase('it').includes(term) || text.toLocaleLowerCase('it').includes(term);
}
