// What every benchmark repeats: a stack of its own (database, NATS subject prefix, Redis key prefix,
// port, file storage), HTTP and SQL calls, timing, percentiles and the printed lines, another commit's
// build, and the services' own code for the baselines.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import v8 from 'node:v8';
import vm from 'node:vm';

const require = createRequire(import.meta.url);
const { balancedRounds, turnOrder } = require('./turn-order.js');
const { cpuMicros } = require('./process-cpu.js');
export { balancedRounds, cpuMicros };
/** The checkout these benchmarks belong to. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SUPERADMIN = { username: 'superadmin', password: 'bench-superadmin-1' };

export async function sql(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

export async function call(base, method, route, { token, body } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Milliseconds taken by `action`, measured with the monotonic clock. */
export async function timed(action) {
  const started = process.hrtime.bigint();
  const result = await action();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

export function summary(timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
}

/**
 * Starts the stack built in `root` (its dist/ and its tools/stack/stack.js) on a database of its own.
 * Returns { stack, databaseUrl, stop() }; stop() also drops the database.
 */
export async function startBenchStack(root, label = 'bench') {
  const { freePort, startStack } = require(path.join(root, 'tools/stack/stack.js'));
  const id = randomBytes(4).toString('hex');
  const database = `${label}_${id}`;
  const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${database}` }).toString();
  const logDir = path.join(root, 'tmp', `${label}-${id}`);
  const env = {
    ...process.env,
    // as deployed: JSON log lines (readable text costs several times more per line)
    NODE_ENV: 'production',
    LOG_LEVEL: 'log', // the launcher waits for each process's ready line, written at this level
    DATABASE_URL: databaseUrl,
    NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_SUBJECT_PREFIX: `${label}${id}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `${label}${id}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LINK_SECRET: randomBytes(32).toString('hex'),
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    UPLOAD_DIR: path.join(logDir, 'uploads'),
    STORAGE_DIR: path.join(logDir, 'storage'),
    // the bench's processes run beside any other stack on this host: none serves metrics
    METRICS_PORT: '0',
  };
  const drop = () => sql(SERVER_URL, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  let stack;
  try {
    stack = await startStack({ env, port: await freePort(), logDir });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    stack,
    id,
    databaseUrl,
    /** where each process writes its log (<name>.log) */
    logDir,
    async stop() {
      await stack.stop();
      await drop();
      // the logs stay; the generated documents go
      rmSync(env.STORAGE_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * Catalogue rows for one agency, written with set-based SQL (the API would take minutes for thousands
 * of rows and is not what is measured): `products` products with 3 availability periods and 2 of 20
 * tags each, coded `${letter}00001`… (a code is unique across agencies: one letter per agency).
 */
export async function seedProducts(databaseUrl, tenantId, products, letter = 'B') {
  await sql(databaseUrl, `
    WITH tag AS (
      INSERT INTO catalogue.tags (tenant_id, name, target_type)
      SELECT $1, 'Tag ' || g, 'product' FROM generate_series(1, 20) g RETURNING id
    ), product AS (
      INSERT INTO catalogue.products (tenant_id, code, titles, subtitles, short_descriptions, duration_hours)
      SELECT $1, $3 || lpad(g::text, 5, '0'),
             jsonb_build_object('it', 'Escursione ' || g, 'en', 'Excursion ' || g),
             jsonb_build_object('it', 'Sottotitolo ' || g),
             jsonb_build_object('it', repeat('Descrizione breve. ', 5)),
             g % 8
        FROM generate_series(1, $2::int) g
      RETURNING id
    ), numbered AS (SELECT id, row_number() OVER () AS n FROM product),
       tags AS (SELECT id, row_number() OVER () AS n FROM tag),
    links AS (
      INSERT INTO catalogue.product_tags (tenant_id, product_id, tag_id)
      SELECT $1, numbered.id, tags.id FROM numbered JOIN tags ON tags.n IN ((numbered.n % 20) + 1, ((numbered.n + 7) % 20) + 1)
    )
    INSERT INTO catalogue.product_availability (tenant_id, product_id, start_date, end_date, has_cost_per_person, cost_per_person, has_flat_rate, flat_rate)
    SELECT $1, numbered.id, make_date(2026, 1 + 4 * s, 1), make_date(2026, 4 + 4 * s, 28), true, 40 + s * 5, s = 2, 15
      FROM numbered CROSS JOIN generate_series(0, 2) s`, [tenantId, products, letter]);
  await sql(databaseUrl, 'ANALYZE');
}

/** An agency with its administrator, created through the API; returns the tenant, the admin's credentials and token. */
export async function createAgency(base, id) {
  const root = (await call(base, 'POST', '/api/auth/login', { body: SUPERADMIN })).token;
  const admin = { username: `bench-${id}`, password: 'bench-admin-1' };
  const tenant = await call(base, 'POST', '/api/tenants', {
    token: root,
    body: {
      name: 'Bench Viaggi', keyword: `bench-${id}`, languages: ['it', 'en'], expiryDate: '2099-12-31', enabled: true,
      adminUsername: admin.username, adminPassword: admin.password, adminName: 'Bench Admin', adminEmail: 'bench@example.com',
    },
  });
  const token = (await call(base, 'POST', '/api/auth/login', { body: admin })).token;
  return { tenant, admin, token, root };
}

/**
 * Calls through the gateway on kept-alive connections (at most `sockets`), as a browser keeps them:
 * the cost of the client stays small, so that what is measured is the stack.
 * Without a `token` the calls go anonymous (a sign-in).
 *   send(method, route, body?)  → { status, headers, body (a Buffer) }, whatever the status
 *   ok(method, route, body?)    → the same, an error unless the status is 200
 *   get(route)                  → the body of a 200 as text
 */
export function gatewayClient(baseUrl, token, sockets = 8) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(baseUrl);
  const once = (method, route, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) };
      const request = http.request({ hostname, port, path: route, method, agent, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  // a kept connection the server closed while this target waited its turn is opened again
  const send = (method, route, body) => once(method, route, body).catch((error) => (error.code === 'ECONNRESET' ? once(method, route, body) : Promise.reject(error)));
  const ok = async (method, route, body) => {
    const answer = await send(method, route, body);
    if (answer.status !== 200) throw new Error(`${method} ${route}: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    return answer;
  };
  return { send, ok, get: async (route) => (await ok('GET', route)).body.toString('utf8'), close: () => agent.destroy() };
}

/**
 * A full collection of this process's heap. The baselines run in this process: without it, what one
 * target's batch left (a baseline's rows and JSON, megabytes a call) is collected while the next
 * target's calls are timed.
 */
v8.setFlagsFromString('--expose-gc');
export const collectGarbage = vm.runInNewContext('gc');

/**
 * The order in which `count` targets take their turns in `round` (turn-order.js): over
 * balancedRounds(count) rounds each target follows every other one equally often. What runs just
 * before a target moves its figures: the baseline runs in this process and leaves it and the database
 * busy for a moment after its turn (the next target measured 6-8% slower at 8 clients). A rotation
 * (each round starting one target later) had every target follow the one before it in the list in
 * every round but one, so that the first stack always came after the baseline.
 */
export const inTurn = turnOrder;

/**
 * Runs `batch` sequential calls of `call(target)` per target and round, the targets alternating in a
 * balanced order (inTurn); this process's heap is collected before each batch (not timed).
 *
 * With `opening`, each batch first makes one call of its own, timed apart (the summary's `opening`):
 * the first call after the other targets' turns finds every process of its target asleep (on this kind
 * of virtual machine a woken process runs its first call at about half speed, the more processes and
 * code a call crosses the slower), while a baseline that runs in this very process never sleeps. The
 * figures then compare the targets serving; the opening calls are printed beside them. For reads only:
 * a case that uses up what it reads (a fresh link per call) must not take the extra call.
 *
 * With `pids` (for each target, the processes that serve its calls), each summary also carries
 * `cpuPerCall`: the CPU time (µs) each of those processes spent per timed call, one call at a time.
 * With `steadiness` (an array), fixedWorkMs() is timed into it before each batch, not timed with it.
 */
/** What fixedWorkMs() works on: the same objects every time. */
const FIXED_WORK_ITEMS = Array.from({ length: 200 }, (_, index) => ({ id: index, name: `item ${index}`, tags: [index, index + 1], price: `${index}.50` }));

/**
 * Milliseconds this process takes for one fixed piece of CPU work (a few at best), the least of three
 * tries in a row: a moment's interruption (what the last target's processes still had to finish, on
 * two cores) is left out, a slower machine is not. Timed again and again through a run, its spread is
 * how much the machine's own speed moved meanwhile, which no ratio of targets measured at different
 * moments can cancel entirely.
 */
export function fixedWorkMs() {
  let least = Infinity;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = process.hrtime.bigint();
    let kept = 0;
    for (let pass = 0; pass < 20; pass += 1) kept += JSON.parse(JSON.stringify(FIXED_WORK_ITEMS)).length;
    if (kept !== 20 * FIXED_WORK_ITEMS.length) throw new Error('the fixed work lost items');
    least = Math.min(least, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return least;
}

/** The line that reports fixedWorkMs() over a run: its p50 and p95 against its best. */
export function steadinessLine(timings) {
  const { p50, p95 } = summary(timings);
  const best = Math.min(...timings);
  return (
    `this machine's speed: a fixed piece of work, timed ${timings.length} times through the run, took ${ms(best)} at best, ` +
    `p50 ${ms(p50)} (${(p50 / best).toFixed(2)}x), p95 ${ms(p95)} (${(p95 / best).toFixed(2)}x)`
  );
}

export async function alternate(targets, call, rounds, batch, { opening = false, pids, steadiness } = {}) {
  const timings = targets.map(() => []);
  const openings = targets.map(() => []);
  const cpu = targets.map((_, index) => (pids?.[index] ?? []).map(() => 0));
  for (let round = 0; round < rounds; round += 1) {
    for (const index of inTurn(targets.length, round)) {
      const target = targets[index];
      collectGarbage();
      steadiness?.push(fixedWorkMs());
      if (opening) openings[index].push((await timed(() => call(target))).ms);
      const before = cpuMicros(pids?.[index] ?? []);
      for (let i = 0; i < batch; i += 1) timings[index].push((await timed(() => call(target))).ms);
      cpuMicros(pids?.[index] ?? []).forEach((after, at) => (cpu[index][at] += after === null || before[at] === null ? NaN : after - before[at]));
    }
  }
  return timings.map((own, index) => ({
    ...summary(own),
    ...(opening ? { opening: summary(openings[index]) } : {}),
    ...(pids ? { cpuPerCall: cpu[index].map((micros) => micros / own.length) } : {}),
  }));
}

/** Calls of `call` completed by `clients` clients at once during `seconds` (those under way at the end finish). */
export async function throughput(call, seconds, clients) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const client = async () => {
    while (Date.now() < deadline) {
      await call();
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: clients }, client));
  return { done, seconds: (Date.now() - started) / 1000 };
}

/**
 * Drives `call` with `clients` clients at once, a second at a time, until its rate stops rising (`patience`
 * rounds in a row less than `gain` over the best round before) or `maxRounds` rounds have passed; answers
 * the rounds taken. A fresh process runs its code interpreted until V8 has seen it often enough to
 * compile it: the stack's processes, with far more code per call than the bare hops, take thousands of
 * calls to get there, and a hundred calls of warm-up measured them half compiled (the small list's p50
 * 1.4x the bare hops', 1.1x once compiled). One slow round (another process's work on this machine) must
 * not end the warm-up early: with a single round's patience the stack was once measured after 2 s.
 * Every target is warmed the same way, so each is measured as it serves at length.
 */
export async function warmUntilSteady(call, clients, { gain = 0.03, patience = 2, maxRounds = 10 } = {}) {
  let best = 0;
  let flat = 0;
  for (let round = 1; round <= maxRounds; round += 1) {
    const { done, seconds } = await throughput(call, 1, clients);
    const rate = done / seconds;
    flat = round > 1 && rate < best * (1 + gain) ? flat + 1 : 0;
    if (flat >= patience) return round;
    best = Math.max(best, rate);
  }
  return maxRounds;
}

export const ms = (value) => `${value.toFixed(2)} ms`;
export const column = (text, width) => String(text).padStart(width);
const LABEL_WIDTH = 44;

/** The head of a table of pairs, and one pair: its label, the gateway's and the baseline's summaries, then `ratio`. */
export const PAIR_HEADER = `${'pair'.padEnd(LABEL_WIDTH)}${column('gateway p50', 13)}${column('p95', 11)}${column('baseline p50', 14)}${column('p95', 11)}  ratio`;
export function pairLine(label, gateway, baseline, ratio) {
  return (
    `${label.padEnd(LABEL_WIDTH)}${column(ms(gateway.p50), 13)}${column(ms(gateway.p95), 11)}` +
    `${column(ms(baseline.p50), 14)}${column(ms(baseline.p95), 11)}  ${ratio}`
  );
}
/** The heading of the opening calls' lines (alternate's `opening`), printed after a bench's figures. */
export const OPENING_HEADER = "the first call of each batch, after the other targets' turns (not in the figures above), p50 / p95:";

/** One figure's opening calls: each target's, `names` naming the targets in `measured`'s order. */
export function openingLine(label, measured, names) {
  return `  ${label.padEnd(34)}${measured.map((target, index) => `${names[index]} ${ms(target.opening.p50)} / ${ms(target.opening.p95)}`).join(', ')}`;
}

/** How the printed lines name each measured stack: "the stack", or "the stack [<label>]" when there are several. */
export const stackNames = (stacks) => stacks.map((stack) => `the stack${stacks.length > 1 ? ` [${stack.label}]` : ''}`);

/** A line of figures that have no baseline: `first` under the gateway's columns, `second` under the baseline's. */
export function figureLine(label, first, second = '') {
  return `${label.padEnd(LABEL_WIDTH)}${column(first, 24)}${second ? column(second, 25) : ''}`;
}
export const ratios = (gateway, baseline) => `p95 ${(gateway.p95 / baseline.p95).toFixed(2)}x, p50 ${(gateway.p50 / baseline.p50).toFixed(2)}x`;

const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).trim();

/** A built checkout of `ref` in the temporary directory, reused while its commit is the same: { dir, label }. */
export function builtCheckout(ref) {
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

let compilingTypeScript = false;

/**
 * A module of this checkout's TypeScript sources (`apps/quoting/src/quotes/quotes.service.ts`),
 * compiled as the tests compile them: SWC with the Jest preset's options (decorators, their metadata,
 * the @quotebook/* paths). A baseline runs a service's own queries and mapping this way, without its
 * process, its bus and the gateway.
 */
export function serviceModule(file) {
  if (!compilingTypeScript) {
    const swc = require('@swc/core');
    const options = require(path.join(ROOT, 'jest.preset.js')).transform['^.+\\.[tj]sx?$'][1];
    Module._extensions['.ts'] = (module, filename) => {
      module._compile(swc.transformSync(readFileSync(filename, 'utf8'), { ...options, filename, sourceMaps: false }).code, filename);
    };
    compilingTypeScript = true;
  }
  return require(path.join(ROOT, file));
}

/**
 * A service's connections as the service opens them (its schema, options and pool), working as its
 * runtime role so that its row-level security applies; `entities` are the TypeORM entities it reads with.
 */
export async function serviceDataSource(databaseUrl, { schema, role, entities = [] }) {
  const { dataSourceOptions, withRuntimeRole } = serviceModule('libs/server-core/src/service.ts');
  const { DataSource } = require('typeorm');
  return new DataSource(withRuntimeRole(dataSourceOptions({ url: databaseUrl, schema, entities, migrations: [] }), role)).initialize();
}

/** What a process of the stack wrote to its log (one file per process) since `offset`; '' without a log. */
export function logSince(stack, name, offset) {
  const file = path.join(stack.logDir, `${name}.log`);
  if (!existsSync(file)) return '';
  const buffer = Buffer.alloc(Math.max(0, statSync(file).size - offset));
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(descriptor);
  }
  return buffer.toString('utf8');
}

/** How long a process's log is now: where `logSince` starts. */
export const logSize = (stack, name) => {
  const file = path.join(stack.logDir, `${name}.log`);
  return existsSync(file) ? statSync(file).size : 0;
};
