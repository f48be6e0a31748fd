#!/usr/bin/env node
// `npm run soak -- --minutes N`: a mixed workload against a stack of its own for N minutes, then what it
// answered and what each process's memory did. The stack is the bench's (bench-kit's startBenchStack:
// built dist/, own database, NATS subject prefix, Redis key prefix, file storage and port), seeded
// through the API with --agencies agencies (soak-seed.mjs), each with an admin and a tenant user.
//
// The load: --clients virtual users at once, each working in sessions (sign in, 15 to 40 actions of its
// role, sign out) with its own token, the agencies taking turns (soak-mix.js: lists with filters and
// search, reads, edits of customers, products, quotes and items, new quotes, documents, the
// superadmin's tenants list). A closed loop: each user waits for an answer before its next call, so
// the concurrency is bounded by --clients. It is our own client rather than autocannon because every
// call depends on earlier answers (the token, the ids made) and the figures are per kind of call.
//
// Memory: each process's resident size from /proc/<pid>/status (VmRSS, peak VmHWM) and its live V8
// heap after a full collection (memory-probe.js, preloaded into the stack's processes), read before
// the load, after its warm-up and at its end. Growth from the warm-up to the end is held to a bound
// per process (soak-report.js: its bounded caches at their limits, and V8's and the allocator's room).
//
// Prints the calls' table (count, failures, p50, p95, max per call, and the total), the first failed
// calls with their answers, the memory table and a verdict; exits 1 when a call failed, a process
// exited or grew beyond its bound.
//   --minutes N    how long the load runs (default 10)
//   --clients N    virtual users at once (default 12)
//   --agencies N   agencies (default 20)
//   --seed N       the random choices' seed (default: a new one, printed)
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayClient, ROOT, startBenchStack, SUPERADMIN, timed } from '../bench/bench-kit.mjs';
import { abilities, between, CALLS, nextSession, OWN_QUOTE_ITEMS, pickAction, pickFrom, quoteFilters, romeDate, searchTerm, seededRandom } from './soak-mix.js';
import { CallRecorder, callTable, failureLines, judgeMemory, memoryTable, verdict } from './soak-report.js';
import { customerBody, productBody, quoteItems, seedAgencies } from './soak-seed.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OPTIONS = { minutes: 10, clients: 12, agencies: 20, seed: randomInt(1, 2 ** 31) };
/** Agencies filled at once: small writes, which two cores take a few of at a time. */
const SEEDING_AT_ONCE = 4;
/** Seconds between the progress lines printed while the load runs. */
const PROGRESS_SECONDS = 30;
/** Between the virtual users' first sign-ins. */
const ARRIVAL_MS = 500;
/** The pause of a virtual user whose sign-in failed, before its next session. */
const SIGN_IN_RETRY_MS = 1000;
/** How long the processes may take to answer the memory probe before a heap counts as unread. */
const PROBE_WAIT_MS = 10_000;

function parseOptions(args) {
  const options = { ...OPTIONS };
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index].replace(/^--/, '');
    const value = Number(args[index + 1]);
    if (!(name in options) || !args[index].startsWith('--')) throw new Error(`unknown option ${args[index]} (known: ${Object.keys(options).map((key) => `--${key}`).join(', ')})`);
    if (!(value > 0) || (name !== 'minutes' && !Number.isInteger(value))) throw new Error(`--${name} takes a positive ${name === 'minutes' ? 'number' : 'whole number'}, not ${args[index + 1]}`);
    options[name] = value;
  }
  return options;
}

/* ---------- memory readings ---------- */

/** VmRSS and VmHWM of a process in bytes, or null once it is gone. */
function residentSize(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kilobytes('VmRSS'), peak: kilobytes('VmHWM') };
  } catch {
    return null;
  }
}

/** The processes below `pid` (Chromium's, under gotenberg-dev), from /proc's parent links. */
function descendantsOf(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the parent is the second field after the command, which is in parentheses and may hold spaces
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const walk = (parent) => {
    for (const [child, itsParent] of parents) {
      if (itsParent === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/**
 * Asks every process with the memory probe for a reading (it collects its garbage in full first) and
 * waits for them: pid → live heap in bytes. A process that does not answer within PROBE_WAIT_MS (it has
 * no probe, or is stuck) is missing.
 */
async function liveHeaps(probeDir, pids, request) {
  const file = path.join(probeDir, 'collect');
  writeFileSync(`${file}.tmp`, String(request));
  renameSync(`${file}.tmp`, file);
  const heaps = new Map();
  const deadline = Date.now() + PROBE_WAIT_MS;
  while (heaps.size < pids.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const pid of pids) {
      try {
        const reading = JSON.parse(readFileSync(path.join(probeDir, `${pid}.json`), 'utf8'));
        if (reading.request === request) heaps.set(pid, reading.heapUsed);
      } catch {
        // no reading yet
      }
    }
  }
  return heaps;
}

let readingsAsked = 0;

/** One reading of every process of the stack (and of Chromium's processes together): name → { rss, peak, heap }. */
async function readMemory(stack, probeDir) {
  // a process that ended has no figures (its pid may be another process's by now)
  const processes = Object.entries(stack.processes).filter(([, handle]) => handle.child.exitCode === null && handle.child.signalCode === null);
  readingsAsked += 1;
  const heaps = await liveHeaps(probeDir, processes.map(([, handle]) => handle.child.pid), readingsAsked);
  const readings = {};
  for (const [name, handle] of processes) {
    // read after the collection, as the heap is
    const size = residentSize(handle.child.pid);
    if (size) readings[name] = { ...size, heap: heaps.get(handle.child.pid) ?? null };
  }
  const gotenberg = stack.processes['gotenberg-dev'];
  if (gotenberg) {
    // summed, so what the browser's processes share counts once per process: a figure to follow, not to judge
    const sizes = descendantsOf(gotenberg.child.pid).map(residentSize).filter(Boolean);
    if (sizes.length) readings.chromium = { rss: sizes.reduce((sum, size) => sum + size.rss, 0), peak: null, heap: null, count: sizes.length };
  }
  return readings;
}

/* ---------- the workload ---------- */

const EXPECTED = new Map(CALLS.map((call) => [call.key, call.status]));
const DOCUMENT_TYPES = { preview: 'text/html', pdf: 'application/pdf', word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

/**
 * One call through `client`, recorded under `key`: the answer when it is the status the call must
 * answer (and passes `check`, which returns a problem or null), else null.
 */
async function exchange(recorder, client, key, method, route, body, check) {
  const { ms, result } = await timed(() => client.send(method, route, body).catch((error) => ({ error })));
  let failure = null;
  if (result.error) failure = { method, route, status: null, body: `${result.error.code ?? ''} ${result.error.message}` };
  else if (result.status !== EXPECTED.get(key)) failure = { method, route, status: result.status, body: result.body.toString('utf8') };
  else if (check) {
    const problem = check(result);
    if (problem) failure = { method, route, status: result.status, body: problem };
  }
  recorder.record(key, ms, failure);
  return failure ? null : result;
}

const json = (answer) => JSON.parse(answer.body.toString('utf8'));
const itemsOf = (items) => items.map((item) => ({ id: item.id, productId: item.productId }));

/**
 * The actions of soak-mix.js over HTTP. `work` is the session's: its client, the agency (its seeded
 * records) and the user's own quotes there ([{ id, items: [{ id, productId }] }]).
 */
function actionsOf(recorder, agencies) {
  const send = (work, key, method, route, body, check) => exchange(recorder, work.client, key, method, route, body, check);
  const quoteRoute = (work, quoteId, rest = '') => `${work.route}/quotes/${quoteId}${rest}`;
  const anyQuote = (work) => pickFrom([...work.agency.quoteIds, ...work.own.map((quote) => quote.id)], work.random);
  const ownQuote = (work, fits = () => true) => pickFrom(work.own.filter(fits), work.random);
  const open = async (work, quote) => {
    const answer = await send(work, 'openQuote', 'GET', quoteRoute(work, quote.id));
    return answer && json(answer);
  };
  const document = async (work, format) => {
    const layouts = await send(work, 'layoutsList', 'GET', `${work.route}/quote-layouts`, undefined, (answer) =>
      json(answer).length > 0 ? null : 'no layout: the starter layout never came',
    );
    if (!layouts) return;
    const list = json(layouts);
    const layout = list.find((candidate) => candidate.isDefault) ?? list[0];
    await send(work, format, 'POST', quoteRoute(work, anyQuote(work), '/generate-document'), { layoutId: layout.id, format }, (answer) =>
      String(answer.headers['content-type']).startsWith(DOCUMENT_TYPES[format]) && answer.body.length > 0 ? null : `answered ${answer.headers['content-type']}, ${answer.body.length} bytes`,
    );
  };
  const productIds = (work) => work.agency.products.map((product) => product.id);
  return {
    quotesList: (work) => send(work, 'quotesList', 'GET', `${work.route}/quotes?limit=25&offset=${work.random() < 0.2 ? 25 : 0}`),
    quotesFiltered: (work) =>
      send(work, 'quotesFiltered', 'GET', `${work.route}/quotes?${new URLSearchParams(quoteFilters(work.agency.customers.map((customer) => customer.id), work.random))}`),
    quotesSearch: (work) =>
      send(work, 'quotesSearch', 'GET', `${work.route}/quotes?${new URLSearchParams({ search: searchTerm(work.agency.customers.map((customer) => customer.body.name), work.random), limit: 25, offset: 0 })}`),
    openQuote: (work) => send(work, 'openQuote', 'GET', quoteRoute(work, anyQuote(work))),
    dashboard: (work) => send(work, 'dashboard', 'GET', `${work.route}/dashboard`),
    productsList: (work) => send(work, 'productsList', 'GET', `${work.route}/products`),
    customersList: (work) => send(work, 'customersList', 'GET', `${work.route}/customers`),
    editCustomer: (work) => {
      const index = between(0, work.agency.customers.length - 1, work.random);
      const customer = work.agency.customers[index];
      const body = customerBody(index, customer.body.priceListId, `+39 06 ${between(1_000_000, 9_999_999, work.random)}`);
      return send(work, 'editCustomer', 'PUT', `${work.route}/customers/${customer.id}`, body);
    },
    editProduct: (work) => {
      const index = between(0, work.agency.products.length - 1, work.random);
      const product = work.agency.products[index];
      return send(work, 'editProduct', 'PUT', `${work.route}/products/${product.id}`, productBody(index, product.body.vatRateId, ` (rev. ${between(1, 999, work.random)})`));
    },
    newQuote: async (work) => {
      const answer = await send(work, 'newQuote', 'POST', `${work.route}/quotes`, {
        customerId: pickFrom(work.agency.customers, work.random).id,
        subject: `Preventivo ${between(1, 99_999, work.random)}`,
        serviceDate: romeDate(between(1, 120, work.random)),
        items: quoteItems(productIds(work), work.random),
      });
      if (answer) {
        const quote = json(answer);
        work.own.push({ id: quote.id, items: itemsOf(quote.items) });
      }
    },
    updateQuote: async (work) => {
      const quote = await open(work, ownQuote(work));
      if (!quote) return;
      await send(work, 'updateQuote', 'PUT', quoteRoute(work, quote.id), {
        subject: `${quote.subject ?? 'Preventivo'}`.slice(0, 200),
        status: pickFrom(['pending', 'waiting', 'confirmed'], work.random),
        serviceNotes: `Nota ${between(1, 999, work.random)}`,
        actualParticipants: between(0, 20, work.random),
        version: quote.version,
      });
    },
    addItem: async (work) => {
      const quote = ownQuote(work, (candidate) => candidate.items.length < OWN_QUOTE_ITEMS);
      // a product is on a quote once (a second is a 409): one the quote does not have yet
      const present = new Set(quote.items.map((item) => item.productId));
      const productId = pickFrom(productIds(work).filter((id) => !present.has(id)), work.random);
      const answer = await send(work, 'addItem', 'POST', quoteRoute(work, quote.id, '/items'), { productId, quantity: between(1, 12, work.random) });
      if (answer) quote.items.push({ id: json(answer).id, productId });
    },
    changeItem: (work) => {
      const quote = ownQuote(work, (candidate) => candidate.items.length > 0);
      return send(work, 'changeItem', 'PUT', quoteRoute(work, quote.id, `/items/${pickFrom(quote.items, work.random).id}`), { quantity: between(1, 20, work.random) });
    },
    removeItem: async (work) => {
      const quote = ownQuote(work, (candidate) => candidate.items.length >= 2);
      const item = pickFrom(quote.items, work.random);
      if (await send(work, 'removeItem', 'DELETE', quoteRoute(work, quote.id, `/items/${item.id}`))) quote.items = quote.items.filter((other) => other !== item);
    },
    replaceItems: async (work) => {
      const own = ownQuote(work);
      const quote = await open(work, own);
      if (!quote) return;
      const answer = await send(work, 'replaceItems', 'PUT', quoteRoute(work, quote.id, '/items'), { items: quoteItems(productIds(work), work.random, 4), version: quote.version });
      if (answer) own.items = itemsOf(json(answer));
    },
    deleteQuote: async (work) => {
      const quote = ownQuote(work);
      if (await send(work, 'deleteQuote', 'DELETE', quoteRoute(work, quote.id))) work.own.splice(work.own.indexOf(quote), 1);
    },
    preview: (work) => document(work, 'preview'),
    pdf: (work) => document(work, 'pdf'),
    word: (work) => document(work, 'word'),
    tenantsList: (work) => send(work, 'tenantsList', 'GET', '/api/tenants'),
    tenantAdmin: (work) => send(work, 'tenantAdmin', 'GET', `/api/tenants/${pickFrom(agencies, work.random).tenantId}/admin`),
  };
}

/**
 * `clients` virtual users until `deadline()` passes: sessions of sign-in, the current user, actions and
 * sign-out, each user with its own random sequence (from `seed`) and its own quotes.
 */
async function runLoad({ baseUrl, agencies, clients, seed, deadline, recorder, superadmin }) {
  const actions = actionsOf(recorder, agencies);
  let turn = 0;
  const stats = { sessions: 0, byRole: { tenant_admin: 0, tenant_user: 0, superadmin: 0 } };
  const virtualUser = async (number) => {
    // the users arrive one after the other, as a morning's do, rather than all signing in in one instant
    await new Promise((resolve) => setTimeout(resolve, number * ARRIVAL_MS));
    const random = seededRandom(seed + number);
    const anonymous = gatewayClient(baseUrl, null, 1);
    /** agency index → this user's own quotes there */
    const owned = new Map();
    try {
      while (Date.now() < deadline()) {
        const session = nextSession(turn, agencies.length, random);
        turn += 1;
        const agency = agencies[session.agency];
        const credentials = session.role === 'superadmin' ? superadmin : session.role === 'tenant_admin' ? agency.admin : agency.user;
        const signedIn = await exchange(recorder, anonymous, 'signIn', 'POST', '/api/auth/login', credentials);
        if (!signedIn) {
          // a stack that cannot sign anyone in is not asked again at once: the table shows the failures, not a spin
          await new Promise((resolve) => setTimeout(resolve, SIGN_IN_RETRY_MS));
          continue;
        }
        const client = gatewayClient(baseUrl, json(signedIn).token, 1);
        stats.sessions += 1;
        stats.byRole[session.role] += 1;
        try {
          await exchange(recorder, client, 'me', 'GET', '/api/auth/me');
          if (!owned.has(session.agency)) owned.set(session.agency, []);
          const work = { client, agency, route: `/api/tenants/${agency.tenantId}`, own: owned.get(session.agency), random };
          for (let done = 0; done < session.actions && Date.now() < deadline(); done += 1) {
            await actions[pickAction(session.role, abilities(work.own), random)](work);
          }
          await exchange(recorder, client, 'signOut', 'POST', '/api/auth/logout');
        } finally {
          client.close();
        }
      }
    } finally {
      anonymous.close();
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, number) => virtualUser(number)));
  return stats;
}

/* ---------- the run ---------- */

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'quotebook-soak-'));
  // what the stack's processes load first (they inherit this process's environment): the memory probe
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require "${path.join(HERE, 'memory-probe.js')}"`.trim();
  process.env.SOAK_MEMORY_DIR = probeDir;
  console.log(`soak: ${options.agencies} agencies, ${options.clients} clients, ${options.minutes} min, seed ${options.seed}`);
  const started = await startBenchStack(ROOT, 'soak');
  const stackStarted = Date.now();
  const { stack } = started;
  const exits = {};
  let stopping = false;
  let interrupted = false;
  const recorder = new CallRecorder(CALLS);
  for (const [name, handle] of Object.entries(stack.processes)) {
    handle.child.once('exit', (code, signal) => {
      // Ctrl-C reaches the stack's processes too: they stop because they were told to
      if (stopping || interrupted) return;
      exits[name] = signal ? `signal ${signal}` : `exit code ${code}`;
      console.error(`soak: ${name} exited (${exits[name]}) after ${((Date.now() - stackStarted) / 1000).toFixed(0)} s`);
    });
  }
  const interrupt = () => {
    interrupted = true;
    // what answers from here on answers a stack that may be stopping: it is not the stack's figure
    recorder.stop();
    console.error('soak: interrupted; the figures are those before it');
  };
  process.once('SIGINT', interrupt);
  try {
    console.log(`stack from dist/ at ${stack.baseUrl}, logs in ${path.relative(ROOT, started.logDir)}`);
    const seedingStarted = Date.now();
    const agencies = await seedAgencies(stack.baseUrl, started.id, options.agencies, SEEDING_AT_ONCE);
    console.log(`seeded ${agencies.length} agencies through the API in ${((Date.now() - seedingStarted) / 1000).toFixed(0)} s`);

    const memory = { start: await readMemory(stack, probeDir) };
    const seconds = options.minutes * 60;
    // the heap and the young generation grow to their working size first: a fifth of the run, 10 s to 2 min
    const warmupSeconds = Math.min(120, Math.max(10, seconds / 5));
    const loadStarted = Date.now();
    const end = loadStarted + seconds * 1000;
    const deadline = () => (interrupted ? 0 : end);
    let settleWarm;
    const warmReading = new Promise((resolve) => (settleWarm = resolve));
    const warmTimer = setTimeout(() => settleWarm(readMemory(stack, probeDir)), warmupSeconds * 1000);
    const progress = setInterval(() => {
      const { count, failures } = recorder.total;
      console.error(`  ${((Date.now() - loadStarted) / 1000).toFixed(0)} s: ${count} calls, ${failures} failed`);
    }, PROGRESS_SECONDS * 1000);
    let sessions;
    try {
      sessions = await runLoad({ baseUrl: stack.baseUrl, agencies, clients: options.clients, seed: options.seed, deadline, recorder, superadmin: SUPERADMIN });
    } finally {
      clearInterval(progress);
    }
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    // a load that ended before its warm-up (interrupted) has no such reading; a promise keeps its first value
    clearTimeout(warmTimer);
    settleWarm(null);
    memory.warm = await warmReading;
    memory.end = await readMemory(stack, probeDir);

    const roles = Object.entries(sessions.byRole).map(([role, count]) => `${count} ${role}`).join(', ');
    console.log(`\n${sessions.sessions} sessions (${roles}) over ${options.agencies} agencies; warm-up ${warmupSeconds.toFixed(0)} s`);
    console.log(callTable(recorder, loadSeconds).join('\n'));
    const failed = failureLines(recorder);
    if (failed.length) console.log(`\nfirst failed calls:\n${failed.join('\n')}`);

    const names = [...Object.keys(stack.processes), ...(memory.end.chromium || memory.start.chromium ? ['chromium'] : [])];
    const judged = judgeMemory(
      names.map((name) => ({
        name,
        execArgv: stack.processes[name]?.child.spawnargs.slice(1) ?? [],
        start: memory.start[name],
        warm: memory.warm?.[name],
        end: memory.end[name],
        exitedWith: exits[name],
      })),
    );
    console.log(`\n${memoryTable(judged).join('\n')}`);
    const { lines, passed } = verdict(recorder, judged, { interrupted });
    console.log(`\nverdict${interrupted ? ` (interrupted after ${loadSeconds.toFixed(0)} s)` : ''}: ${lines.join('; ')}`);
    if (interrupted) process.exitCode = 130;
    else if (!passed) process.exitCode = 1;
  } finally {
    stopping = true;
    process.removeListener('SIGINT', interrupt);
    await started.stop().catch(() => undefined);
    rmSync(probeDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`soak failed: ${error.stack ?? error}`);
  process.exitCode = 1;
});
