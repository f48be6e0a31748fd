#!/usr/bin/env node
// `npm start`: builds every app, checks PostgreSQL/NATS/Redis, starts the services, the document
// worker and the gateway (which serves the SPA) — and, unless GOTENBERG_URL is set, gotenberg-dev on
// port 3100 for PDF rendering —, restarts any of them that exits, and stops them all on Ctrl-C.
// Configuration comes from the environment (and from .env when present); JWT_SECRET and
// SUPERADMIN_PASSWORD, when not set there, from var/secrets.env (generated on first start). See README.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertDependencies } from './preflight.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { startStack } = require('../stack/stack.js');
const { ensureLocalSecrets } = require('./secrets.js');

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const secrets = ensureLocalSecrets({ root });

const env = {
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/quotebook',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  SUPERADMIN_USERNAME: process.env.SUPERADMIN_USERNAME ?? 'superadmin',
  ...secrets.values,
};
// the key of the customers' quote links: its own when set, else the JWT secret's value (one secret to keep)
env.LINK_SECRET = process.env.LINK_SECRET || env.JWT_SECRET;
const port = Number(process.env.PORT ?? 3000);
/** gotenberg-dev's port when GOTENBERG_URL is not set */
const gotenbergPort = 3100;

await assertDependencies({ databaseUrl: env.DATABASE_URL, natsUrl: env.NATS_URL, redisUrl: env.REDIS_URL });

if (process.env.SKIP_BUILD !== 'true') {
  console.log('Building Quotebook (nx run-many -t build)…');
  execFileSync(path.join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
  });
}

let stack;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Quotebook…');
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // supervised: a process that exits is logged and started again (1 s back-off doubling to 30 s)
  stack = await startStack({ env: { ...process.env, ...env }, port, gotenbergPort, inherit: true, supervise: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`\nQuotebook is running at http://localhost:${port}`);
console.log(`PDF rendering: ${stack.processes['gotenberg-dev'] ? 'gotenberg-dev at ' : ''}${stack.gotenbergUrl}`);
console.log(`Superadmin sign-in: http://localhost:${port}/superadmin  (username: ${env.SUPERADMIN_USERNAME})`);
const secretsFile = path.relative(root, secrets.file);
if (secrets.generated.includes('SUPERADMIN_PASSWORD')) {
  console.log(`Superadmin password (shown this once, kept in ${secretsFile}): ${env.SUPERADMIN_PASSWORD}`);
} else if (secrets.fromFile.includes('SUPERADMIN_PASSWORD')) {
  console.log(`Superadmin password: see SUPERADMIN_PASSWORD in ${secretsFile}`);
}
if (secrets.generated.includes('JWT_SECRET')) console.log(`A new JWT_SECRET was generated into ${secretsFile}.`);
console.log('Press Ctrl-C to stop.');
