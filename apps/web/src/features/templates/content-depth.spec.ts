import { htmlShape, TEMPLATE_CONTENT_LIMITS } from '@quotebook/domain';
import { Editor } from '@tiptap/react';
import { documentDepth } from './content-depth';
import { editorExtensions } from './editor-extensions';

const MAX_DEPTH = TEMPLATE_CONTENT_LIMITS.depth;

/** A template editor as the form makes it, with the refusals it reported. */
function templateEditor(content: string): { editor: Editor; refusals: () => number } {
  let refused = 0;
  const editor = new Editor({ extensions: editorExtensions(MAX_DEPTH, () => (refused += 1)), content });
  return { editor, refusals: () => refused };
}

const depthOf = (editor: Editor) => htmlShape(editor.getHTML()).depth;

/** The position inside the text `text` (after its first character). */
function inside(editor: Editor, text: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text?.startsWith(text)) found = pos + 1;
    return found < 0;
  });
  if (found < 0) throw new Error(`no text ${text}`);
  return found;
}

/** What pasting HTML does in the editor (jsdom has no ClipboardEvent: a plain paste event stands in). */
function paste(editor: Editor, html: string): void {
  editor.view.pasteHTML(html, new Event('paste') as ClipboardEvent);
}

/** What the Tab key does in the editor. */
function pressTab(editor: Editor): void {
  editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, new KeyboardEvent('keydown', { key: 'Tab' })));
}

const nested = (tag: string, levels: number, inner: string) => `${`<${tag}>`.repeat(levels)}${inner}${`</${tag}>`.repeat(levels)}`;

let editors: Editor[] = [];
function track<T extends { editor: Editor }>(made: T): T {
  editors.push(made.editor);
  return made;
}
afterEach(() => {
  for (const editor of editors) editor.destroy();
  editors = [];
});

describe('the depth of the editor content', () => {
  it.each([
    ['<p>Ciao</p>', 1],
    ['<p><strong>Ciao</strong></p>', 2],
    ['<p></p>', 1],
    ['<p>a<strong>b<em>c<a href="https://x.it">d</a></em></strong></p>', 4],
    ['<ul><li><p>a<br>b</p></li></ul>', 4],
    ['<ol><li><p>a</p><ul><li><p><u>b</u></p></li></ul></li></ol>', 6],
    [nested('blockquote', 3, '<h2><s>x</s></h2>'), 5],
  ])('%s nests %i deep, in the document as in its HTML', (content, depth) => {
    const { editor } = track(templateEditor(content));
    expect(documentDepth(editor.state.doc)).toBe(depth);
    expect(depthOf(editor)).toBe(depth);
  });
});

describe('the editor refuses to nest past the limit', () => {
  it('quotes a paragraph in quotes up to the limit, then refuses and says so', () => {
    const { editor, refusals } = track(templateEditor('<p>Condizioni</p>'));

    for (let level = 0; level < MAX_DEPTH + 5; level++) editor.chain().setTextSelection(inside(editor, 'Condizioni')).wrapIn('blockquote').run();

    expect(depthOf(editor)).toBe(MAX_DEPTH);
    expect(editor.getHTML()).toBe(nested('blockquote', MAX_DEPTH - 1, '<p>Condizioni</p>'));
    expect(refusals()).toBe(6);
  });

  it('keeps marks from passing the limit', () => {
    const { editor, refusals } = track(templateEditor(nested('blockquote', MAX_DEPTH - 4, '<p><strong><em>Prezzo</em></strong></p>')));
    editor.commands.setTextSelection({ from: inside(editor, 'Prezzo') - 1, to: inside(editor, 'Prezzo') + 5 });

    expect(editor.commands.setUnderline()).toBe(true);
    expect(depthOf(editor)).toBe(MAX_DEPTH);
    editor.commands.setStrike();
    editor.commands.setLink({ href: 'https://esempio.it' });

    expect(depthOf(editor)).toBe(MAX_DEPTH);
    expect(editor.getHTML()).not.toMatch(/<s>|<a /);
    expect(refusals()).toBe(2);
  });

  it('sinks list items with Tab no deeper than the limit', () => {
    const items = Array.from({ length: 20 }, (_, index) => `<li><p>voce ${String(index).padStart(2, '0')}</p></li>`).join('');
    const { editor, refusals } = track(templateEditor(`<ul>${items}</ul>`));

    // a staircase: every item sunk as far as Tab takes it, each one level below the one before
    for (let index = 1; index < 20; index++) {
      for (let press = 0; press < 20; press++) {
        editor.commands.setTextSelection(inside(editor, `voce ${String(index).padStart(2, '0')}`));
        pressTab(editor);
      }
    }

    // a list level is two elements (ul, li): fifteen levels put a paragraph at 31, a sixteenth would be 33
    expect(depthOf(editor)).toBe(2 * 15 + 1);
    expect(depthOf(editor)).toBeLessThanOrEqual(MAX_DEPTH);
    expect(editor.getHTML()).toContain('voce 19');
    expect(refusals()).toBeGreaterThan(0);
  });

  it('refuses a paste nested past the limit whole, and takes one within it', () => {
    const { editor, refusals } = track(templateEditor('<p>Premessa</p>'));
    editor.commands.setTextSelection(inside(editor, 'Premessa') + 7);

    paste(editor, `<p>Prima</p>${nested('blockquote', 40, '<p>Incollato</p>')}<p>Dopo</p>`);
    expect(editor.getHTML()).toBe('<p>Premessa</p>');
    expect(refusals()).toBe(1);
    const list = (levels: number): string => (levels === 0 ? '' : `<ul><li>Voce${list(levels - 1)}</li></ul>`);
    paste(editor, `<p>Elenco</p>${list(20)}`);
    expect(editor.getHTML()).toBe('<p>Premessa</p>');
    expect(refusals()).toBe(2);

    paste(editor, `<p>Prima</p>${nested('blockquote', 10, '<p>Citazione</p>')}`);
    expect(editor.getHTML()).toContain('Citazione');
    expect(depthOf(editor)).toBe(11);
    expect(refusals()).toBe(2);
  });

  it('lets content kept from before the limit be edited and made shallower, never deeper', () => {
    const { editor, refusals } = track(templateEditor(`${nested('blockquote', 39, '<p>Vecchio</p>')}<p>Nuovo</p>`));
    expect(depthOf(editor)).toBe(40);

    editor.chain().setTextSelection(inside(editor, 'Vecchio') + 6).insertContent(' testo').run();
    expect(editor.getHTML()).toContain('Vecchio testo');
    editor.chain().setTextSelection(inside(editor, 'Vecchio')).wrapIn('blockquote').run();
    expect(depthOf(editor)).toBe(40);
    expect(refusals()).toBe(1);
    editor.chain().setTextSelection(inside(editor, 'Vecchio')).lift('blockquote').run();
    expect(depthOf(editor)).toBe(39);

    // the rest of the document still has the limit
    for (let level = 0; level < MAX_DEPTH; level++) editor.chain().setTextSelection(inside(editor, 'Nuovo')).wrapIn('blockquote').run();
    expect(editor.getHTML()).toContain(nested('blockquote', MAX_DEPTH - 1, '<p>Nuovo</p>'));
    expect(refusals()).toBe(2);
  });

  it('lets anything through when no limit is set', () => {
    const editor = new Editor({ extensions: editorExtensions(Infinity, () => undefined), content: '<p>x</p>' });
    editors.push(editor);
    for (let level = 0; level < 40; level++) editor.chain().setTextSelection(2).wrapIn('blockquote').run();
    expect(depthOf(editor)).toBe(41);
  });
});
