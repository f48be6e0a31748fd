#!/usr/bin/env node
// The JavaScript a browser must fetch before the web app's first screen can render: the entry script
// of the built index.html, the chunks it preloads, and every chunk those import statically (chunks
// loaded with import() come later, when a page needs them). Prints each chunk's gzip size and the
// total against the budget; exits 1 above the budget, or when there is no build to measure.
//   node tools/scripts/spa-initial-js.mjs [dist directory]   (default dist/apps/web)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 200 kB (1 kB = 1,000 bytes) of gzip. */
export const BUDGET_BYTES = 200_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Script and modulepreload URLs of index.html that belong to the app (same origin, .js). */
function htmlEntries(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isModuleScript = /^<script/i.test(tag) && /type=["']?module/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel=["']?modulepreload/i.test(tag);
    const url = tag.match(/\b(?:src|href)=["']([^"']+)["']/i)?.[1];
    if ((isModuleScript || isPreload) && url && !/^(?:[a-z]+:)?\/\//i.test(url)) urls.push(url);
  }
  return urls;
}

/** Specifiers of the static imports and re-exports of an ES module chunk (not import()). */
function staticImports(code) {
  const specifiers = [];
  for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
    specifiers.push(match[1]);
  }
  return specifiers;
}

/** Relative specifiers of the import() calls of a chunk: the pages loaded when their route matches. */
function dynamicImports(code) {
  return [...code.matchAll(/\bimport\(\s*[`'"](\.{1,2}\/[^`'"]+)[`'"]\s*\)/g)].map((match) => match[1]);
}

export function measureInitialJs(distDir) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`no build to measure: ${path.relative(root, indexFile)} does not exist`);
  const toFile = (url, from) =>
    url.startsWith('/') ? path.join(distDir, url.split(/[?#]/)[0]) : path.resolve(path.dirname(from), url.split(/[?#]/)[0]);

  /** The chunks `start` loads before it runs, each with its sizes and code, skipping those in `known`. */
  const closure = (start, known = new Map()) => {
    const found = new Map();
    const pending = [...start];
    while (pending.length) {
      const file = pending.shift();
      if (found.has(file) || known.has(file)) continue;
      if (!existsSync(file)) throw new Error(`index.html or a chunk names ${path.relative(distDir, file)}, which is not in the build`);
      const code = readFileSync(file);
      found.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, code: code.toString('utf8') });
      for (const specifier of staticImports(code.toString('utf8'))) {
        if (specifier.startsWith('.') || specifier.startsWith('/')) pending.push(toFile(specifier, file));
      }
    }
    return found;
  };
  const gzipOf = (chunks) => [...chunks.values()].reduce((sum, chunk) => sum + chunk.gzip, 0);

  const entries = htmlEntries(readFileSync(indexFile, 'utf8')).map((url) => toFile(url, indexFile));
  if (entries.length === 0) throw new Error('index.html loads no module script');
  const initial = closure(entries);
  // each page's own chunks on top of the initial ones: what its route adds to a first screen
  const pages = [...initial]
    .flatMap(([file, chunk]) => dynamicImports(chunk.code).map((specifier) => toFile(specifier, file)))
    .map((file) => ({ file: path.relative(distDir, file), gzip: gzipOf(closure([file], initial)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const list = [...initial].map(([file, { raw, gzip }]) => ({ file: path.relative(distDir, file), raw, gzip }));
  return { chunks: list, gzip: gzipOf(initial), pages };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(root, process.argv[2] ?? 'dist/apps/web');
  try {
    const { chunks, gzip, pages } = measureInitialJs(distDir);
    for (const chunk of chunks.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${chunk.file.padEnd(48)} ${kb(chunk.raw).padStart(10)} raw ${kb(chunk.gzip).padStart(10)} gzip`);
    }
    if (pages.length) {
      const [largest] = pages;
      console.log(
        `  ${pages.length} pages load on demand; the largest, ${largest.file}, adds ${kb(largest.gzip)} gzip to its first screen`,
      );
    }
    const verdict = gzip <= BUDGET_BYTES ? 'within' : 'OVER';
    console.log(`SPA initial JavaScript: ${kb(gzip)} gzip in ${chunks.length} chunks, budget ${kb(BUDGET_BYTES)}: ${verdict} budget`);
    process.exit(gzip <= BUDGET_BYTES ? 0 : 1);
  } catch (error) {
    console.error(`SPA initial JavaScript: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
