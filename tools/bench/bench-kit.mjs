// What every benchmark repeats: a stack of its own (database, NATS subject prefix, Redis key prefix,
// port), HTTP and SQL calls, timing and percentiles.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const require = createRequire(import.meta.url);
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
    NODE_ENV: 'test',
    LOG_LEVEL: 'log', // the launcher waits for each process's ready line, written at this level
    DATABASE_URL: databaseUrl,
    NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_SUBJECT_PREFIX: `${label}${id}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `${label}${id}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    UPLOAD_DIR: path.join(logDir, 'uploads'),
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
    async stop() {
      await stack.stop();
      await drop();
    },
  };
}

/**
 * Catalogue rows for one agency, written with set-based SQL (the API would take minutes for thousands
 * of rows and is not what is measured): `products` products with 3 availability periods and 2 of 20
 * tags each.
 */
export async function seedProducts(databaseUrl, tenantId, products) {
  await sql(databaseUrl, `
    WITH tag AS (
      INSERT INTO catalogue.tags (tenant_id, name, target_type)
      SELECT $1, 'Tag ' || g, 'product' FROM generate_series(1, 20) g RETURNING id
    ), product AS (
      INSERT INTO catalogue.products (tenant_id, code, titles, subtitles, short_descriptions, duration_hours)
      SELECT $1, 'B' || lpad(g::text, 5, '0'),
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
      FROM numbered CROSS JOIN generate_series(0, 2) s`, [tenantId, products]);
  await sql(databaseUrl, 'ANALYZE');
}

/** An agency with its administrator, created through the API; returns the tenant and the admin's token. */
export async function createAgency(base, id) {
  const root = (await call(base, 'POST', '/api/auth/login', { body: SUPERADMIN })).token;
  const tenant = await call(base, 'POST', '/api/tenants', {
    token: root,
    body: {
      name: 'Bench Viaggi', keyword: `bench-${id}`, languages: ['it', 'en'], expiryDate: '2099-12-31', enabled: true,
      adminUsername: `bench-${id}`, adminPassword: 'bench-admin-1', adminName: 'Bench Admin', adminEmail: 'bench@example.com',
    },
  });
  const token = (await call(base, 'POST', '/api/auth/login', { body: { username: `bench-${id}`, password: 'bench-admin-1' } })).token;
  return { tenant, token, root };
}
