/**
 * The shape of a template's HTML: how long it is, how many elements and lists it holds and how deep its
 * tags nest. What a document costs to print grows with these (a Word file spends most of its time on
 * lists, and a converter walks nested tags recursively), so each is bounded where content enters and
 * again when a document is made. The scan reads well-formed HTML, as the server's sanitizer and the
 * rich-text editor write it: tags, text and entities, no comments.
 */
export interface HtmlShape {
  /** characters, as stored */
  characters: number;
  /** start tags, void ones (`<br>`) included */
  elements: number;
  /** `<ul>` and `<ol>` */
  lists: number;
  /** the deepest nesting of tags: `<p><strong>x</strong></p>` is 2 */
  depth: number;
}

/** What a template may hold, and what the templates of one layout may hold together. */
export const TEMPLATE_CONTENT_LIMITS = { characters: 100_000, elements: 5_000, lists: 1_000, depth: 32 } as const;
export const LAYOUT_CONTENT_LIMITS = { characters: 300_000, elements: 10_000, lists: 1_000 } as const;

/** A template's HTML, in characters, as it is stored (after the server kept only its formatting). */
export const TEMPLATE_CONTENT_MAX_LENGTH = TEMPLATE_CONTENT_LIMITS.characters;
/** How deep a template's tags may nest. */
export const TEMPLATE_CONTENT_MAX_DEPTH = TEMPLATE_CONTENT_LIMITS.depth;

/** Elements that have no end tag, so nothing nests inside them. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** A start or end tag; a quoted attribute value may hold `>` (a browser's serializer leaves it so). */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;

interface Tag {
  /** where the tag starts and ends in the HTML */
  start: number;
  end: number;
  name: string;
  closing: boolean;
}

function* tagsOf(html: string): Generator<Tag> {
  for (const match of html.matchAll(TAG)) {
    yield { start: match.index, end: match.index + match[0].length, name: match[2].toLowerCase(), closing: match[1] === '/' };
  }
}

/**
 * Walks the tags with the stack of open elements: an end tag closes its element and any left open
 * inside it; an end tag with no open element of its name is ignored, as a browser ignores it.
 */
function walk(html: string, visit: (tag: Tag, depth: number, closed: number) => void): void {
  const open: string[] = [];
  for (const tag of tagsOf(html)) {
    if (!tag.closing) {
      const isVoid = VOID_ELEMENTS.has(tag.name);
      visit(tag, open.length + 1, 0);
      if (!isVoid) open.push(tag.name);
      continue;
    }
    const at = open.lastIndexOf(tag.name);
    if (at < 0) continue;
    const closed = open.length - at;
    open.length = at;
    visit(tag, at + 1, closed);
  }
}

export function htmlShape(html: string): HtmlShape {
  const shape: HtmlShape = { characters: html.length, elements: 0, lists: 0, depth: 0 };
  walk(html, (tag, depth) => {
    if (tag.closing) return;
    shape.elements += 1;
    if (tag.name === 'ul' || tag.name === 'ol') shape.lists += 1;
    shape.depth = Math.max(shape.depth, depth);
  });
  return shape;
}

/** The shapes of several templates printed together. */
export function combinedShape(shapes: readonly HtmlShape[]): HtmlShape {
  return shapes.reduce(
    (total, shape) => ({
      characters: total.characters + shape.characters,
      elements: total.elements + shape.elements,
      lists: total.lists + shape.lists,
      depth: Math.max(total.depth, shape.depth),
    }),
    { characters: 0, elements: 0, lists: 0, depth: 0 },
  );
}

/**
 * The HTML with every tag nested deeper than `maxDepth` left out and its text kept: how content stored
 * before the depth limit is printed. Content within the limit comes back unchanged.
 */
export function flattenHtml(html: string, maxDepth: number): string {
  const kept: string[] = [];
  let from = 0;
  // per open element: whether its start tag was kept (its end tag is kept with it)
  const keptOpen: boolean[] = [];
  walk(html, (tag, depth, closed) => {
    kept.push(html.slice(from, tag.start));
    from = tag.end;
    if (!tag.closing) {
      const keep = depth <= maxDepth;
      if (keep) kept.push(html.slice(tag.start, tag.end));
      if (!VOID_ELEMENTS.has(tag.name)) keptOpen.push(keep);
      return;
    }
    // the elements this end tag closes, innermost first: the ones left open get their end tag here
    const closing = keptOpen.splice(keptOpen.length - closed, closed);
    if (closing[0]) kept.push(html.slice(tag.start, tag.end));
  });
  kept.push(html.slice(from));
  return kept.join('');
}

export type ShapeLimits = Partial<Record<keyof HtmlShape, number>>;

/** The measures of a shape that pass their bound. */
export function shapeExcesses(shape: HtmlShape, limits: ShapeLimits): (keyof HtmlShape)[] {
  return (Object.keys(limits) as (keyof HtmlShape)[]).filter((key) => shape[key] > (limits[key] ?? Infinity));
}

/** A catalogue text as plain text: its tags dropped (an unclosed one too), the common entities read, its spaces collapsed; empty is none. */
export function plainText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>?/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text;
}
