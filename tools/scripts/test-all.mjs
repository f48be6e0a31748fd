#!/usr/bin/env node
// `npm test`: lint and build everything, then run every test layer —
// unit (+ web components, and the SPA's initial JavaScript against its budget), service
// integration, API over HTTP against the whole stack, the fuzz layer (hostile values on every field
// of the OpenAPI document), resilience (replicas killed and dependencies stopped under load, with real
// processes), browser journeys in Chromium — and print one closing line
// "N passed, N failed".
//   --only <layer>   unit | integration | api | fuzz | resilience | e2e (repeatable); lint/build still run first
//   --no-build       skip lint and build (use the current dist/)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertDependencies } from './preflight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const args = process.argv.slice(2);
const only = args.flatMap((arg, index) => (arg === '--only' ? [args[index + 1]] : []));
const wants = (layer) => only.length === 0 || only.includes(layer);
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false', FORCE_COLOR: '0' };
const reportDir = path.join(root, 'tmp/test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const problems = [];
/** How long each step took, printed at the end: where a slow run spent its time. */
const durations = [];

/** Runs `step` and keeps how long it took under `label`. */
function timedStep(label, step) {
  const started = Date.now();
  try {
    return step();
  } finally {
    durations.push([label, (Date.now() - started) / 1000]);
  }
}

function run(label, command, commandArgs) {
  console.log(`\n=== ${label}: ${path.basename(command)} ${commandArgs.join(' ')}`);
  return timedStep(label, () => spawnSync(command, commandArgs, { cwd: root, env, stdio: 'inherit' }).status === 0);
}

function countJest(file, label) {
  if (!existsSync(file)) {
    problems.push(`${label}: no report (the runner crashed)`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.numTotalTests === 0) {
    problems.push(`${label}: no test ran`);
    totals.failed += 1;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  // a suite that fails to load has no failed tests of its own but must still count
  const brokenSuites = report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0);
  totals.failed += brokenSuites.length;
  if (report.numFailedTests || brokenSuites.length) problems.push(`${label}: ${report.numFailedTests + brokenSuites.length} failed`);
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    problems.push('e2e: no report (the runner crashed)');
    totals.failed += 1;
    return;
  }
  const { stats, errors = [] } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  if (stats.unexpected) problems.push(`e2e: ${stats.unexpected} failed`);
  // errors outside any test (global setup, a file that does not load) fail the layer too
  if (errors.length || stats.expected + stats.unexpected + (stats.flaky ?? 0) === 0) {
    problems.push(`e2e: ${errors.length ? `${errors.length} error(s) outside tests` : 'no test ran'}`);
    totals.failed += Math.max(1, errors.length);
  }
}

await assertDependencies({
  databaseUrl: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
});

if (!args.includes('--no-build')) {
  if (!run('lint', bin('nx'), ['run-many', '-t', 'lint', '--output-style=static'])) {
    problems.push('lint failed');
    totals.failed += 1;
  }
  if (!run('build', bin('nx'), ['run-many', '-t', 'build', '--output-style=static'])) {
    console.error('build failed: no test can run');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// the SPA's first screen within its JavaScript budget (measured on the build in dist/apps/web)
if (wants('unit')) {
  if (run('spa size', process.execPath, ['tools/scripts/spa-initial-js.mjs'])) totals.passed += 1;
  else {
    problems.push('spa size: the initial JavaScript is over its budget, or there is no web build');
    totals.failed += 1;
  }
}

const jestLayers = [
  // two workers: Jest's default on two cores is one, and the parent process only waits
  ['unit', ['unit', 'web'], ['--maxWorkers=2']],
  ['integration', ['integration'], ['--runInBand']],
  ['api', ['api'], ['--runInBand']],
  ['fuzz', ['fuzz'], ['--runInBand']],
  ['resilience', ['resilience'], ['--runInBand']],
];
for (const [layer, projects, extra] of jestLayers) {
  if (!wants(layer)) continue;
  const report = path.join(reportDir, `${layer}.json`);
  run(layer, bin('jest'), ['--selectProjects', ...projects, '--json', `--outputFile=${report}`, '--forceExit', ...extra]);
  countJest(report, layer);
}

if (wants('e2e')) {
  const report = path.join(reportDir, 'e2e.json');
  console.log('\n=== e2e: playwright test');
  timedStep('e2e', () => spawnSync(bin('playwright'), ['test', '--config', 'apps/web-e2e/playwright.config.ts'], {
    cwd: root,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    stdio: 'inherit',
  }));
  countPlaywright(report);
}

console.log('');
console.log(`time taken: ${durations.map(([label, seconds]) => `${label} ${Math.round(seconds)} s`).join(', ')}`);
for (const problem of problems) console.log(`! ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
