import Box from '@mui/material/Box';
import { createElement, type CSSProperties, type ReactNode } from 'react';

/**
 * What a template's text may hold, as the server keeps it: formatting, lists, quotes and links to
 * http, https or mailto; a paragraph or span may carry its alignment. Anything else is dropped and
 * its text kept (script, style and the like lose their text too).
 */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'span']);
const TEXTLESS_TAGS = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'xmp', 'noembed', 'noframes']);
const SAFE_LINK = /^(https?:|mailto:)/i;
const ALIGNMENT = /text-align\s*:\s*(left|right|center|justify)/i;
// a template's headings sit under the page's own headings
const HEADING_LEVEL: Readonly<Record<string, string>> = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6' };

function childrenOf(node: Node, key: string): ReactNode[] {
  return Array.from(node.childNodes).map((child, index) => toReact(child, `${key}.${index}`));
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (TEXTLESS_TAGS.has(tag)) return null;
  if (!ALLOWED_TAGS.has(tag)) return childrenOf(element, key);
  if (tag === 'br') return createElement('br', { key });
  const props: { key: string; href?: string; rel?: string; target?: string; style?: CSSProperties } = { key };
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_LINK.test(href)) return childrenOf(element, key);
    Object.assign(props, { href, rel: 'noopener noreferrer nofollow', target: '_blank' });
  }
  const alignment = (tag === 'p' || tag === 'span') && ALIGNMENT.exec(element.getAttribute('style') ?? '');
  if (alignment) props.style = { textAlign: alignment[1].toLowerCase() as CSSProperties['textAlign'] };
  return createElement(HEADING_LEVEL[tag] ?? tag, props, ...childrenOf(element, key));
}

/**
 * A template's HTML shown in the page. The server sends it sanitized; the browser builds the elements
 * itself from the allowed ones (never assigning markup), so a text that slipped through cannot run or
 * load anything.
 */
export function SafeHtml({ html }: { html: string }) {
  // a parsed document is inert: no script runs and nothing it names is fetched
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return (
    <Box sx={{ overflowWrap: 'anywhere', '& p': { my: 1 }, '& h3, & h4, & h5, & h6': { mt: 2, mb: 1 } }}>{childrenOf(parsed.body, 'html')}</Box>
  );
}
