// The quoting part of `npm run bench` (see bench.mjs): the quotes list, a search, a quote, the dashboard
// and a replacement of a quote's items, each through the gateway against a baseline that runs quoting's
// own code (its queries, mapping and JSON, in its tenant transaction, as its database role) in this
// process, with the catalogue's code answering quoting's two questions (pricing, counts): no gateway,
// no bus, no service process.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startFloor } from './bench-floor.mjs';
import { alternate, createAgency, OPENING_HEADER, openingLine, PAIR_HEADER, pairLine, ratios, seedProducts, stackNames, serviceDataSource, ROOT, serviceModule, sql } from './bench-kit.mjs';
import { PRODUCTS } from './bench-catalogue.mjs';

const { freePort } = createRequire(import.meta.url)(`${ROOT}/tools/stack/stack.js`);

/** Quotes per agency; the measured agency has neighbours of the same size in the same tables. */
export const QUOTES = Number(process.env.BENCH_QUOTES ?? 20000);
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? 6);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BATCH = Number(process.env.BENCH_QUOTING_BATCH ?? 20);
const ITEMS = 5;
/** The products the quotes of an agency are made of (the measured agency's first ones by code). */
const QUOTED_PRODUCTS = Math.min(200, PRODUCTS);
const PAGE = 50;
/** A fragment of customer names: one surname in 20 ("Rossi"), which the search reads as a status too. */
const SEARCH = 'ross';
const BUDGET = { p95Ratio: 1.5 };
const TIME_ZONE = process.env.BUSINESS_TIME_ZONE ?? 'Europe/Rome';

const SURNAMES = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno',
  'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri'];
const array = (values) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;

/*
 * Quote g (0, 1, ...) of an agency, as SQL of `agency.id` and `g`, so that the statements of the three
 * tables agree without reading each other: its id, status, service date (two years from July 2025),
 * creation (up to two years before $now) and item k's product, quantity and price.
 */
const QUOTE_ID = `overlay(overlay(md5(agency.id::text || ':' || g) placing '4' from 13) placing '8' from 17)::uuid`;
const STATUS = `(${array(['pending', 'pending', 'pending', 'pending', 'waiting', 'confirmed', 'confirmed', 'cancelled', 'closed', 'closed'])})[1 + g % 10]`;
const SERVICE_DATE = `(date '2025-07-01' + (g * 7919) % 730)`;
const CREATED = (now) => `(${now}::timestamptz - ((g * 104729) % 1051200) * interval '1 minute')`;
const QUANTITY = `(1 + (g + k) % 12)`;
const UNIT = `(40 + ((g + k) % 3) * 5)`;
const ITEM_TOTAL = `(${UNIT} * ${QUANTITY})`;
const ITEM_CONFIRMED = `(${STATUS} IN ('confirmed', 'closed') AND k < 3)`;
/** Rows g = 0 … $2 - 1 of each agency of $1. */
const AGENCY_ROWS = `unnest($1::uuid[]) agency(id) CROSS JOIN generate_series(0, $2::int - 1) g`;

/**
 * Customers, quotes, their items (products of the agency's catalogue) and consumptions for `tenantIds`,
 * `quotes` each, written with one set-based statement per table (the API would take an hour).
 */
async function seedQuotes(databaseUrl, tenantIds, quotes) {
  const now = new Date().toISOString();
  await sql(
    databaseUrl,
    `INSERT INTO catalogue.customers (tenant_id, title, name, email, phone, address, city, postal_code, country)
     SELECT agency.id, (${array(['Spett.le', 'Gent.mo', 'Gent.ma', 'Dott.', 'Dott.ssa'])})[1 + g % 5],
            (${array(SURNAMES)})[1 + g % 20] || ' ' || (${array(['Viaggi', 'Tour', 'Hotel', 'Eventi', 'Travel'])})[1 + (g / 20) % 5] || ' ' || g,
            'cliente' || g || '@example.com', '+39 06 ' || lpad(g::text, 6, '0'), 'Via Roma ' || (1 + g % 200),
            (${array(['Roma', 'Milano', 'Napoli', 'Firenze', 'Palermo'])})[1 + g % 5], lpad((10000 + g)::text, 5, '0'), 'Italia'
       FROM ${AGENCY_ROWS}`,
    [tenantIds, CUSTOMERS],
  );
  const itemsTotal = `(SELECT sum(${ITEM_TOTAL}) FROM generate_series(0, ${ITEMS - 1}) k WHERE ${STATUS} <> 'confirmed' OR ${ITEM_CONFIRMED})`;
  await sql(
    databaseUrl,
    `WITH customer AS (
       SELECT tenant_id, id, name, row_number() OVER (PARTITION BY tenant_id ORDER BY id) - 1 AS n
         FROM catalogue.customers WHERE tenant_id = ANY($1::uuid[])
     )
     INSERT INTO quoting.quotes (id, tenant_id, customer_id, customer_name, subject, service_date, expiry_date, booking_date_time, status,
                                 service_start_time, actual_participants, total_amount, number_year, number_seq, created_at, updated_at)
     SELECT ${QUOTE_ID}, agency.id, customer.id, customer.name,
            (${array(['Gita in barca', 'Escursione in montagna', 'Visita guidata', 'Tour enogastronomico', 'Gita scolastica'])})[1 + g % 5] || ' ' || g,
            ${SERVICE_DATE}, (${CREATED('$4')} AT TIME ZONE $5)::date + 30,
            CASE WHEN ${STATUS} IN ('confirmed', 'closed') THEN ${SERVICE_DATE} + time '12:00' END,
            ${STATUS},
            CASE WHEN g % 3 = 0 THEN ${SERVICE_DATE} + time '09:30' END,
            CASE WHEN ${STATUS} = 'closed' THEN 10 + g % 30 ELSE 0 END,
            ${itemsTotal}, extract(year FROM ${CREATED('$4')} AT TIME ZONE $5)::int, g + 1, ${CREATED('$4')}, ${CREATED('$4')}
       FROM ${AGENCY_ROWS}
       JOIN customer ON customer.tenant_id = agency.id AND customer.n = g % $3::int`,
    [tenantIds, quotes, CUSTOMERS, now, TIME_ZONE],
  );
  await sql(
    databaseUrl,
    `WITH product AS (
       SELECT tenant_id, id, code, titles ->> 'it' AS title, row_number() OVER (PARTITION BY tenant_id ORDER BY code) - 1 AS n
         FROM catalogue.products WHERE tenant_id = ANY($1::uuid[])
     )
     INSERT INTO quoting.quote_items (tenant_id, quote_id, product_id, product_code, description, quantity, unit_price, total_price,
                                      computed_price, order_confirmed, confirmed_participants, price_includes_vat, vat_rate, created_at, updated_at)
     SELECT agency.id, ${QUOTE_ID}, product.id, product.code, product.title, ${QUANTITY}, ${UNIT}, ${ITEM_TOTAL}, ${ITEM_TOTAL},
            ${ITEM_CONFIRMED}, CASE WHEN ${ITEM_CONFIRMED} THEN ${QUANTITY} ELSE 0 END, k % 2 = 0, (ARRAY[22, 10, 0])[1 + k % 3],
            ${CREATED('$4')} + k * interval '1 microsecond', ${CREATED('$4')}
       FROM ${AGENCY_ROWS} CROSS JOIN generate_series(0, ${ITEMS - 1}) k
       JOIN product ON product.tenant_id = agency.id AND product.n = (g + k * ($3::int / ${ITEMS})) % $3::int`,
    [tenantIds, quotes, QUOTED_PRODUCTS, now],
  );
  await sql(
    databaseUrl,
    `INSERT INTO quoting.service_consumptions (tenant_id, quote_id, description, quantity, unit_value, total_value, consumed_at, created_at)
     SELECT agency.id, ${QUOTE_ID}, (ARRAY['Bevande', 'Noleggio attrezzatura'])[1 + c], 1 + (g + c) % 6, 4.5 + c * 3,
            (1 + (g + c) % 6) * (4.5 + c * 3), ${SERVICE_DATE} + time '13:00' + c * interval '1 hour', ${CREATED('$3')}
       FROM ${AGENCY_ROWS} CROSS JOIN generate_series(0, 1) c
      WHERE ${STATUS} IN ('confirmed', 'closed')`,
    [tenantIds, quotes, now],
  );
  // the agencies' number counters at their last quote, as quoting keeps them
  await sql(
    databaseUrl,
    `INSERT INTO quoting.quote_numbers (tenant_id, year, last_seq)
     SELECT tenant_id, number_year, max(number_seq) FROM quoting.quotes WHERE tenant_id = ANY($1::uuid[]) GROUP BY tenant_id, number_year`,
    [tenantIds],
  );
  await sql(databaseUrl, 'VACUUM ANALYZE catalogue.customers, quoting.quotes, quoting.quote_items, quoting.service_consumptions, quoting.quote_numbers');
}

/**
 * The stack's agency with QUOTES quotes of 5 items (and `agencies - 1` neighbours of the same size),
 * seeded once per stack; answers the records the measures use: a confirmed quote with consumptions,
 * pending or waiting quotes on a date the catalogue prices (two to replace items of, then more for the
 * documents), and the agency's first products.
 */
export async function quotesOf(stack, { agencies = AGENCIES, quotes = QUOTES } = {}) {
  stack.quotes ??= (async () => {
    if (QUOTED_PRODUCTS < 10) throw new Error('BENCH_PRODUCTS must be at least 10 for the quotes');
    const started = Date.now();
    const tenantIds = [stack.tenant.id];
    for (let n = 2; n <= agencies; n += 1) {
      const { tenant } = await createAgency(stack.stack.baseUrl, `${stack.id}-${n}`);
      await seedProducts(stack.databaseUrl, tenant.id, QUOTED_PRODUCTS, String.fromCharCode(65 + n));
      tenantIds.push(tenant.id);
    }
    await seedQuotes(stack.databaseUrl, tenantIds, quotes);
    const tenantId = stack.tenant.id;
    const [open] = await sql(
      stack.databaseUrl,
      `SELECT id FROM quoting.quotes WHERE tenant_id = $1 AND status = 'confirmed' ORDER BY service_date DESC, created_at DESC, id LIMIT 1`,
      [tenantId],
    );
    const open5 = await sql(
      stack.databaseUrl,
      `SELECT id FROM quoting.quotes WHERE tenant_id = $1 AND status IN ('pending', 'waiting') AND service_date BETWEEN '2026-05-01' AND '2026-08-28'
        ORDER BY id LIMIT 2000`,
      [tenantId],
    );
    const products = await sql(stack.databaseUrl, `SELECT id FROM catalogue.products WHERE tenant_id = $1 ORDER BY code LIMIT 7`, [tenantId]);
    console.error(`${stack.label}: ${agencies === 1 ? 'one agency' : `${agencies} agencies`} × ${quotes} quotes seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return {
      agencies,
      perAgency: quotes,
      openId: open.id,
      writableIds: open5.slice(0, 2).map((row) => row.id),
      documentIds: open5.slice(2).map((row) => row.id),
      productIds: products.map((row) => row.id),
    };
  })();
  return stack.quotes;
}

/** The two item lists a replacement alternates between: two products go, two come, three change quantity. */
const itemSets = (productIds) => [
  productIds.slice(0, 5).map((productId) => ({ productId, quantity: 2 })),
  productIds.slice(2, 7).map((productId) => ({ productId, quantity: 3 })),
];

/** Alternates a quote's items between the two sets through `replace(quoteId, items)`. */
function replacer(quoteId, sets, replace) {
  let turn = 0;
  return () => replace(quoteId, sets[(turn += 1) % 2]);
}

/** The same calls through the gateway: the JSON as it comes, and X-Total-Count for the lists. */
function gatewayQuoting(stack, seeded) {
  const base = `/api/tenants/${stack.tenant.id}`;
  const text = async (method, route, body) => (await stack.client.ok(method, route, body)).body.toString('utf8');
  return {
    list: async (query) => {
      const answer = await stack.client.ok('GET', `${base}/quotes?${new URLSearchParams(query)}`);
      return { json: answer.body.toString('utf8'), total: Number(answer.headers['x-total-count']) };
    },
    open: () => text('GET', `${base}/quotes/${seeded.openId}`),
    dashboard: () => text('GET', `${base}/dashboard`),
    replace: replacer(seeded.writableIds[0], itemSets(seeded.productIds), (id, items) => text('PUT', `${base}/quotes/${id}/items`, { items })),
  };
}

/**
 * The baseline: quoting's services built in this process on connections of their own (quoting's role
 * and pool), with the catalogue's pricing service (catalogue's role) answering what quoting asks it.
 * The list is read as the gateway reads a limit/offset window: pages from the offset until its end.
 */
export async function directQuoting(databaseUrl, tenantId, seeded) {
  const { QuotesService } = serviceModule('apps/quoting/src/quotes/quotes.service.ts');
  const { QuoteItemsService } = serviceModule('apps/quoting/src/items/quote-items.service.ts');
  const { DashboardService } = serviceModule('apps/quoting/src/dashboard/dashboard.service.ts');
  const { QuotePricingService } = serviceModule('apps/quoting/src/pricing/quote-pricing.service.ts');
  const { QuotingEnv } = serviceModule('apps/quoting/src/env.ts');
  const { QUOTING_RUNTIME_ROLE, QUOTING_SCHEMA } = serviceModule('apps/quoting/src/quoting.schema.ts');
  const { QuotePricingService: CataloguePricingService } = serviceModule('apps/catalogue/src/quoting-links/quote-pricing.service.ts');
  const { CATALOGUE_RUNTIME_ROLE, CATALOGUE_SCHEMA } = serviceModule('apps/catalogue/src/catalogue.schema.ts');
  const { PriceList } = serviceModule('apps/catalogue/src/price-lists/price-list.entity.ts');
  const { CATALOGUE_COUNTS, CATALOGUE_QUOTE_PRICING } = serviceModule('libs/contracts/src/index.ts');

  const quotingData = await serviceDataSource(databaseUrl, { schema: QUOTING_SCHEMA, role: QUOTING_RUNTIME_ROLE });
  const catalogueData = await serviceDataSource(databaseUrl, { schema: CATALOGUE_SCHEMA, role: CATALOGUE_RUNTIME_ROLE, entities: [PriceList] });
  const catalogue = new CataloguePricingService(catalogueData);
  const rpc = {
    send: async (pattern, { principal, tenantId: tenant, ...request }) => {
      if (pattern.subject === CATALOGUE_QUOTE_PRICING.subject) return catalogue.pricing(principal, tenant, request);
      if (pattern.subject === CATALOGUE_COUNTS.subject) return catalogue.counts(principal, tenant);
      throw new Error(`the baseline has no answer to ${pattern.subject}`);
    },
  };
  const env = Object.assign(new QuotingEnv(), { BUSINESS_TIME_ZONE: TIME_ZONE });
  const pricing = new QuotePricingService(rpc);
  const quotes = new QuotesService(quotingData, pricing, rpc, env);
  const items = new QuoteItemsService(quotingData, pricing);
  const dashboard = new DashboardService(quotingData, rpc, env);
  const principal = { userId: randomUUID(), role: 'tenant_admin', tenantId, sessionVersion: 1 };
  return {
    list: async ({ limit, offset, ...filters }) => {
      const start = offset === undefined ? 0 : Number(offset);
      const end = start + Number(limit);
      const pages = [];
      let cursor = start;
      do {
        const page = await quotes.list(principal, tenantId, { cursor, until: end, offset: offset === undefined ? undefined : start, limit: Number(limit) }, filters);
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor !== null && cursor < end);
      return { json: JSON.stringify(pages.flatMap((page) => page.items)), total: pages[0].total };
    },
    open: async () => JSON.stringify(await quotes.get(principal, tenantId, seeded.openId)),
    dashboard: async () => JSON.stringify(await dashboard.figures(principal, tenantId)),
    replace: replacer(seeded.writableIds[1], itemSets(seeded.productIds), async (id, list) => JSON.stringify(await items.replace(principal, tenantId, id, { items: list }))),
    stop: () => Promise.all([quotingData.destroy(), catalogueData.destroy()]),
  };
}

/** The first difference between two JSON texts, item for item when both are arrays; null when they are the same value. */
function difference(gateway, baseline) {
  const [got, expected] = [JSON.parse(gateway), JSON.parse(baseline)];
  if (Array.isArray(got) && Array.isArray(expected)) {
    if (got.length !== expected.length) return `${got.length} items, the baseline ${expected.length}`;
    const at = got.findIndex((item, index) => JSON.stringify(item) !== JSON.stringify(expected[index]));
    return at === -1 ? null : `item ${at} differs:\n${JSON.stringify(got[at])}\n${JSON.stringify(expected[at])}`;
  }
  return JSON.stringify(got) === JSON.stringify(expected) ? null : `differs:\n${gateway.slice(0, 2000)}\n${baseline.slice(0, 2000)}`;
}

/**
 *   quotes list     GET /api/tenants/{id}/quotes?limit=50&offset=0       budget: gateway p95 ≤ 1.5 × baseline p95
 *   search          GET .../quotes?search=ross&limit=50                  (printed)
 *   open a quote    GET .../quotes/{quoteId}                             budget: gateway p95 ≤ 1.5 × baseline p95
 *   dashboard       GET .../dashboard                                    budget: gateway p95 ≤ 1.5 × baseline p95
 *   replace items   PUT .../quotes/{quoteId}/items, 5 items, two sets    (printed)
 */
export async function benchQuoting(stacks) {
  const seeded = [];
  for (const stack of stacks) seeded.push(await quotesOf(stack));
  const baseline = await directQuoting(stacks[0].databaseUrl, stacks[0].tenant.id, seeded[0]);
  // the baseline's reads through the bare hops (bench-floor.mjs); a replacement writes, and is left out
  const bare = await startFloor({ module: fileURLToPath(import.meta.url), factory: 'directQuoting', args: [stacks[0].databaseUrl, stacks[0].tenant.id, seeded[0]], port: await freePort() });
  try {
    const floor = {
      list: (query) => bare.call('list', query),
      open: async () => (await bare.call('open')).json,
      dashboard: async () => (await bare.call('dashboard')).json,
    };
    const gateways = stacks.map((stack, index) => gatewayQuoting(stack, seeded[index]));
    const all = [baseline, ...gateways];
    const reads = [...all, floor];
    const LIST = { limit: String(PAGE), offset: '0' };
    const SEARCHED = { search: SEARCH, limit: String(PAGE) };
    // the baseline reads this checkout's database: each read must be the very JSON this stack answers
    // (a compared stack has its own ids: only the sizes are compared)
    const expected = { list: await baseline.list(LIST), search: await baseline.list(SEARCHED), open: await baseline.open(), dashboard: await baseline.dashboard() };
    for (const [index, gateway] of gateways.entries()) {
      const label = stacks[index].label;
      for (const [what, query] of [['list', LIST], ['search', SEARCHED]]) {
        const answer = await gateway.list(query);
        if (answer.total !== expected[what].total) throw new Error(`${label}: the quotes ${what} counts ${answer.total} (X-Total-Count), the baseline ${expected[what].total}`);
        const problem = index === 0 ? difference(answer.json, expected[what].json) : JSON.parse(answer.json).length === Math.min(PAGE, answer.total) ? null : 'not a full page';
        if (problem) throw new Error(`${label}: the quotes ${what}: ${problem}`);
      }
      if (index === 0) {
        for (const what of ['open', 'dashboard']) {
          const bareProblem = difference(await floor[what](), expected[what]);
          if (bareProblem) throw new Error(`the bare hops: ${what}: ${bareProblem}`);
          const problem = difference(await gateway[what](), expected[what]);
          if (problem) throw new Error(`${label}: ${what}: ${problem}`);
        }
      }
    }
    for (const target of all) {
      const replaced = JSON.parse(await target.replace());
      if (replaced.length !== ITEMS) throw new Error(`a replacement answered ${replaced.length} items`);
    }
    for (const [what, query] of [['list', LIST], ['search', SEARCHED]]) {
      const answer = await floor.list(query);
      if (answer.total !== expected[what].total || difference(answer.json, expected[what].json)) throw new Error(`the bare hops: the quotes ${what} differs from the baseline's`);
    }
    // warm-up: connections, JIT, caches
    for (const target of reads) {
      for (let i = 0; i < 3; i += 1) {
        await target.list(LIST);
        await target.list(SEARCHED);
        await target.open();
        await target.dashboard();
        await target.replace?.();
      }
    }

    const measured = {
      list: await alternate(reads, (target) => target.list(LIST), ROUNDS, BATCH, { opening: true }),
      search: await alternate(reads, (target) => target.list(SEARCHED), ROUNDS, BATCH, { opening: true }),
      open: await alternate(reads, (target) => target.open(), ROUNDS, BATCH, { opening: true }),
      dashboard: await alternate(reads, (target) => target.dashboard(), ROUNDS, BATCH, { opening: true }),
      replace: await alternate(all, (target) => target.replace(), ROUNDS, BATCH),
    };
    const { agencies, perAgency } = seeded[0];
    const labels = {
      list: `quotes list, first ${Math.min(PAGE, expected.list.total)} of ${expected.list.total}`,
      search: `quotes search "${SEARCH}", ${Math.min(PAGE, expected.search.total)} of ${expected.search.total}`,
      open: `open a quote (${ITEMS} items, 2 consumptions)`,
      dashboard: 'dashboard',
      replace: `replace a quote's ${ITEMS} items (PUT)`,
    };
    const budgeted = { list: 'quotes list', open: 'open a quote', dashboard: 'dashboard' };
    const lines = [
      `${agencies} agencies × ${perAgency} quotes of ${ITEMS} items (${agencies * perAgency} quotes, ${agencies * perAgency * ITEMS} items); ` +
        `${ROUNDS} alternating rounds of ${BATCH} calls per target, each batch of a read opened by one call timed apart`,
      PAIR_HEADER,
    ];
    for (const [index, stack] of stacks.entries()) {
      const tag = stacks.length > 1 ? ` [${stack.label}]` : '';
      for (const [what, label] of Object.entries(labels)) lines.push(pairLine(`${label}${tag}`, measured[what][index + 1], measured[what][0], ratios(measured[what][index + 1], measured[what][0])));
    }
    const last = reads.length - 1;
    const bareLabels = { list: 'quotes list', search: 'quotes search', open: 'open a quote', dashboard: 'dashboard' };
    for (const [what, label] of Object.entries(bareLabels)) {
      lines.push(pairLine(`${label}, ${bare.label}`, measured[what][last], measured[what][0], ratios(measured[what][last], measured[what][0])));
    }
    // printed without a budget: the call that opens each read's batch, after the other targets' turns (alternate)
    const names = ['baseline', ...stackNames(stacks), 'bare hops'];
    lines.push(OPENING_HEADER, ...Object.entries(bareLabels).map(([what, label]) => openingLine(label, measured[what], names)));
    const verdicts = Object.entries(budgeted).map(([what, name]) => {
      const [base, gateway] = measured[what];
      const hops = measured[what][last];
      return [
        `${name} p95 ${(gateway.p95 / base.p95).toFixed(2)}x ≤ ${BUDGET.p95Ratio}x (bare hops ${(hops.p95 / base.p95).toFixed(2)}x)`,
        gateway.p95 <= BUDGET.p95Ratio * base.p95,
      ];
    });
    return { lines, verdicts };
  } finally {
    bare.stop();
    await baseline.stop().catch(() => undefined);
  }
}
