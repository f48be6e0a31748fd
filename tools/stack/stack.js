/**
 * Starts Quotebook's processes from the built output (dist/apps/*): used by `npm start`, by the API
 * tests, by the browser journeys and by integration tests that need a neighbouring service.
 * Plain CommonJS so both node scripts and Jest can load it.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['identity', 'tenancy', 'catalogue', 'quoting', 'documents'];
/** Processes that work off a queue rather than the bus: they start after the services. */
const WORKERS = ['documents-worker'];
/** Processes run from the source tree rather than from dist/: the Gotenberg stand-in. */
const SCRIPTS = { 'gotenberg-dev': 'tools/gotenberg-dev/main.js' };
/**
 * What a process writes once it takes work: found in readable text and in production's JSON lines alike
 * (there it is the line's `msg`, whose text JSON leaves as it is).
 */
const READY_LINE = /service ready|gateway listening|worker ready|gotenberg-dev listening/;

/** Creates the database named in `url` when it does not exist yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Node's flags for every process, as the Dockerfile runs them: source-mapped stack traces, and an old
 * generation that is collected from 128 MB on (V8 starts with a limit just above the live heap). Every
 * answer passes through buffers (a calendar month is a 342 KB message, the products list several MB of
 * them) whose memory V8 counts towards that limit: with a live heap of 60 MB, the gateway marked its
 * whole heap every ten calendar calls (30-50 ms each on the main thread), and these collections were
 * the slowest answers.
 */
const NODE_FLAGS = ['--enable-source-maps', '--initial-old-space-size=128'];
/**
 * And for two processes, as docker-compose gives them, a larger young generation than V8's default of
 * 16 MB semi-spaces. The catalogue's, 64 MB: it answers lists of thousands of rows (megabytes of
 * short-lived rows, objects and JSON per request), which a larger young generation collects there
 * instead of promoting them to full collections. The gateway's, 32 MB: every request crosses it, which
 * allocates some 45 KB for even a small list (its headers, the bus message, the access line), and at
 * 16 MB it ran a scavenge every ~300 requests, 3-5 ms each, promoting the requests in flight into its
 * old generation. Not 64 MB there: a products list crosses the gateway as megabytes of buffers (the bus
 * messages and the socket reads) and few objects, so at 64 MB no scavenge came between calls to free
 * them, and V8 marked the whole heap for the memory they held instead (a Mark-Compact every ~4 calls,
 * "external memory pressure"): 25-33 ms of the gateway's CPU per products call against 15-17 ms at 32
 * MB, the products list's p95 1.32-1.35x the bare hops' against 1.11-1.19x, the small list's rate at
 * 8 clients the same (a probe of the bench's catalogue part, two runs of each setting, alternating).
 */
const YOUNG_GENERATION_64MB = ['--max-semi-space-size=64'];
const YOUNG_GENERATION_32MB = ['--max-semi-space-size=32'];
const APP_NODE_FLAGS = { catalogue: YOUNG_GENERATION_64MB, gateway: YOUNG_GENERATION_32MB };

/**
 * Spawns `node dist/apps/<name>/main.js` (or its script in SCRIPTS) and resolves once it prints its
 * ready line. Output goes to `logFile` (or is inherited with `inherit: true`). Rejects with the tail of
 * the output if the process exits or stays silent past `timeoutMs`.
 */
function startProcess(name, env, { logFile, inherit = false, timeoutMs = 60_000 } = {}) {
  const main = path.join(ROOT, SCRIPTS[name] ?? path.join('dist/apps', name, 'main.js'));
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build first (npx nx run-many -t build)`);
  const child = spawn(process.execPath, [...NODE_FLAGS, ...(APP_NODE_FLAGS[name] ?? []), main], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
  let tail = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not become ready within ${timeoutMs} ms:\n${tail}`));
    }, timeoutMs);
    const onData = (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      if (inherit) process.stdout.write(text);
      log?.write(text);
      if (READY_LINE.test(tail) && timer) {
        clearTimeout(timer);
        resolve(handle);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      log?.end();
      handle.exited = true;
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${tail}`));
    });
    const handle = {
      name,
      child,
      exited: false,
      startedAt: Date.now(),
      /** Set by stop(): a supervised stack does not restart a process stopped on purpose. */
      stopRequested: false,
      /** Stops the process (SIGTERM, then SIGKILL after 5 s). */
      stop() {
        handle.stopRequested = true;
        if (handle.exited || child.exitCode !== null) return Promise.resolve();
        return new Promise((done) => {
          const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(killer);
            done();
          });
          child.kill('SIGTERM');
        });
      },
    };
  });
}

function getJson(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: 3000 }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode, body: JSON.parse(body || 'null') });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

async function waitForHealthy(baseUrl, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await getJson(`${baseUrl}/api/health`);
      if (last.status === 200) return last.body;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl}/api/health not healthy: ${JSON.stringify(last?.body ?? String(last))}`);
}

/** Restart back-off of a supervised stack: 1 s, doubling up to 30 s; back to 1 s after a minute up. */
const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, stableAfterMs: 60_000 };

function describeExit(code, signal) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * Starts every service, the workers and the gateway with the given environment and waits until
 * /api/health is 200. Without GOTENBERG_URL in `env` it first starts gotenberg-dev (on `gotenbergPort`,
 * else a free port) and points GOTENBERG_URL at it.
 * Returns { baseUrl, gotenbergUrl, processes, stop(), restart(name) }.
 * `processEnv` adds variables for single processes by name (e.g. `{ quoting: { SMTP_URL } }`): what one
 * process must see and the others must not.
 * With `supervise`, a process that exits without stop() or restart() having been called is started
 * again after a back-off, and each exit and restart is reported through `supervise.log` (a function,
 * default console.error) and written to <logDir>/stack.log. `supervise.backoff` overrides
 * RESTART_BACKOFF.
 */
async function startStack({ env, port, services = SERVICES, workers = WORKERS, gotenbergPort, logDir, inherit = false, supervise, processEnv = {} }) {
  await ensureDatabase(env.DATABASE_URL);
  if (logDir) fs.mkdirSync(logDir, { recursive: true });
  const logFile = (name) => (logDir ? path.join(logDir, `${name}.log`) : undefined);
  const devGotenberg = !env.GOTENBERG_URL;
  if (devGotenberg) gotenbergPort = gotenbergPort ?? (await freePort());
  env = devGotenberg ? { ...env, GOTENBERG_URL: `http://127.0.0.1:${gotenbergPort}` } : env;
  const ports = { gateway: port, 'gotenberg-dev': gotenbergPort };
  const envOf = (name) => ({ ...env, ...processEnv[name], ...(ports[name] ? { PORT: String(ports[name]) } : {}) });
  const launch = (name) => startProcess(name, envOf(name), { logFile: logFile(name), inherit });
  const processes = {};
  let stopped = false;
  const supervision = supervise ? createSupervision() : null;
  const stop = async () => {
    stopped = true;
    await supervision?.cancelAll();
    await Promise.all(Object.values(processes).map((p) => p.stop()));
  };

  function createSupervision() {
    const options = typeof supervise === 'object' ? supervise : {};
    const backoff = { ...RESTART_BACKOFF, ...options.backoff };
    const print = typeof options.log === 'function' ? options.log : (line) => console.error(line);
    const timers = {};
    const delays = {};
    /** Bumped by cancel(): a start begun by an older timer is stopped again once it is ready. */
    const generations = {};
    const inflight = new Set();
    const log = (line) => {
      print(line);
      if (logDir) fs.appendFileSync(path.join(logDir, 'stack.log'), `${new Date().toISOString()} ${line}\n`);
    };
    const schedule = (name, reason) => {
      const delay = delays[name] ?? backoff.firstMs;
      delays[name] = Math.min(delay * 2, backoff.maxMs);
      log(`${name} ${reason}; restarting in ${delay / 1000} s`);
      const generation = generations[name] ?? 0;
      const current = () => !stopped && generation === (generations[name] ?? 0);
      const attempt = async () => {
        let handle;
        try {
          handle = await launch(name);
        } catch (error) {
          if (current()) schedule(name, `failed to start again (${error.message.split('\n')[0]})`);
          return;
        }
        if (!current()) {
          await handle.stop();
          return;
        }
        processes[name] = handle;
        watch(handle);
        log(`${name} restarted`);
      };
      timers[name] = setTimeout(() => {
        delete timers[name];
        const running = attempt();
        inflight.add(running);
        void running.finally(() => inflight.delete(running));
      }, delay);
    };
    const watch = (handle) => {
      handle.child.once('exit', (code, signal) => {
        if (stopped || handle.stopRequested || processes[handle.name] !== handle) return;
        if (Date.now() - handle.startedAt >= backoff.stableAfterMs) delete delays[handle.name];
        schedule(handle.name, `exited (${describeExit(code, signal)})`);
      });
    };
    return {
      watch,
      /** A deliberate restart replaces any restart still waiting for its back-off. */
      cancel(name) {
        clearTimeout(timers[name]);
        delete timers[name];
        generations[name] = (generations[name] ?? 0) + 1;
      },
      /** Cancels every pending restart and waits for starts already under way (they stop again). */
      async cancelAll() {
        for (const name of Object.keys(timers)) this.cancel(name);
        await Promise.allSettled([...inflight]);
      },
    };
  }

  try {
    for (const name of [...(devGotenberg ? ['gotenberg-dev'] : []), ...services, ...workers, 'gateway']) {
      processes[name] = await launch(name);
      supervision?.watch(processes[name]);
    }
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealthy(baseUrl);
    return {
      baseUrl,
      gotenbergUrl: env.GOTENBERG_URL,
      processes,
      stop,
      /** Stops a process (if running) and starts it again with the same environment. */
      async restart(name) {
        supervision?.cancel(name);
        await processes[name]?.stop();
        processes[name] = await launch(name);
        supervision?.watch(processes[name]);
        return processes[name];
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = require('node:net').createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

module.exports = { ROOT, SERVICES, WORKERS, NODE_FLAGS, RESTART_BACKOFF, ensureDatabase, startProcess, startStack, waitForHealthy, freePort, getJson };
