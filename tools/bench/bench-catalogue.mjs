// The catalogue's part of `npm run bench` (see bench.mjs): the products list, a small list and the
// small list's throughput, each against a direct-SQL baseline of the catalogue's queries.
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFloor } from './bench-floor.mjs';
import { alternate, balancedRounds, collectGarbage, column, cpuMicros, inTurn, OPENING_HEADER, openingLine, PAIR_HEADER, pairLine, ms, ratios, ROOT, serviceModule, stackNames, steadinessLine, throughput, warmUntilSteady } from './bench-kit.mjs';

const { freePort } = createRequire(import.meta.url)(`${ROOT}/tools/stack/stack.js`);

export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const SMALL_BATCH = Number(process.env.BENCH_SMALL_BATCH ?? 50);
/**
 * The products list's p95 is read from ROUNDS × LIST_BATCH calls: from 60 it was the fourth-slowest
 * call, and the same code read 1.01-1.28 × the bare hops' from run to run; from 120, one run tells more.
 */
const LIST_BATCH = Number(process.env.BENCH_LIST_BATCH ?? 12);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 6);
export const CONCURRENCY = 8;
const BUDGET = { listP95Ratio: 1.5, smallP50OverMs: 1.5, requestsPerSecond: 1200 };
/**
 * What the stack may cost over the bare hops measured in the same run (the framework's share of a
 * request): the small list's p50, the throughput at CONCURRENCY clients, the products list's p95.
 */
const OVER_BARE_HOPS = { smallP50: 1.25, throughput: 0.8, listP95: 1.15 };
/** The catalogue service's database role: the baseline runs under the same row-level security. */
const CATALOGUE_ROLE = 'quotebook_catalogue_app';
export const RATES = [
  { description: 'IVA ordinaria', rate: '22.00' },
  { description: 'IVA ridotta', rate: '10.00' },
  { description: 'Esente', rate: '0.00' },
];

// DATE columns as the services read them: YYYY-MM-DD strings
pg.types.setTypeParser(1082, (value) => value);

/** Today in the business time zone, as the service decides the current price. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TIME_ZONE ?? 'Europe/Rome' }).format(new Date());
const positive = (enabled, amount) => enabled && amount !== null && Math.round(Number(amount) * 100) > 0;

function currentPrice(periods, day) {
  const period = periods.find((candidate) => candidate.startDate <= day && day <= candidate.endDate);
  if (!period) return null;
  if (positive(period.hasCostPerPerson, period.costPerPerson)) return period.costPerPerson;
  if (positive(period.hasFlatRate, period.flatRate)) return period.flatRate;
  return null;
}

const mapPeriod = (row) => ({
  id: row.id,
  productId: row.product_id,
  startDate: row.start_date,
  endDate: row.end_date,
  hasMinParticipants: row.has_min_participants,
  minParticipants: row.min_participants,
  hasCostPerPerson: row.has_cost_per_person,
  costPerPerson: row.cost_per_person,
  hasFlatRate: row.has_flat_rate,
  flatRate: row.flat_rate,
  hasAdditionalCosts: row.has_additional_costs,
  additionalCosts: row.additional_costs,
  priceIncludesVat: row.price_includes_vat,
  supplierCostPerPerson: row.supplier_cost_per_person,
  supplierCostPerBooking: row.supplier_cost_per_booking,
  freePlacesEvery: row.free_places_every,
  freePlacesCount: row.free_places_count,
});

/**
 * The same reads without gateway and bus: pooled connections as the service's role, its queries, mapping
 * and JSON, each query sent as the service's reads send theirs (readTenant): in one message with the
 * statements that make it a read-only transaction of the tenant.
 */
export function directSql(databaseUrl, tenantId) {
  const { runtimeConnectionOptions } = serviceModule('libs/server-core/src/service.ts');
  // the service's startup parameters: its role, no JIT
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY, options: runtimeConnectionOptions(CATALOGUE_ROLE) });
  // an idle connection ended by the database's drop at the end must not end the bench
  pool.on('error', () => undefined);
  const literal = (value) => (Array.isArray(value) ? pg.escapeLiteral(`{${value.join(',')}}`) : pg.escapeLiteral(String(value)));
  const read = async (text, values) => {
    const inlined = text.replace(/\$(\d+)/g, (_, position) => literal(values[Number(position) - 1]));
    const results = await pool.query(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; SELECT set_config('app.tenant_id', '${tenantId}', true); ${inlined}`);
    return results[2].rows;
  };
  const small = async () => {
    const rows = await read('SELECT id, description, rate, created_at FROM catalogue.vat_rates WHERE tenant_id = $1 ORDER BY rate DESC, description ASC, id ASC', [
      tenantId,
    ]);
    return JSON.stringify(rows.map((row) => ({ id: row.id, description: row.description, rate: row.rate, createdAt: row.created_at.toISOString() })));
  };
  const products = async () => {
    const day = today();
    const items = await read(
      `SELECT id, code, titles, subtitles, short_descriptions, extended_descriptions, duration_hours, duration_minutes, vat_rate_id, created_at
         FROM catalogue.products WHERE tenant_id = $1
        ORDER BY sort_title ASC NULLS LAST, code ASC, id ASC`,
      [tenantId],
    );
    const ids = items.map((item) => item.id);
    const links = await read(
      `SELECT link.product_id AS item_id, link.tag_id FROM catalogue.product_tags link
         JOIN catalogue.tags tag ON tag.tenant_id = link.tenant_id AND tag.id = link.tag_id
        WHERE link.tenant_id = $1 AND link.product_id = ANY($2::uuid[])
        ORDER BY tag.name, tag.id`,
      [tenantId, ids],
    );
    const periods = await read(
      `SELECT * FROM catalogue.product_availability WHERE tenant_id = $1 AND product_id = ANY($2::uuid[])
        ORDER BY product_id ASC, start_date ASC`,
      [tenantId, ids],
    );
    const tagIds = new Map();
    for (const link of links) tagIds.set(link.item_id, [...(tagIds.get(link.item_id) ?? []), link.tag_id]);
    const periodsOf = new Map();
    for (const row of periods) {
      const period = mapPeriod(row);
      periodsOf.set(row.product_id, [...(periodsOf.get(row.product_id) ?? []), period]);
    }
    return JSON.stringify(
      items.map((row) => {
        const own = periodsOf.get(row.id) ?? [];
        return {
          id: row.id,
          code: row.code,
          titles: row.titles,
          subtitles: row.subtitles,
          shortDescriptions: row.short_descriptions,
          extendedDescriptions: row.extended_descriptions,
          tagIds: tagIds.get(row.id) ?? [],
          durationHours: row.duration_hours,
          durationMinutes: row.duration_minutes,
          vatRateId: row.vat_rate_id,
          availability: own,
          currentPrice: currentPrice(own, day),
          createdAt: row.created_at.toISOString(),
        };
      }),
    );
  };
  return { label: 'direct SQL (baseline)', products, small, stop: () => pool.end() };
}

/** Headers of an answer that describe its body or its connection, not what the stack adds to every answer. */
const CONTENT_HEADERS = new Set(['date', 'content-length', 'content-type', 'connection', 'keep-alive', 'x-request-id']);

/**
 * Also printed, without a budget: both lists through the bare hops (bench-floor.mjs), the baseline's
 * own calls behind HTTP and NATS with no framework on the way: what the machine charges for the hops;
 * and the same hops doing the stack's required per-request work (token, session, request id, security
 * headers, request context, metrics, access line): what is left for the frameworks within the budgets.
 *   products list   GET /api/tenants/{id}/products    budget: gateway p95 ≤ 1.5 × baseline p95
 *   small list      GET /api/tenants/{id}/vat-rates   budget: gateway p50 ≤ baseline p50 + 1.5 ms
 *   throughput      the small list at 8 concurrent clients through the gateway: ≥ 1,200 requests/s
 * and against the bare hops of the same run (OVER_BARE_HOPS): small list p50 ≤ 1.25×, throughput
 * ≥ 0.8×, products list p95 ≤ 1.15×.
 * `stacks` are prepared by bench.mjs (an agency with PRODUCTS products and the RATES); the first is
 * this checkout's.
 */
export async function benchCatalogue(stacks) {
  const targets = stacks.map((stack) => ({
    products: () => stack.client.get(`/api/tenants/${stack.tenant.id}/products`),
    small: () => stack.client.get(`/api/tenants/${stack.tenant.id}/vat-rates`),
  }));
  const baseline = directSql(stacks[0].databaseUrl, stacks[0].tenant.id);
  const bare = await startFloor({ module: fileURLToPath(import.meta.url), factory: 'directSql', args: [stacks[0].databaseUrl, stacks[0].tenant.id], port: await freePort() });
  const floor = { products: async () => (await bare.call('products')).json, small: async () => (await bare.call('small')).json };
  // the same hops doing the per-request work the stack must do whatever its frameworks, with the stack's token and headers
  const answered = await stacks[0].client.ok('GET', `/api/tenants/${stacks[0].tenant.id}/vat-rates`);
  const headers = Object.entries(answered.headers).filter(([name]) => !CONTENT_HEADERS.has(name));
  const bareWithWork = await startFloor({
    module: fileURLToPath(import.meta.url),
    factory: 'directSql',
    args: [stacks[0].databaseUrl, stacks[0].tenant.id],
    port: await freePort(),
    requiredWork: { token: stacks[0].token, headers },
  });
  const floorWithWork = { products: async () => (await bareWithWork.call('products')).json, small: async () => (await bareWithWork.call('small')).json };
  try {
    // the baseline reads this checkout's database: its list must be the very JSON value this stack
    // answers; a compared stack has rows of its own (other ids), so only their number is compared
    const expected = JSON.parse(await baseline.products());
    for (const [index, stack] of stacks.entries()) {
      const listed = JSON.parse(await targets[index].products());
      if (listed.length !== expected.length) throw new Error(`${stack.label}: the products list has ${listed.length} items, the baseline ${expected.length}`);
      const differs = index === 0 ? listed.findIndex((item, at) => JSON.stringify(item) !== JSON.stringify(expected[at])) : -1;
      if (differs !== -1) {
        throw new Error(`${stack.label}: item ${differs} of the products list differs from the baseline's:\n${JSON.stringify(listed[differs])}\n${JSON.stringify(expected[differs])}`);
      }
    }
    if ((await floor.small()) !== (await baseline.small())) throw new Error('the bare hops answer other VAT rates than the baseline');
    if ((await floor.products()) !== (await baseline.products())) throw new Error('the bare hops answer another products list than the baseline');
    if ((await floorWithWork.small()) !== (await baseline.small())) throw new Error('the bare hops with the required work answer other VAT rates than the baseline');
    // the lists also through the bare hops, then through the bare hops with the required work, last
    const all = [baseline, ...targets, floor, floorWithWork];
    // warm-up: connections, JIT, caches
    for (const target of all) {
      for (let i = 0; i < 3; i += 1) await target.products();
    }
    // every target served at length (warmUntilSteady): a fresh stack runs half-compiled code for its first thousands of calls
    const warmRounds = [];
    for (const target of all) warmRounds.push(await warmUntilSteady(target.small, CONCURRENCY));

    // the processes that serve each target's calls, whose CPU time the small list's calls and the throughput runs read (the baseline's is this one)
    const processes = [
      [],
      ...stacks.map(({ stack }) => [['gateway', stack.processes.gateway.child.pid], ['catalogue', stack.processes.catalogue.child.pid]]),
      ...[bare, bareWithWork].map(({ pids }) => [['server', pids.server], ['responder', pids.responder]]),
    ];
    // how steady the machine was meanwhile: a fixed piece of work timed before each batch
    const steadiness = [];
    const list = await alternate(all, (target) => target.products(), ROUNDS, LIST_BATCH, { opening: true, steadiness });
    const small = await alternate(all, (target) => target.small(), ROUNDS, SMALL_BATCH, { opening: true, pids: processes.map((named) => named.map(([, pid]) => pid)), steadiness });
    const perSecond = all.map(() => ({ done: 0, seconds: 0 }));
    /** Each round's rate per target: the spread of a ratio across rounds shows how far one run can be trusted. */
    const roundRates = all.map(() => []);
    const cpu = processes.map((named) => named.map(() => 0));
    // as many rounds as make the order balanced (each target after every other one equally often)
    const throughputRounds = balancedRounds(all.length);
    // a round of a second at least: a shorter one would be mostly its clients' start and end
    const roundSeconds = Math.max(1, THROUGHPUT_SECONDS / throughputRounds);
    for (let round = 0; round < throughputRounds; round += 1) {
      for (const index of inTurn(all.length, round)) {
        const target = all[index];
        const pids = processes[index].map(([, pid]) => pid);
        // what the previous target's turn left in this process is not collected during this one's
        collectGarbage();
        const before = cpuMicros(pids);
        const { done, seconds } = await throughput(target.small, roundSeconds, CONCURRENCY);
        roundRates[index].push(done / seconds);
        cpuMicros(pids).forEach((after, at) => (cpu[index][at] += after === null || before[at] === null ? NaN : after - before[at]));
        perSecond[index].done += done;
        perSecond[index].seconds += seconds;
      }
    }
    const rate = perSecond.map(({ done, seconds }) => done / seconds);
    /** The CPU time per call of each process of target `index` in the throughput runs (µs). */
    const cpuPerCall = (index) => cpu[index].map((micros) => micros / perSecond[index].done);

    /** The targets of `all`, in its order, as the printed lines name them. */
    const names = ['baseline', ...stackNames(stacks), 'bare hops', 'bare hops + work'];
    const lines = [
      `${PRODUCTS} products, 3 VAT rates; ${ROUNDS} alternating rounds of ${LIST_BATCH} list and ${SMALL_BATCH} small calls per target, each batch opened by one call timed apart; ` +
        `${CONCURRENCY} concurrent clients for ${throughputRounds * roundSeconds} s per target in ${throughputRounds} alternating rounds on ${os.cpus().length} cores`,
      `each target first served small lists at ${CONCURRENCY} clients until its rate stopped rising: ` +
        names.map((name, index) => `${name} ${warmRounds[index]} s`).join(', '),
      PAIR_HEADER,
    ];
    for (const [index, stack] of stacks.entries()) {
      const i = index + 1;
      const tag = stacks.length > 1 ? ` [${stack.label}]` : '';
      lines.push(
        pairLine(`products list (${PRODUCTS})${tag}`, list[i], list[0], ratios(list[i], list[0])),
        pairLine(`small list (3 VAT rates)${tag}`, small[i], small[0], `p50 +${ms(small[i].p50 - small[0].p50)} (${(small[i].p50 / small[0].p50).toFixed(1)}x)`),
        `${`small list, ${CONCURRENCY} concurrent clients${tag}`.padEnd(44)}${column(`${rate[i].toFixed(0)} req/s`, 13)}${''.padEnd(11)}` +
          `${column(`${rate[0].toFixed(0)} req/s`, 14)}`,
      );
    }
    const last = all.length - 2;
    const withWork = all.length - 1;
    lines.push(
      pairLine(`products list, ${bare.label}`, list[last], list[0], ratios(list[last], list[0])),
      pairLine(`small list, ${bare.label}`, small[last], small[0], `p50 +${ms(small[last].p50 - small[0].p50)} (${(small[last].p50 / small[0].p50).toFixed(1)}x)`),
      `${`bare hops, ${CONCURRENCY} concurrent clients`.padEnd(44)}${column(`${rate[last].toFixed(0)} req/s`, 13)}`,
      // printed without a budget: what is left of the budgets over the bare hops once the required work is done
      pairLine(`products list, ${bareWithWork.label}`, list[withWork], list[0], `p95 ${(list[withWork].p95 / list[last].p95).toFixed(2)}x the bare hops'`),
      pairLine(`small list, ${bareWithWork.label}`, small[withWork], small[0], `p50 ${(small[withWork].p50 / small[last].p50).toFixed(2)}x the bare hops'`),
      `${`${bareWithWork.label}, ${CONCURRENCY} clients`.padEnd(44)}${column(`${rate[withWork].toFixed(0)} req/s`, 13)}${''.padEnd(11)}` +
        `${column(`${(rate[withWork] / rate[last]).toFixed(2)}x the bare hops'`, 26)}`,
    );
    // printed without a budget: the same ratio round by round, which the verdict's totals hide
    const byRound = (index) => roundRates[index].map((value, round) => (value / roundRates[last][round]).toFixed(2)).join(', ');
    for (const [index, name] of stackNames(stacks).entries()) {
      lines.push(`${`${name}: rate ÷ the bare hops', round by round`.padEnd(49)} ${byRound(index + 1)}`);
    }
    lines.push(`${`${bareWithWork.label}: the same`.padEnd(49)} ${byRound(withWork)}`);
    // printed without a budget: the call that opens each batch, after the other targets' turns (alternate)
    lines.push(OPENING_HEADER, openingLine(`products list (${PRODUCTS})`, list, names), openingLine('small list (3 VAT rates)', small, names));
    /**
     * A table of each target's CPU time per call, µs per process (`perCall(index)`, in the order of
     * `processes[index]`), and their sum beside the bare hops' sum, under `title`; nothing where /proc
     * could not be read.
     */
    const cpuTable = (title, perCall) => {
      const of = (index) => {
        const each = perCall(index);
        return { text: processes[index].map(([name], at) => `${name} ${each[at].toFixed(0)}`).join(' + '), total: each.reduce((sum, micros) => sum + micros, 0) };
      };
      const floorCpu = of(last);
      if (!Number.isFinite(floorCpu.total)) return [];
      const line = (label, { text, total }, ratio = true) =>
        `  ${label.padEnd(28)}${text} = ${total.toFixed(0)}${ratio ? ` (${(total / floorCpu.total).toFixed(2)}x the bare hops')` : ''}`;
      return [
        `${title}, µs per process (the database, NATS and this process not counted):`,
        ...[...stacks.keys()].map((index) => line(names[index + 1], of(index + 1))),
        line(bare.label, floorCpu, false),
        line(bareWithWork.label, of(withWork)),
      ];
    };
    lines.push(
      // where a single call's time goes (printed without a budget): at one client each call wakes every
      // process from sleep and runs alone, so what a process does per call counts in full towards its time
      ...cpuTable('CPU per small-list call at 1 client', (index) => small[index].cpuPerCall),
      // where the throughput goes (printed without a budget)
      ...cpuTable(`CPU per small-list call at ${CONCURRENCY} clients`, cpuPerCall),
      // printed without a budget: a run on a machine whose speed moved much is a run to repeat
      steadinessLine(steadiness),
    );
    // each with what the bare hops alone reach, which no stack of this architecture can beat here
    const verdicts = [
      [
        `products list p95 ${(list[1].p95 / list[0].p95).toFixed(2)}x ≤ ${BUDGET.listP95Ratio}x (bare hops ${(list[last].p95 / list[0].p95).toFixed(2)}x)`,
        list[1].p95 <= BUDGET.listP95Ratio * list[0].p95,
      ],
      [
        `small list p50 +${ms(small[1].p50 - small[0].p50)} ≤ +${BUDGET.smallP50OverMs} ms (bare hops +${ms(small[last].p50 - small[0].p50)})`,
        small[1].p50 - small[0].p50 <= BUDGET.smallP50OverMs,
      ],
      [`${rate[1].toFixed(0)} req/s ≥ ${BUDGET.requestsPerSecond} at ${CONCURRENCY} clients (bare hops ${rate[last].toFixed(0)})`, rate[1] >= BUDGET.requestsPerSecond],
      // the same figures as ratios to the bare hops: what the frameworks add to the architecture's hops,
      // each with the ratio the bare hops reach once they do the stack's required work (no framework),
      // the least any stack that does that work can show here
      [
        `small list p50 ${ms(small[1].p50)} = ${(small[1].p50 / small[last].p50).toFixed(2)}x the bare hops' ${ms(small[last].p50)} ≤ ${OVER_BARE_HOPS.smallP50}x` +
          ` (bare hops + required work ${(small[withWork].p50 / small[last].p50).toFixed(2)}x)`,
        small[1].p50 <= OVER_BARE_HOPS.smallP50 * small[last].p50,
      ],
      [
        `${rate[1].toFixed(0)} req/s = ${(rate[1] / rate[last]).toFixed(2)}x the bare hops' ${rate[last].toFixed(0)} req/s at ${CONCURRENCY} clients ≥ ${OVER_BARE_HOPS.throughput}x` +
          ` (bare hops + required work ${(rate[withWork] / rate[last]).toFixed(2)}x)`,
        rate[1] >= OVER_BARE_HOPS.throughput * rate[last],
      ],
      [
        `products list p95 ${ms(list[1].p95)} = ${(list[1].p95 / list[last].p95).toFixed(2)}x the bare hops' ${ms(list[last].p95)} ≤ ${OVER_BARE_HOPS.listP95}x` +
          ` (bare hops + required work ${(list[withWork].p95 / list[last].p95).toFixed(2)}x)`,
        list[1].p95 <= OVER_BARE_HOPS.listP95 * list[last].p95,
      ],
    ];
    return { lines, verdicts };
  } finally {
    bare.stop();
    bareWithWork.stop();
    await baseline.stop().catch(() => undefined);
  }
}
