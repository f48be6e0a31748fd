#!/usr/bin/env node
// `npm run bench`: the request path's budgets, measured side by side in one run, on a stack of its own
// (built dist/, own database, NATS subject prefix, Redis key prefix, file storage and port). Each call
// through the gateway is paired with a baseline in this process that does the same work without gateway
// and bus; batches of the targets alternate, so that all see the same machine load. Before they are
// timed, the catalogue's and the reports' targets are each served at 8 clients until their rate stops
// rising (a fresh process runs half-compiled code for its first thousands of calls), and each batch of a
// read opens with one call timed apart: the first call after the other targets' turns wakes sleeping
// processes (a baseline in this process never sleeps); those calls are printed after the figures. Parts:
//   catalogue   one agency with 2,000 products (3 availability periods and 2 tags each) and 3 VAT rates
//               (bench-catalogue.mjs): products list p95 ≤ 1.5 × baseline; small list p50 ≤ baseline
//               + 1.5 ms; ≥ 1,200 requests/s at 8 concurrent clients
//   quoting     the agency with 20,000 quotes of 5 items beside 5 agencies of the same size
//               (bench-quoting.mjs): quotes list, open a quote, dashboard p95 ≤ 1.5 × baseline
//   documents   a quote's PDF through the gateway against a bare Chromium page.pdf() of the same HTML
//               (bench-documents.mjs): PDF end to end p50 ≤ 1.5 × baseline; a cached document ≤ 20 ms
//   loop        the customer loop (bench-loop.mjs): the public quote page's first answer (a first view, a
//               new visitor, a repeated view) against quoting's public read in this process and the bare
//               hops, and sending a quote (mailer in log mode) with a cached and a new document (printed)
//   reports     the reports page's five calls and a month of the calendar on the quoting part's agency of
//               20,000 quotes (bench-reports.mjs): each p95 ≤ 1.5 × baseline
// Prints one line per pair (gateway p50/p95, baseline p50/p95, ratio) and a closing verdict; exits 1
// when a budget is not met. The catalogue's and quoting's reads are also measured through bare hops
// (bench-floor.mjs: the baseline's own calls behind plain HTTP and NATS), printed beside each verdict.
//   --compare <git ref>   also start the stack of another commit (checked out and built in a temporary
//                         worktree, kept for later runs) and measure it in the same run; the verdict is
//                         this checkout's.
//   --only <parts>        only these parts, comma-separated: catalogue, quoting, documents, loop, reports.
// Sizes: BENCH_PRODUCTS, BENCH_ROUNDS, BENCH_SMALL_BATCH, BENCH_LIST_BATCH, BENCH_THROUGHPUT_SECONDS
// (catalogue); BENCH_QUOTES, BENCH_AGENCIES, BENCH_CUSTOMERS, BENCH_QUOTING_BATCH (quoting);
// BENCH_PDF_ROUNDS, BENCH_PDF_BATCH, BENCH_PDF_SECONDS, BENCH_PDF_CLIENTS, BENCH_DOCX_CALLS (documents);
// BENCH_LOOP_ROUNDS, BENCH_LOOP_BATCH, BENCH_LOOP_LINKS, BENCH_SEND_ROUNDS, BENCH_SEND_BATCH,
// BENCH_LOOP_AGENCIES, BENCH_LOOP_QUOTES (loop).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchCatalogue, CONCURRENCY, PRODUCTS, RATES } from './bench-catalogue.mjs';
import { benchDocuments } from './bench-documents.mjs';
import { benchLoop, LOOP_STACK_ENV } from './bench-loop.mjs';
import { benchQuoting } from './bench-quoting.mjs';
import { benchReports } from './bench-reports.mjs';
import { builtCheckout, call, createAgency, gatewayClient, ROOT, seedProducts, startBenchStack } from './bench-kit.mjs';

/** Each part, with the built apps a stack needs for it (a compared older commit may lack them). */
const PARTS = {
  catalogue: { run: benchCatalogue, apps: ['catalogue'] },
  quoting: { run: benchQuoting, apps: ['quoting'] },
  documents: { run: benchDocuments, apps: ['quoting', 'documents', 'documents-worker'] },
  loop: { run: benchLoop, apps: ['quoting', 'documents', 'documents-worker'] },
  reports: { run: benchReports, apps: ['quoting'] },
};

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const compareRef = option('--compare');
const only = option('--only')?.split(',').map((part) => part.trim()) ?? Object.keys(PARTS);
const unknown = only.filter((part) => !(part in PARTS));
if (unknown.length > 0) {
  console.error(`--only takes ${Object.keys(PARTS).join(', ')} (not ${unknown.join(', ')})`);
  process.exit(2);
}

// what a part needs of the stacks' settings (a variable set by hand is kept)
if (only.includes('loop')) for (const [name, value] of Object.entries(LOOP_STACK_ENV)) process.env[name] ??= value;

/** A stack of the checkout in `root` with the agency every part works in: its VAT rates and products. */
async function prepareStack(root, label) {
  const started = await startBenchStack(root, 'bench');
  try {
    const base = started.stack.baseUrl;
    const { tenant, token } = await createAgency(base, started.id);
    for (const rate of RATES) await call(base, 'POST', `/api/tenants/${tenant.id}/vat-rates`, { token, body: rate });
    await seedProducts(started.databaseUrl, tenant.id, PRODUCTS);
    return { ...started, root, label, tenant, token, client: gatewayClient(base, token, CONCURRENCY) };
  } catch (error) {
    await started.stop().catch(() => undefined);
    throw error;
  }
}

const stacks = [];
try {
  stacks.push(await prepareStack(ROOT, 'this checkout'));
  if (compareRef) {
    const checkout = builtCheckout(compareRef);
    stacks.push(await prepareStack(checkout.dir, checkout.label));
  }
  const verdicts = [];
  for (const name of only) {
    const { run, apps } = PARTS[name];
    // a compared commit from before a part's services is left out of that part
    const able = stacks.filter((stack, index) => index === 0 || apps.every((app) => existsSync(path.join(stack.root, 'dist/apps', app, 'main.js'))));
    const report = await run(able);
    console.log(`\n${report.lines.join('\n')}`);
    for (const stack of stacks.filter((candidate) => !able.includes(candidate))) console.log(`${stack.label}: left out (no ${apps.join(', ')} in its build)`);
    verdicts.push(...report.verdicts);
  }
  if (verdicts.length === 0) console.log('\nno budgets in these parts: figures only');
  else console.log(`\nverdict (this checkout): ${verdicts.map(([text, met]) => `${text} ${met ? 'met' : 'NOT MET'}`).join('; ')}`);
  if (verdicts.some(([, met]) => !met)) process.exitCode = 1;
} finally {
  for (const stack of stacks) {
    stack.client.close();
    await stack.stop().catch(() => undefined);
  }
}
