import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What a generated document says, read with Debian's tools (poppler-utils for PDF, unzip for Word), as a
 * reader of the file would see it.
 */
function withFile<T>(name: string, contents: Buffer, read: (file: string) => T): T {
  const directory = mkdtempSync(path.join(tmpdir(), 'qb-document-'));
  try {
    const file = path.join(directory, name);
    writeFileSync(file, contents);
    return read(file);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order (pdftotext). */
export function pdfText(pdf: Buffer): string {
  return withFile('document.pdf', pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

/** pdfinfo's fields: `Pages`, `Page size` (e.g. `595.28 x 841.89 pts (A4)`), ... */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const output = withFile('document.pdf', pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  return Object.fromEntries(
    output
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1].trim(), match[2].trim()]),
  );
}

/** The width × height of each image drawn in the PDF (`pdfimages -list`), e.g. `60x30`. */
export function pdfImageSizes(pdf: Buffer): string[] {
  const listing = withFile('document.pdf', pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  return listing
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => `${columns[3]}x${columns[4]}`);
}

/** `word/document.xml` of a Word file. */
export function docxDocumentXml(docx: Buffer): string {
  return withFile('document.docx', docx, (file) => execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' }));
}

/** The Word file's text: its runs joined, one line per paragraph, XML entities decoded. */
export function docxText(docx: Buffer): string {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
  return docxDocumentXml(docx)
    .split(/<\/w:p>/)
    .map((paragraph) => [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(''))
    .filter((line) => line.length > 0)
    .join('\n')
    .replace(/&(amp|lt|gt|quot|apos);/g, (entity) => entities[entity]);
}

/** The parts found in `text`, in the order they first appear there; a missing part is left out. */
export function inTextOrder(text: string, parts: string[]): string[] {
  return parts.filter((part) => text.includes(part)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
}
