import { hasVisibleText, sanitizeTemplateHtml } from './template-html';

describe(sanitizeTemplateHtml.name, () => {
  it.each([
    ['keeps formatting', '<h2>Titolo</h2><p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><ul><li>x</li></ul><blockquote>q</blockquote>',
      '<h2>Titolo</h2><p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><ul><li>x</li></ul><blockquote>q</blockquote>'],
    ['drops a script and its text', '<p>Prima</p><script>alert(1)</script><p>Dopo</p>', '<p>Prima</p><p>Dopo</p>'],
    ['drops event handlers', '<p onclick="alert(1)" onmouseover="x()">Testo</p>', '<p>Testo</p>'],
    ['drops images, remote or not', '<p>a<img src="https://evil.example/x.png" onerror="alert(1)">b<img src="data:image/png;base64,AA"></p>', '<p>ab</p>'],
    ['drops javascript: links, however written', '<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a><a href="java&#x09;script:alert(1)">z</a>', '<a>x</a><a>y</a><a>z</a>'],
    ['keeps http, https and mailto links', '<a href="https://ok.example/a?b=1" target="_blank">s</a><a href="mailto:info@ok.example">m</a>',
      '<a href="https://ok.example/a?b=1">s</a><a href="mailto:info@ok.example">m</a>'],
    ['drops protocol-relative and data links', '<a href="//evil.example">p</a><a href="data:text/html,x">d</a>', '<a>p</a><a>d</a>'],
    ['keeps only the text alignment of a style', '<p style="text-align:center;color:red;background:url(https://evil.example/x)">c</p>', '<p style="text-align:center">c</p>'],
    ['drops style blocks, frames and forms', '<style>p{}</style><iframe src="https://evil.example"></iframe><form><input value="x"></form><p>ok</p>', '<p>ok</p>'],
    ['drops links inside svg', '<svg><a xlink:href="javascript:alert(1)">q</a></svg>', '<a>q</a>'],
    ['keeps escaped text escaped', '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "virgolette"</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "virgolette"</p>'],
    ['drops control characters but keeps line breaks', '<p>a\u0001b\u0000c\nd\te</p>', '<p>abc\nd\te</p>'],
  ])('%s', (_what, html, expected) => {
    expect(sanitizeTemplateHtml(html)).toBe(expected);
  });

  it('gives the same HTML when run again', () => {
    const once = sanitizeTemplateHtml('<p style="text-align:right">a &amp; b <a href="https://x.example">l</a></p><script>x</script>');
    expect(sanitizeTemplateHtml(once)).toBe(once);
  });
});

describe(hasVisibleText.name, () => {
  it.each([
    ['<p>Testo</p>', true],
    ['<p> </p><br>', false],
    ['<p>&nbsp;</p>', false],
    ['', false],
  ])('%j → %s', (html, expected) => {
    expect(hasVisibleText(html)).toBe(expected);
  });
});
