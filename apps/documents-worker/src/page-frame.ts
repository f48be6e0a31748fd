import { PRINT_PAGE } from '@quotebook/domain';

/**
 * The page frame a document carries: its running header and its footer, printed in the margins of
 * every page. The documents service writes them as HTML fragments in `<template>` elements of the
 * document's head (where a browser shows nothing of them): `<template id="page-header">` and
 * `<template id="page-footer">`. The footer marks the page number and the page count with Chromium's
 * classes, as Gotenberg's footer.html does: `<span class="pageNumber"></span>` and
 * `<span class="totalPages"></span>`.
 */
export interface PageFrame {
  header: string | null;
  footer: string | null;
}

export const PAGE_FRAME_IDS = { header: 'page-header', footer: 'page-footer' } as const;

const PAGE_NUMBER = '<span class="pageNumber"></span>';
const TOTAL_PAGES = '<span class="totalPages"></span>';

/** The words between the page number and the page count of a footer ("Pagina 1 di 2": " di "), or null without a count. */
export function wordPageCountJoin(fragment: string): string | null {
  const number = fragment.indexOf(PAGE_NUMBER);
  const count = fragment.indexOf(TOTAL_PAGES);
  if (number < 0 || count < number) return null;
  // spaces at either end would be collapsed away: no-break spaces stay
  return fragment.slice(number + PAGE_NUMBER.length, count).replace(/<[^>]*>/g, '').replace(/^\s+|\s+$/g, '\u00a0');
}

/** The document's page frame, read from its head only (the body holds the agency's own text). */
export function pageFrameOf(html: string): PageFrame {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd < 0 ? '' : html.slice(0, headEnd);
  const fragment = (id: string) => new RegExp(`<template id="${id}">([\\s\\S]*?)</template>`).exec(head)?.[1] ?? null;
  return { header: fragment(PAGE_FRAME_IDS.header), footer: fragment(PAGE_FRAME_IDS.footer) };
}

/**
 * A fragment of the frame as Gotenberg takes it (header.html, footer.html): a complete HTML document.
 * Chromium lays a header or footer over the whole width of the page and the height of its margin, in a
 * page of its own that sees none of the document's styles: the fragment is set within the side margins,
 * and away from the page's edge, so that it stays inside the margin and clear of the body.
 */
export function frameDocument(fragment: string, place: 'header' | 'footer'): string {
  const margin = PRINT_PAGE.marginCm;
  const edge = place === 'header' ? 'padding-top' : 'padding-bottom';
  // inline: Chromium takes the template's body into a page of its own, where its head's styles may not reach
  const frame = `margin: 0 ${margin}cm; width: calc(100% - ${2 * margin}cm); ${edge}: ${margin * 0.4}cm;`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin: 0;"><div style="${frame}">${fragment}</div></body></html>`;
}

/**
 * The footer as html-to-docx takes it: its words up to the page number, which the converter's
 * `pageNumber` option writes as Word's PAGE field at the end of the footer's first paragraph. The
 * converter has no field for the page count, so a Word footer reads "Pagina 3".
 */
export function wordFooter(fragment: string): string {
  const at = fragment.indexOf(PAGE_NUMBER);
  if (at < 0) return fragment;
  const element = /^\s*<([a-z0-9]+)/i.exec(fragment)?.[1] ?? 'p';
  // a space before the number would be collapsed away: a no-break space stays
  return `${fragment.slice(0, at).replace(/\s+$/, '\u00a0')}</${element}>`;
}
