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
const SERVICES = ['identity', 'tenancy', 'catalogue'];
const READY_LINE = /service ready|gateway listening/;

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
 * Spawns `node dist/apps/<name>/main.js` and resolves once it prints its ready line. Output goes to
 * `logFile` (or is inherited with `inherit: true`). Rejects with the tail of the output if the process
 * exits or stays silent past `timeoutMs`.
 */
function startProcess(name, env, { logFile, inherit = false, timeoutMs = 60_000 } = {}) {
  const main = path.join(ROOT, 'dist/apps', name, 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build first (npx nx run-many -t build)`);
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
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
      /** Stops the process (SIGTERM, then SIGKILL after 5 s). */
      stop() {
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

/**
 * Starts every service and the gateway with the given environment and waits until /api/health is 200.
 * Returns { baseUrl, processes, stop(), restart(name) }.
 */
async function startStack({ env, port, services = SERVICES, logDir, inherit = false }) {
  await ensureDatabase(env.DATABASE_URL);
  if (logDir) fs.mkdirSync(logDir, { recursive: true });
  const logFile = (name) => (logDir ? path.join(logDir, `${name}.log`) : undefined);
  const processes = {};
  const stop = async () => {
    await Promise.all(Object.values(processes).map((p) => p.stop()));
  };
  try {
    for (const name of services) {
      processes[name] = await startProcess(name, env, { logFile: logFile(name), inherit });
    }
    processes.gateway = await startProcess('gateway', { ...env, PORT: String(port) }, { logFile: logFile('gateway'), inherit });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealthy(baseUrl);
    return {
      baseUrl,
      processes,
      stop,
      /** Starts a stopped process again with the same environment. */
      async restart(name) {
        await processes[name]?.stop();
        const extra = name === 'gateway' ? { PORT: String(port) } : {};
        processes[name] = await startProcess(name, { ...env, ...extra }, { logFile: logFile(name), inherit });
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

module.exports = { ROOT, SERVICES, ensureDatabase, startProcess, startStack, waitForHealthy, freePort, getJson };
