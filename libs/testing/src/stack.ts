import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, TEST_NATS_URL, TEST_REDIS_URL, TestDatabase } from './database';
import { TEST_PASSWORD_HASHING } from './password-hashing';

export interface ProcessHandle {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The process launcher (tools/stack/stack.js) is plain CommonJS outside every project, because
 * `npm start` uses it too; it is loaded by a path computed at run time rather than imported.
 */
const LAUNCHER_PATH = path.resolve(__dirname, '../../../tools/stack/stack.js');
export const stackLauncher = require(LAUNCHER_PATH) as {
  ROOT: string;
  freePort(): Promise<number>;
  startProcess(name: string, env: Record<string, string>, options?: { logFile?: string }): Promise<ProcessHandle>;
  startStack(options: {
    env: Record<string, string>;
    port: number;
    logDir?: string;
    supervise?: StackSupervision;
    processEnv?: Record<string, Record<string, string>>;
  }): Promise<TestStack>;
};

/** As `npm start` runs it: a process that exits is restarted after a back-off, with a log line. */
export interface StackSupervision {
  log?: (line: string) => void;
  backoff?: { firstMs?: number; maxMs?: number; stableAfterMs?: number };
}

export interface TestStack {
  baseUrl: string;
  /** the Gotenberg the stack's worker renders PDFs with (its own gotenberg-dev unless GOTENBERG_URL was given) */
  gotenbergUrl: string;
  stop(): Promise<void>;
  restart(name: string): Promise<unknown>;
  processes: Record<string, ProcessHandle>;
}

export const SUPERADMIN = { username: 'superadmin', password: 'platform-secret-1' };

/**
 * A whole Quotebook stack on its own database, NATS subjects, Redis keys and port, started from the
 * built output. Stacks of different test runs never see each other. `options.processEnv` adds
 * variables for single processes by name; `options.postgresUrl` puts its database on another
 * PostgreSQL server than the tests' own.
 */
export async function startIsolatedStack(
  label: string,
  overrides: Record<string, string> = {},
  options: { supervise?: StackSupervision; processEnv?: Record<string, Record<string, string>>; postgresUrl?: string } = {},
) {
  const id = randomBytes(4).toString('hex');
  const database: TestDatabase = await createTestDatabase(label, options.postgresUrl);
  const port = await stackLauncher.freePort();
  const logDir = path.join(stackLauncher.ROOT, 'tmp', `${label}-${id}`);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'log',
    DATABASE_URL: database.url,
    NATS_URL: TEST_NATS_URL,
    NATS_SUBJECT_PREFIX: `${label}${id}`,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `${label}${id}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LINK_SECRET: randomBytes(32).toString('hex'),
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    SUPERADMIN_EMAIL: 'platform@quotebook.test',
    UPLOAD_DIR: path.join(logDir, 'uploads'),
    STORAGE_DIR: path.join(logDir, 'storage'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // the tests' webhook receivers listen on 127.0.0.1
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    // stacks run side by side on one host: none serves metrics unless a test gives a process its port
    METRICS_PORT: '0',
    // a stack run as production keeps the default cost, which production requires
    ...(overrides['NODE_ENV'] === 'production' ? {} : TEST_PASSWORD_HASHING),
    ...overrides,
  };
  try {
    const stack = await stackLauncher.startStack({ env, port, logDir, supervise: options.supervise, processEnv: options.processEnv });
    return {
      stack,
      database,
      logDir,
      env,
      async stop() {
        await stack.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * Another service, built (an Nx cache hit unless it changed) and started as its own process on the
 * test's database and this test file's subject and Redis key prefixes: apps do not import apps, so a
 * service's test meets the real other service this way. `env` adds what that service requires.
 */
export async function startBuiltService(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<ProcessHandle> {
  execFileSync(path.join(stackLauncher.ROOT, 'node_modules/.bin/nx'), ['run', `${name}:build`, '--output-style=static'], {
    cwd: stackLauncher.ROOT,
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' },
    stdio: 'pipe',
  });
  const prefix = process.env['NATS_SUBJECT_PREFIX'] ?? 'qb';
  const logDir = path.join(stackLauncher.ROOT, 'tmp', `int-${prefix}`);
  mkdirSync(logDir, { recursive: true });
  return stackLauncher.startProcess(
    name,
    {
      NODE_ENV: 'test',
      // 'log' at least: the launcher waits for the ready line
      LOG_LEVEL: 'log',
      DATABASE_URL: databaseUrl,
      NATS_URL: TEST_NATS_URL,
      NATS_SUBJECT_PREFIX: prefix,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: process.env['REDIS_KEY_PREFIX'] ?? 'qb:',
      METRICS_PORT: '0',
      ...TEST_PASSWORD_HASHING,
      ...env,
    },
    { logFile: path.join(logDir, `${name}.log`) },
  );
}
