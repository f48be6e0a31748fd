// One Word conversion, run in a thread of the worker's pool (see docx-renderer.ts): html-to-docx walks
// the document recursively and synchronously, so a hard document would otherwise hold the worker's
// event loop (and with it the renewal of its jobs' locks). Plain JavaScript: the thread loads this file
// as it is, from the sources under the tests and from the bundle's folder in a build.
const HTMLtoDOCX = require('@turbodocx/html-to-docx');
const JSZip = require('jszip');
const { move } = require('piscina');

const WORDPROCESSING_ML = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
/** html-to-docx's page number in a footer part: Word's PAGE field (the worker's test checks the shape it writes). */
const PAGE_FIELD = /<fldSimple\b[^>]*\binstr="PAGE"[^>]*>[\s\S]*?<\/fldSimple>/;

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * html-to-docx writes the page number only: the page count ("Pagina 1 di 2") is added after each
 * footer's PAGE field as the joining words and Word's NUMPAGES field.
 */
async function withPageCount(bytes, join) {
  const zip = await JSZip.loadAsync(bytes);
  const footers = Object.keys(zip.files).filter((name) => /^word\/footer\d*\.xml$/.test(name));
  for (const name of footers) {
    const xml = await zip.file(name).async('string');
    const count =
      `<r><t xml:space="preserve">${escapeXml(join)}</t></r>` +
      `<fldSimple xmlns:pc="${WORDPROCESSING_ML}" pc:instr="NUMPAGES"><r/></fldSimple>`;
    zip.file(name, xml.replace(PAGE_FIELD, (field) => field + count));
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

module.exports = async function convertToDocx({ html, header, footer, pageCountJoin, options }) {
  const document = await HTMLtoDOCX(html, header ?? null, options, footer ?? undefined);
  let bytes = document instanceof Uint8Array ? document : new Uint8Array(document instanceof ArrayBuffer ? document : await document.arrayBuffer());
  if (pageCountJoin) bytes = await withPageCount(bytes, pageCountJoin);
  // a copy of its own, handed over to the main thread without a second copy
  return move(new Uint8Array(bytes));
};
