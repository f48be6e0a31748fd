import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server tests use; every test run makes its own database on it. */
export const TEST_POSTGRES_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, empty database for one test file or one test run; drop() removes it. `serverUrl` names
 * another PostgreSQL server than the tests' own (e.g. a cluster a test stops and starts).
 */
export async function createTestDatabase(label = 'qb', serverUrl = TEST_POSTGRES_URL): Promise<TestDatabase> {
  const name = `${label}_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs one SQL statement against a database (for assertions on what a service stored). */
export async function queryDatabase<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls until the check passes or the deadline is reached (for asynchronous effects such as events). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
  throw lastError;
}
