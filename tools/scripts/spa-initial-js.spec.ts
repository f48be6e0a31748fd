import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.resolve(__dirname, 'spa-initial-js.mjs');

/** A built SPA in a temporary folder: index.html and its chunks under assets/. */
function aBuild(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spa-size-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

const indexHtml = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="stylesheet" href="/assets/index.css">
</head><body><div id="root"></div></body></html>`;

/** Text that gzip cannot shrink: its gzip size is about its length. */
const incompressible = (bytes: number) => `/*${randomBytes(bytes).toString('base64')}*/`;

function measure(dir: string) {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('spa-initial-js', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const build = (files: Record<string, string | Buffer>) => {
    const dir = aBuild(files);
    dirs.push(dir);
    return dir;
  };

  it('counts the entry, its preloads and their static imports, not the pages loaded later', () => {
    const dir = build({
      'index.html': indexHtml,
      'assets/index.js': `import{a as b}from"./shared.js";import"./react.js";const p=()=>import("./Page.js");`,
      'assets/react.js': incompressible(30_000),
      'assets/shared.js': incompressible(30_000),
      'assets/Page.js': incompressible(500_000),
    });

    const { status, output } = measure(dir);

    expect(status).toBe(0);
    expect(output).toMatch(/SPA initial JavaScript: \d+\.\d kB gzip in 3 chunks, budget 200\.0 kB: within budget/);
    expect(output).toContain('assets/shared.js');
    expect(output).not.toMatch(/assets\/Page\.js +\d/);
    expect(output).toMatch(/1 pages load on demand; the largest, assets\/Page\.js, adds 5\d\d\.\d kB gzip to its first screen/);
  });

  it('fails above the budget, naming the figure', () => {
    const dir = build({
      'index.html': indexHtml,
      'assets/index.js': 'console.log(1)',
      'assets/react.js': incompressible(200_000),
    });

    const { status, output } = measure(dir);

    expect(status).toBe(1);
    expect(output).toMatch(/SPA initial JavaScript: 2\d\d\.\d kB gzip in 2 chunks, budget 200\.0 kB: OVER budget/);
  });

  it('fails when there is no build to measure', () => {
    const { status, output } = measure(path.join(tmpdir(), 'no-such-build'));

    expect(status).toBe(1);
    expect(output).toContain('no build to measure');
  });

  it('fails when index.html names a chunk the build lacks', () => {
    const dir = build({ 'index.html': indexHtml, 'assets/index.js': 'console.log(1)' });

    const { status, output } = measure(dir);

    expect(status).toBe(1);
    expect(output).toContain('assets/react.js, which is not in the build');
  });
});
