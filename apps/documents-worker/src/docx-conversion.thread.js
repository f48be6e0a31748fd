// One Word conversion, run in a thread of the worker's pool (see docx-renderer.ts): html-to-docx walks
// the document recursively and synchronously, so a hard document would otherwise hold the worker's
// event loop (and with it the renewal of its jobs' locks). Plain JavaScript: the thread loads this file
// as it is, from the sources under the tests and from the bundle's folder in a build.
const HTMLtoDOCX = require('@turbodocx/html-to-docx');
const { move } = require('piscina');

module.exports = async function convertToDocx({ html, header, footer, options }) {
  const document = await HTMLtoDOCX(html, header ?? null, options, footer ?? undefined);
  const bytes = document instanceof Uint8Array ? document : new Uint8Array(document instanceof ArrayBuffer ? document : await document.arrayBuffer());
  // a copy of its own, handed over to the main thread without a second copy
  return move(new Uint8Array(bytes));
};
