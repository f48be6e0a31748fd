import { flattenHtml, TEMPLATE_CONTENT_LIMITS } from '@quotebook/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * What a template's HTML may hold: formatting only. No script, no event handler, no style block, no
 * image or other resource to fetch; links only to http, https or mailto; a paragraph or span may carry
 * its text alignment and nothing else.
 */
const TEMPLATE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'span'],
  allowedAttributes: { a: ['href'], p: ['style'], span: ['style'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  disallowedTagsMode: 'discard',
  // the text of these is code or a document of its own, never words of the template
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'xmp', 'noembed', 'noframes'],
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A template's HTML with formatting only (run on every write and again on every render). Control
 * characters other than tabs and line breaks go too: no text shows them, and JSON writes each as six bytes.
 */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html.replace(CONTROL_CHARACTERS, ''), TEMPLATE_HTML);
}

/** Whether sanitized HTML shows any text at all (a template of empty paragraphs says nothing). */
export function hasVisibleText(sanitized: string): boolean {
  return sanitized.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;
}

/**
 * A template's HTML as a document prints it: sanitized again, and nested no deeper than a template may
 * be (content stored before that bound loses the tags past it and keeps its text).
 */
export function printableTemplateHtml(stored: string): string {
  return flattenHtml(sanitizeTemplateHtml(stored), TEMPLATE_CONTENT_LIMITS.depth);
}
