import { docxTask } from './docx-renderer';
import { frameDocument, pageFrameOf, wordFooter, wordPageCountJoin } from './page-frame';

const HEADER = '<p style="font-size: 9pt;">Sole Viaggi · Preventivo n. 2026/0001</p>';
const FOOTER = '<p style="font-size: 9pt; text-align: right;">Pagina <span class="pageNumber"></span> di <span class="totalPages"></span></p>';

const framed = (body = '<p>Corpo</p>') =>
  `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Preventivo</title>` +
  `<template id="page-header">${HEADER}</template><template id="page-footer">${FOOTER}</template><style>p {}</style></head><body>${body}</body></html>`;

describe(pageFrameOf.name, () => {
  it("reads the running header and the footer from the document's head", () => {
    expect(pageFrameOf(framed())).toEqual({ header: HEADER, footer: FOOTER });
  });

  it('finds no frame in a document without one, nor in its body', () => {
    expect(pageFrameOf('<html><head></head><body><p>x</p></body></html>')).toEqual({ header: null, footer: null });
    expect(pageFrameOf('<html><head></head><body><template id="page-header"><p>Falso</p></template></body></html>')).toEqual({ header: null, footer: null });
    expect(pageFrameOf('<p>no head at all</p>')).toEqual({ header: null, footer: null });
  });
});

describe(frameDocument.name, () => {
  it("makes a fragment Gotenberg's complete HTML page, set within the side margins and off the page's edge", () => {
    expect(frameDocument(HEADER, 'header')).toBe(
      `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin: 0;"><div style="margin: 0 2cm; width: calc(100% - 4cm); padding-top: 0.8cm;">${HEADER}</div></body></html>`,
    );
    expect(frameDocument(FOOTER, 'footer')).toContain('<div style="margin: 0 2cm; width: calc(100% - 4cm); padding-bottom: 0.8cm;">');
  });
});

describe(wordFooter.name, () => {
  it('keeps the words before the page number, which Word writes as its PAGE field', () => {
    expect(wordFooter(FOOTER)).toBe('<p style="font-size: 9pt; text-align: right;">Pagina\u00a0</p>');
    expect(wordFooter('<p>Senza numero</p>')).toBe('<p>Senza numero</p>');
  });
});

describe(wordPageCountJoin.name, () => {
  it('takes the words between the page number and the count, their spaces kept', () => {
    expect(wordPageCountJoin(FOOTER)).toBe('\u00a0di\u00a0');
    expect(wordPageCountJoin('<p>Pagina <span class="pageNumber"></span></p>')).toBeNull();
  });
});

describe(docxTask.name, () => {
  it("gives Word the document's page frame as its header and footer, with the page number", () => {
    const task = docxTask(framed(), []);
    expect(task.header).toBe(HEADER);
    expect(task.footer).toBe(wordFooter(FOOTER));
    expect(task.pageCountJoin).toBe('\u00a0di\u00a0');
    expect(task.options).toMatchObject({ header: true, footer: true, pageNumber: true, lang: 'it-IT' });
  });

  it('asks for no header or footer when the document has no frame', () => {
    const task = docxTask('<html><head></head><body><p>x</p></body></html>', []);
    expect(task).toMatchObject({ header: null, footer: null, options: { header: false, footer: false, pageNumber: false } });
  });
});
