#!/usr/bin/env node
// `npm start`: builds every app, checks PostgreSQL/NATS/Redis, starts identity, tenancy and the
// gateway (which serves the SPA) and stops them all on Ctrl-C. Configuration comes from the
// environment (and from .env when present); see README.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertDependencies } from './preflight.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { startStack } = require('../stack/stack.js');

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const env = {
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/quotebook',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  SUPERADMIN_USERNAME: process.env.SUPERADMIN_USERNAME ?? 'superadmin',
};
const port = Number(process.env.PORT ?? 3000);

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
  stack = await startStack({ env: { ...process.env, ...env }, port, inherit: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
for (const handle of Object.values(stack.processes)) {
  handle.child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${handle.name} stopped (${signal ?? code}); the other processes keep running. Ctrl-C stops everything.`);
  });
}
console.log(`\nQuotebook is running at http://localhost:${port}`);
console.log(`Superadmin sign-in: http://localhost:${port}/superadmin  (username: ${env.SUPERADMIN_USERNAME})`);
console.log('Press Ctrl-C to stop.');
