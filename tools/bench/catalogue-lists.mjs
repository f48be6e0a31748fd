#!/usr/bin/env node
// `npm run bench:catalogue`: latency of the products and customers list calls through the gateway
// for one agency with 2,000 products (3 availability periods and 2 tags each) and 5,000 customers.
// Starts its own stack (built dist/, own database, NATS subject prefix, Redis key prefix and port),
// seeds the catalogue with set-based SQL (the API would take minutes for 13,000 rows and is not
// what is measured), then times sequential GETs after a warm-up and prints median and p95.
import { createAgency, percentile, ROOT, sql, startBenchStack } from './bench-kit.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const WARMUP = 3;

async function measure(base, token, route) {
  const timings = [];
  let bytes = 0;
  let items = 0;
  for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
    if (i >= WARMUP) timings.push(elapsed);
    bytes = body.length;
    items = JSON.parse(body).length;
  }
  timings.sort((a, b) => a - b);
  return { median: percentile(timings, 50), p95: percentile(timings, 95), items, bytes };
}

const started = await startBenchStack(ROOT);
try {
  const { stack, id, databaseUrl } = started;
  const base = stack.baseUrl;
  const { tenant, token } = await createAgency(base, id);

  const seedStarted = Date.now();
  await sql(databaseUrl, `
    WITH tag AS (
      INSERT INTO catalogue.tags (tenant_id, name, target_type)
      SELECT $1, 'Tag ' || g, 'product' FROM generate_series(1, 20) g RETURNING id
    ), product AS (
      INSERT INTO catalogue.products (tenant_id, code, titles, subtitles, short_descriptions, duration_hours)
      SELECT $1, upper(substr(md5($2 || g), 1, 6)),
             jsonb_build_object('it', 'Escursione ' || g, 'en', 'Excursion ' || g),
             jsonb_build_object('it', 'Sottotitolo ' || g),
             jsonb_build_object('it', repeat('Descrizione breve. ', 5)),
             g % 8
        FROM generate_series(1, $3::int) g
      RETURNING id
    ), numbered AS (SELECT id, row_number() OVER () AS n FROM product),
       tags AS (SELECT id, row_number() OVER () AS n FROM tag),
    links AS (
      INSERT INTO catalogue.product_tags (tenant_id, product_id, tag_id)
      SELECT $1, numbered.id, tags.id FROM numbered JOIN tags ON tags.n IN ((numbered.n % 20) + 1, ((numbered.n + 7) % 20) + 1)
    )
    INSERT INTO catalogue.product_availability (tenant_id, product_id, start_date, end_date, has_cost_per_person, cost_per_person, has_flat_rate, flat_rate)
    SELECT $1, numbered.id, make_date(2026, 1 + 4 * s, 1), make_date(2026, 4 + 4 * s, 28), true, 40 + s * 5, s = 2, 15
      FROM numbered CROSS JOIN generate_series(0, 2) s`, [tenant.id, id, PRODUCTS]);
  await sql(databaseUrl, `
    WITH tag AS (
      INSERT INTO catalogue.tags (tenant_id, name, target_type)
      SELECT $1, 'Cliente ' || g, 'customer' FROM generate_series(1, 10) g RETURNING id
    ), customer AS (
      INSERT INTO catalogue.customers (tenant_id, name, email, city, country)
      SELECT $1, 'Cliente ' || g || ' S.r.l.', 'cliente' || g || '@example.com', 'Firenze', 'Italia'
        FROM generate_series(1, $2::int) g
      RETURNING id
    ), numbered AS (SELECT id, row_number() OVER () AS n FROM customer),
       tags AS (SELECT id, row_number() OVER () AS n FROM tag)
    INSERT INTO catalogue.customer_tags (tenant_id, customer_id, tag_id)
    SELECT $1, numbered.id, tags.id FROM numbered JOIN tags ON tags.n = (numbered.n % 10) + 1`, [tenant.id, CUSTOMERS]);
  await sql(databaseUrl, 'ANALYZE');
  console.log(`seeded ${PRODUCTS} products (3 periods, 2 tags each) and ${CUSTOMERS} customers in ${Date.now() - seedStarted} ms`);

  for (const [label, route] of [
    ['products', `/api/tenants/${tenant.id}/products`],
    ['customers', `/api/tenants/${tenant.id}/customers`],
  ]) {
    const result = await measure(base, token, route);
    console.log(
      `${label.padEnd(9)} GET list: ${result.items} items, ${(result.bytes / 1024).toFixed(0)} KiB — median ${result.median.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${REQUESTS} sequential requests after ${WARMUP} warm-up)`,
    );
  }
} finally {
  await started.stop();
}
