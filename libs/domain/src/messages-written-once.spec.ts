import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import * as ts from 'typescript';
import { API_MESSAGES, AUTH_MESSAGES, DOCUMENT_MESSAGES, MESSAGES, QUOTE_MESSAGES } from './messages';

/*
 * A text a person reads is written once, in this library. The web and the contracts (the server's
 * request checks) import it, so the same sentence written as a literal in both means one of them has
 * re-declared it. Tests are left out: they assert the texts.
 */

const workspace = resolve(__dirname, '../../..');
const SCANNED = ['apps/web/src', 'libs/contracts/src'];

/** Prose, not an identifier, a path or a pattern: at least two words and ten characters. */
const isProse = (text: string) => text.length >= 10 && /\p{L}{2,}.*\s.*\p{L}{2,}/su.test(text) && !/^[\w./@-]+$/.test(text);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|api-spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The prose literals of a file: strings and the fixed parts of template strings, module names excepted. */
function proseIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    else if (ts.isJsxText(node)) found.push(node.text.trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((text) => text.trim()).filter(isProse);
}

/** Texts found in more than one of the scanned trees, each with where it is written. */
function textsWrittenTwice(root: string, trees: readonly string[]): Map<string, string[]> {
  const places = new Map<string, Map<string, string[]>>();
  for (const tree of trees) {
    for (const file of sourceFiles(join(root, tree))) {
      for (const text of proseIn(file)) {
        const byTree = places.get(text) ?? new Map<string, string[]>();
        byTree.set(tree, [...(byTree.get(tree) ?? []), relative(root, file)]);
        places.set(text, byTree);
      }
    }
  }
  return new Map([...places].filter(([, byTree]) => byTree.size > 1).map(([text, byTree]) => [text, [...byTree.values()].flat()]));
}

describe('user-facing texts are written once', () => {
  it('finds none written in both the web and the contracts', () => {
    expect(Object.fromEntries(textsWrittenTwice(workspace, SCANNED))).toEqual({});
  });

  it('finds none of the messages of this library typed again in the web or the contracts', () => {
    const messages = new Set<string>([...Object.values(MESSAGES), ...Object.values(AUTH_MESSAGES), ...Object.values(API_MESSAGES), ...Object.values(QUOTE_MESSAGES), ...Object.values(DOCUMENT_MESSAGES)]);
    const retyped = SCANNED.flatMap((tree) =>
      sourceFiles(join(workspace, tree)).flatMap((file) => proseIn(file).filter((text) => messages.has(text)).map((text) => `${relative(workspace, file)}: ${text}`)),
    );
    expect(retyped).toEqual([]);
  });

  it('finds a sentence written in two trees, and ignores identifiers, short words, imports and tests', () => {
    const root = mkdtempSync(join(tmpdir(), 'texts-'));
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      write('web/form.ts', "import x from 'shared words here';\nexport const m = { a: 'Ragione sociale is required', b: 'tenant_admin', c: 'Cancel', d: `Keyword \"${k}\" is reserved` };");
      write('web/Page.tsx', 'export const P = () => <p>Tenant not found</p>;');
      write('web/form.spec.ts', "expect(x).toBe('Only in a test of both');");
      write('server/dto.ts', "const a = 'Ragione sociale is required', b = 'tenant_admin', c = 'Cancel', d = `Keyword \"${k}\" is reserved`;\nconst e = 'Tenant not found';\nimport y from 'shared words here';");
      write('server/dto.spec.ts', "expect(x).toBe('Only in a test of both');");
      expect(Object.fromEntries(textsWrittenTwice(root, ['web', 'server']))).toEqual({
        'Ragione sociale is required': ['web/form.ts', 'server/dto.ts'],
        '" is reserved': ['web/form.ts', 'server/dto.ts'],
        'Tenant not found': ['web/Page.tsx', 'server/dto.ts'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
