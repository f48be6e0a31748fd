import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository explains itself: a comment states the rule it relies on (docs/behaviour.md describes
 * the product), and never sends the reader to a document that is not in the repository — a numbered
 * section of a product specification, or an architecture guide kept elsewhere.
 */
const ROOT = path.resolve(__dirname, '../../..');
const FOLDERS = ['apps', 'libs', 'tools', 'docs'];
const ROOT_FILES = ['README.md', 'DEVELOPERS.md'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|md)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'tmp', 'coverage', '.nx']);
// spelled in pieces so that this file does not match itself
const SECTION = String.fromCharCode(0xa7);
const OUTSIDE_REFERENCES = [new RegExp(`${SECTION}\\s*\\d`), new RegExp(['hand', 'book'].join(''), 'i')];

function sourceFiles(folder: string): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function outsideReferences(): string[] {
  const files = [...FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))), ...ROOT_FILES.map((file) => path.join(ROOT, file))];
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .flatMap((line, index) => (OUTSIDE_REFERENCES.some((pattern) => pattern.test(line)) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : []));
  });
}

describe('references to documents outside the repository', () => {
  it('finds none: a comment states the rule instead of pointing to a specification section or a guide kept elsewhere', () => {
    expect(outsideReferences()).toEqual([]);
  });

  it('would find one', () => {
    expect(OUTSIDE_REFERENCES[0].test(`// see Spec ${SECTION}4`)).toBe(true);
    expect(OUTSIDE_REFERENCES[0].test(`// keys fixed by the spec (${SECTION}3 Session)`)).toBe(true);
    expect(OUTSIDE_REFERENCES[1].test(`/* as the ${['HAND', 'BOOK'].join('')} says */`)).toBe(true);
  });
});
