import { combinedShape, flattenHtml, htmlShape, plainText, shapeExcesses, TEMPLATE_CONTENT_LIMITS } from './html-shape';
import { layoutContentTooBig, templateContentTooBig } from './messages';

const nested = (tag: string, levels: number, text = 'x') => `<${tag}>`.repeat(levels) + text + `</${tag}>`.repeat(levels);

describe(htmlShape.name, () => {
  it.each([
    ['', { characters: 0, elements: 0, lists: 0, depth: 0 }],
    ['plain text &amp; more', { characters: 21, elements: 0, lists: 0, depth: 0 }],
    ['<p>Gentile <strong>cliente</strong></p>', { characters: 39, elements: 2, lists: 0, depth: 2 }],
    ['<p>a<br>b<br>c</p>', { characters: 18, elements: 3, lists: 0, depth: 2 }],
    ['<ul><li><p>uno</p><ol><li><p>due</p></li></ol></li></ul>', { characters: 56, elements: 6, lists: 2, depth: 5 }],
    [nested('i', 14_000), { characters: 98_001, elements: 14_000, lists: 0, depth: 14_000 }],
    // an end tag closes what was left open inside it; a stray end tag closes nothing
    ['<p><b>x</p><p>y</p></i>', { characters: 23, elements: 3, lists: 0, depth: 2 }],
    // a quoted attribute may hold ">" as a browser writes it
    ['<p><a href="https://a.example/?q=>">x</a></p>', { characters: 45, elements: 2, lists: 0, depth: 2 }],
    ['<P STYLE="text-align: center"><EM>x</EM></P>', { characters: 44, elements: 2, lists: 0, depth: 2 }],
  ])('%s', (html, expected) => {
    expect(htmlShape(html)).toEqual(expected);
  });
});

describe(flattenHtml.name, () => {
  it('leaves content within the limit unchanged', () => {
    const html = '<p style="text-align: center">Gentile <strong><em>cliente</em></strong><br>a presto</p><ul><li><p>uno</p></li></ul>';
    expect(flattenHtml(html, 3)).toBe(html);
  });

  it('drops the tags nested past the limit and keeps their text', () => {
    expect(flattenHtml('<p><b><i><u>deep</u></i> mid</b> top</p>', 2)).toBe('<p><b>deep mid</b> top</p>');
  });

  it('brings stored content of any depth to the limit, every word kept', () => {
    const sut = flattenHtml(`<p>${nested('i', 14_000, 'fondo')}</p><p>dopo</p>`, TEMPLATE_CONTENT_LIMITS.depth);

    expect(htmlShape(sut).depth).toBe(TEMPLATE_CONTENT_LIMITS.depth);
    expect(sut.replace(/<[^>]*>/g, '')).toBe('fondodopo');
    expect(sut).toBe(`<p>${nested('i', 31, 'fondo')}</p><p>dopo</p>`);
  });

  it('keeps a void element within the limit and drops one past it', () => {
    expect(flattenHtml('<p>a<br>b<b>c<br>d</b></p>', 3)).toBe('<p>a<br>b<b>c<br>d</b></p>');
    expect(flattenHtml('<p>a<br>b<b>c<br>d</b></p>', 2)).toBe('<p>a<br>b<b>cd</b></p>');
    expect(flattenHtml('<p>a<br>b<b>c<br>d</b></p>', 1)).toBe('<p>abcd</p>');
  });
});

describe(shapeExcesses.name, () => {
  it('names each measure over its bound, and only those', () => {
    expect(shapeExcesses({ characters: 100_000, elements: 5_000, lists: 1_000, depth: 32 }, TEMPLATE_CONTENT_LIMITS)).toEqual([]);
    expect(shapeExcesses({ characters: 100_001, elements: 5_000, lists: 1_001, depth: 33 }, TEMPLATE_CONTENT_LIMITS)).toEqual(['characters', 'lists', 'depth']);
  });

  it('adds up the templates of a layout, the deepest one giving the depth', () => {
    const sut = combinedShape([htmlShape('<p>ab</p>'), htmlShape('<ul><li><b>c</b></li></ul>'), htmlShape('<p>ab</p>')]);
    expect(sut).toEqual({ characters: 9 + 26 + 9, elements: 1 + 3 + 1, lists: 1, depth: 3 });
  });
});

describe('the messages of the content limits', () => {
  it('say the bound the way the product writes numbers', () => {
    expect(templateContentTooBig('characters')).toBe('Il contenuto del template può avere al massimo 100.000 caratteri');
    expect(templateContentTooBig('depth')).toBe('Il contenuto del template può avere al massimo 32 livelli di formattazione annidati');
    expect(layoutContentTooBig('elements', 'Standard')).toBe(
      'I template del layout «Standard» insieme possono avere al massimo 10.000 elementi (paragrafi, titoli, voci di elenco e formattazioni)',
    );
  });
});

describe(plainText.name, () => {
  it.each([
    [null, null],
    ['', null],
    ['<p> </p>', null],
    ['Giro in barca', 'Giro in barca'],
    ['<p>Riga uno</p><p>Riga&nbsp;due &amp; tre</p>', 'Riga uno Riga due & tre'],
    ['<ul><li>A</li><li>B</li></ul>', 'A B'],
    ['Giro <b', 'Giro'],
  ])('%j → %j', (html, text) => {
    expect(plainText(html)).toBe(text);
  });
});
