import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/*
 * What the browser loads: every module the app imports at runtime, from main.tsx on, through the
 * workspace libraries. The rules come from @quotebook/domain at runtime; the contracts carry
 * class-validator decorators, so the web may take only their types, and server-side validation must
 * never reach the bundle.
 */

const workspace = resolve(__dirname, '../../..');
const aliases: Record<string, string[]> = JSON.parse(readFileSync(join(workspace, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths;
const SERVER_ONLY = /^(class-validator|class-transformer|reflect-metadata|@nestjs\/|typeorm|pg|nats|ioredis)(\/|$)/;

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The modules a file imports for their values, statically or lazily (`import()`, a page loaded on its
 * route): type-only imports and exports are erased by the build.
 */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const findLazy = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, findLazy);
  };
  findLazy(source);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/**
 * The workspace files the app loads at runtime, and every package it reaches, each with the first
 * chain of files that reaches it.
 */
function reachedFrom(entry: string): { files: string[]; packages: Map<string, string[]> } {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: Array<{ file: string; chain: string[] }> = [{ file: entry, chain: [] }];
  while (queue.length) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const here = [...chain, relative(workspace, file)];
    for (const specifier of runtimeImports(file)) {
      const alias = aliases[specifier]?.[0];
      const target = alias ? resolveFile(join(workspace, alias)) : specifier.startsWith('.') ? resolveFile(resolve(dirname(file), specifier)) : null;
      if (target) queue.push({ file: target, chain: here });
      else if (!packages.has(specifier)) packages.set(specifier, here);
    }
  }
  return { files: [...seen].map((file) => relative(workspace, file)), packages };
}

describe('the browser bundle', () => {
  const { files, packages } = reachedFrom(join(__dirname, 'main.tsx'));

  it('loads the domain rules at runtime', () => {
    expect(files).toContain('apps/web/src/features/customers/customer-form.ts');
    expect(files).toContain('libs/domain/src/index.ts');
    expect(packages.has('react')).toBe(true);
  });

  it('never reaches server-side validation or any server package', () => {
    const serverSide = [...packages].filter(([name]) => SERVER_ONLY.test(name)).map(([name, chain]) => `${name} via ${chain.join(' → ')}`);
    expect(serverSide).toEqual([]);
  });

  it('takes only types from the contracts', () => {
    expect(files.filter((file) => file.startsWith('libs/contracts/'))).toEqual([]);
  });
});
