#!/usr/bin/env node
// `npm run bench:small-call`: what a small authenticated call costs. An agency admin lists the
// agency's three VAT rates (GET /api/tenants/{id}/vat-rates): through the gateway (token check,
// NATS, the catalogue service) against a direct-SQL baseline in this process (the same query in a
// transaction that sets the tenant, the same mapping and JSON). Prints p50/p95 of sequential calls and
// requests per second at 8 concurrent clients.
//   --compare <git ref>   also start the stack of another commit (checked out and built in a temporary
//                         worktree, kept for later runs) and measure both in the same run, alternating
//                         batches so that both see the same machine load; the difference of the p50s
//                         is what the code between the two commits adds to every authenticated call.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { call, createAgency, format, ROOT, startBenchStack, summary, timed } from './bench-kit.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const WARMUP = 50;
const CONCURRENCY = 8;
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5);
const RATES = [
  { description: 'IVA ordinaria', rate: '22.00' },
  { description: 'IVA ridotta', rate: '10.00' },
  { description: 'Esente', rate: '0.00' },
];

const args = process.argv.slice(2);
const compareRef = args.includes('--compare') ? args[args.indexOf('--compare') + 1] : undefined;

const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).trim();

/** A built checkout of `ref` in the temporary directory, reused while its commit is the same. */
function builtCheckout(ref) {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = path.join(os.tmpdir(), `quotebook-bench-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'dist/apps/gateway/main.js'))) {
    if (!existsSync(dir)) git('worktree', 'add', '--detach', dir, commit);
    if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    console.log(`building ${ref} (${commit.slice(0, 12)}) in ${dir}…`);
    execFileSync(path.join(dir, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--exclude=web', '--output-style=static'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
    });
  }
  const short = commit.slice(0, 7);
  return { dir, label: commit.startsWith(ref) ? short : `${ref} (${short})` };
}

async function prepare(root, label) {
  const started = await startBenchStack(root, 'benchsmall');
  const { tenant, token } = await createAgency(started.stack.baseUrl, started.id);
  for (const rate of RATES) await call(started.stack.baseUrl, 'POST', `/api/tenants/${tenant.id}/vat-rates`, { token, body: rate });
  const url = `${started.stack.baseUrl}/api/tenants/${tenant.id}/vat-rates`;
  const headers = { authorization: `Bearer ${token}` };
  const get = async () => {
    const response = await fetch(url, { headers });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${label}: GET vat-rates answered ${response.status} ${body.slice(0, 200)}`);
    return body;
  };
  return { ...started, label, tenant, get, timings: [] };
}

/** The same work without gateway and bus: one pooled connection, the service's query, mapping and JSON. */
function directSql(databaseUrl, tenantId) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
  const get = async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.tenant_id', $1, true)", [tenantId]);
      const { rows } = await client.query(
        'SELECT id, description, rate, created_at FROM catalogue.vat_rates WHERE tenant_id = $1 ORDER BY rate DESC, description ASC, id ASC',
        [tenantId],
      );
      await client.query('COMMIT');
      return JSON.stringify(rows.map((row) => ({ id: row.id, description: row.description, rate: row.rate, createdAt: row.created_at.toISOString() })));
    } finally {
      client.release();
    }
  };
  return { label: 'direct SQL (baseline)', get, timings: [], stop: () => pool.end() };
}

async function throughput(get) {
  const deadline = Date.now() + THROUGHPUT_SECONDS * 1000;
  let done = 0;
  const client = async () => {
    while (Date.now() < deadline) {
      await get();
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return done / ((Date.now() - started) / 1000);
}

const targets = [];
try {
  targets.push(await prepare(ROOT, 'this checkout'));
  if (compareRef) {
    const checkout = builtCheckout(compareRef);
    targets.push(await prepare(checkout.dir, checkout.label));
  }
  const baseline = directSql(targets[0].databaseUrl, targets[0].tenant.id);
  const all = [baseline, ...targets];
  for (const target of all) for (let i = 0; i < WARMUP; i += 1) await target.get();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of all) {
      for (let i = 0; i < BATCH; i += 1) target.timings.push((await timed(target.get)).ms);
    }
  }
  const base = summary(baseline.timings);
  console.log(`\nsmall authenticated GET /api/tenants/{id}/vat-rates (3 rows): ${ROUNDS} rounds of ${BATCH} sequential calls per target, alternating, after ${WARMUP} warm-up`);
  console.log(`${'target'.padEnd(34)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p50 ratio'.padStart(11)}${'p50 over SQL'.padStart(14)}${`req/s at ${CONCURRENCY}`.padStart(13)}`);
  const rows = [];
  for (const target of all) {
    const figures = summary(target.timings);
    const perSecond = await throughput(target.get);
    rows.push({ target, figures });
    console.log(
      `${target.label.padEnd(34)}${format(figures.p50).padStart(10)}${format(figures.p95).padStart(10)}${`${(figures.p50 / base.p50).toFixed(1)}x`.padStart(11)}${`+${format(figures.p50 - base.p50)}`.padStart(14)}${perSecond.toFixed(0).padStart(13)}`,
    );
  }
  if (rows.length === 3) {
    const added = rows[1].figures.p50 - rows[2].figures.p50;
    console.log(`\np50 of this checkout minus ${rows[2].target.label}: ${added >= 0 ? '+' : ''}${format(added)} per call`);
  }
  await baseline.stop();
} finally {
  for (const target of targets) await target.stop().catch(() => undefined);
}
