// The reports part of `npm run bench` (see bench.mjs): the reports page's five calls and the calendar of
// a month, each through the gateway against a baseline that runs quoting's own report code (its one
// query per report, mapping and JSON, in its tenant transaction, as its database role) in this process,
// on the agency of 20,000 quotes that the quoting part seeds (bench-quoting.mjs), and through the bare
// hops (bench-floor.mjs).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startFloor } from './bench-floor.mjs';
import { alternate, OPENING_HEADER, openingLine, PAIR_HEADER, pairLine, ratios, ROOT, serviceDataSource, serviceModule, sql, stackNames, warmUntilSteady } from './bench-kit.mjs';
import { quotesOf } from './bench-quoting.mjs';

const { freePort } = createRequire(import.meta.url)(`${ROOT}/tools/stack/stack.js`);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BATCH = Number(process.env.BENCH_REPORTS_BATCH ?? 20);
/** Clients at once while each target is warmed: as many as the gateway client keeps connections. */
const WARM_CLIENTS = 8;
const BUDGET = { p95Ratio: 1.5 };
const TIME_ZONE = process.env.BUSINESS_TIME_ZONE ?? 'Europe/Rome';
/** Twelve months of the seeded service dates (July 2025 to June 2027), and a month of the calendar. */
const PERIOD = { from: '2025-09', to: '2026-08' };
const CALENDAR = { from: '2026-03-01', to: '2026-03-31' };

/** Each measured call: the gateway's route and the baseline's method with its query. */
const CALLS = {
  revenue: { route: 'reports/revenue-by-month', method: 'revenueByMonth', query: PERIOD, label: 'revenue by month, 12 months' },
  statuses: { route: 'reports/quotes-by-status', method: 'quotesByStatus', query: PERIOD, label: 'quotes by status + conversion' },
  margin: { route: 'reports/margin-by-month', method: 'marginByMonth', query: PERIOD, label: 'margin by month, 12 months' },
  products: { route: 'reports/top-products', method: 'topProducts', query: PERIOD, label: 'top 10 products' },
  customers: { route: 'reports/top-customers', method: 'topCustomers', query: PERIOD, label: 'top 10 customers' },
  calendar: { route: 'calendar', method: 'calendar', query: CALENDAR, label: 'calendar of a month' },
};

/**
 * What the reports read besides the quotes: a cost and margin on the confirmed and closed ones, and a
 * sent revision (answered for most) on every quote past pending; written once per stack.
 */
async function reportsOf(stack) {
  stack.reports ??= (async () => {
    const seeded = await quotesOf(stack);
    const tenantId = stack.tenant.id;
    await sql(
      stack.databaseUrl,
      `UPDATE quoting.quotes SET cost_total = round(total_amount * 0.62, 2), margin_total = total_amount - round(total_amount * 0.62, 2)
        WHERE tenant_id = $1 AND status IN ('confirmed', 'closed')`,
      [tenantId],
    );
    await sql(
      stack.databaseUrl,
      `INSERT INTO quoting.quote_revisions (tenant_id, quote_id, number, snapshot, layout_id, language, storage_key, sent_to, total_amount, sent_at, answer_kind, answered_at)
       SELECT tenant_id, id, 1, '{}'::jsonb, $2::uuid, 'it', 'bench.pdf', 'cliente@example.com', total_amount, created_at + interval '1 day',
              CASE status WHEN 'waiting' THEN NULL WHEN 'cancelled' THEN 'declined' ELSE 'accepted' END,
              CASE WHEN status = 'waiting' THEN NULL ELSE created_at + interval '2 days' END
         FROM quoting.quotes WHERE tenant_id = $1 AND status <> 'pending'
       ON CONFLICT DO NOTHING`,
      [tenantId, randomUUID()],
    );
    await sql(stack.databaseUrl, 'VACUUM ANALYZE quoting.quotes, quoting.quote_revisions');
    return seeded;
  })();
  return stack.reports;
}

/** The calls through the gateway: the JSON as it comes. */
function gatewayReports(stack) {
  const base = `/api/tenants/${stack.tenant.id}`;
  return Object.fromEntries(
    Object.entries(CALLS).map(([name, { route, query }]) => [
      name,
      async () => (await stack.client.ok('GET', `${base}/${route}?${new URLSearchParams(query)}`)).body.toString('utf8'),
    ]),
  );
}

/** The baseline: quoting's ReportsService in this process, on connections of its own (quoting's role and pool). */
export async function directReports(databaseUrl, tenantId) {
  const { ReportsService } = serviceModule('apps/quoting/src/reports/reports.service.ts');
  const { QuotingEnv } = serviceModule('apps/quoting/src/env.ts');
  const { QUOTING_RUNTIME_ROLE, QUOTING_SCHEMA } = serviceModule('apps/quoting/src/quoting.schema.ts');
  const data = await serviceDataSource(databaseUrl, { schema: QUOTING_SCHEMA, role: QUOTING_RUNTIME_ROLE });
  const reports = new ReportsService(data, Object.assign(new QuotingEnv(), { BUSINESS_TIME_ZONE: TIME_ZONE }));
  const principal = { userId: randomUUID(), role: 'tenant_admin', tenantId, sessionVersion: 1 };
  const target = Object.fromEntries(
    Object.entries(CALLS).map(([name, { method, query }]) => [
      name,
      method === 'calendar'
        ? async () => {
            const page = await reports.calendar(principal, tenantId, { query, cursor: 0 });
            if (page.nextCursor !== null) throw new Error('the bench calendar is longer than a page');
            // the entries come as the database wrote their JSON: the answer the gateway writes around them
            return `${JSON.stringify(query).slice(0, -1)},"entries":${page.itemsArrayJson()}}`;
          }
        : async () => JSON.stringify(await reports[method](principal, tenantId, query)),
    ]),
  );
  return { ...target, stop: () => data.destroy() };
}

/**
 *   each report   GET /api/tenants/{id}/reports/<name>?from=2025-09&to=2026-08   budget: gateway p95 ≤ 1.5 × baseline p95
 *   calendar      GET /api/tenants/{id}/calendar?from=2026-03-01&to=2026-03-31   budget: gateway p95 ≤ 1.5 × baseline p95
 */
export async function benchReports(stacks) {
  const seeded = [];
  for (const stack of stacks) seeded.push(await reportsOf(stack));
  const baseline = await directReports(stacks[0].databaseUrl, stacks[0].tenant.id);
  const bare = await startFloor({ module: fileURLToPath(import.meta.url), factory: 'directReports', args: [stacks[0].databaseUrl, stacks[0].tenant.id], port: await freePort() });
  try {
    const floor = Object.fromEntries(Object.keys(CALLS).map((name) => [name, async () => (await bare.call(name)).json]));
    const gateways = stacks.map((stack) => gatewayReports(stack));
    const reads = [baseline, ...gateways, floor];
    // each call of this checkout must answer the baseline's very JSON
    for (const name of Object.keys(CALLS)) {
      const expected = await baseline[name]();
      for (const [label, target] of [['the gateway', gateways[0]], ['the bare hops', floor]]) {
        const answer = await target[name]();
        if (answer !== expected) throw new Error(`${label}: ${name} differs from the baseline:\n${answer.slice(0, 1500)}\n${expected.slice(0, 1500)}`);
      }
    }
    for (const target of reads) for (let i = 0; i < 3; i += 1) for (const name of Object.keys(CALLS)) await target[name]();
    // every target served at length (warmUntilSteady), its calls taken in turn: a fresh stack runs half-compiled code for its first thousands of calls
    const names = Object.keys(CALLS);
    const warmRounds = [];
    for (const target of reads) {
      let next = 0;
      warmRounds.push(await warmUntilSteady(() => target[names[(next += 1) % names.length]](), WARM_CLIENTS));
    }

    const measured = {};
    for (const name of Object.keys(CALLS)) measured[name] = await alternate(reads, (target) => target[name](), ROUNDS, BATCH, { opening: true });
    const { agencies, perAgency } = seeded[0];
    /** The targets of `reads`, in its order, as the printed lines name them. */
    const targetNames = ['baseline', ...stackNames(stacks), 'bare hops'];
    const lines = [
      `reports of one agency of ${perAgency} quotes (${agencies} agencies); ${ROUNDS} alternating rounds of ${BATCH} calls per target, each batch opened by one call timed apart`,
      `each target first served the reports in turn at ${WARM_CLIENTS} clients until its rate stopped rising: ` +
        targetNames.map((name, index) => `${name} ${warmRounds[index]} s`).join(', '),
      PAIR_HEADER,
    ];
    for (const [index, stack] of stacks.entries()) {
      const tag = stacks.length > 1 ? ` [${stack.label}]` : '';
      for (const [name, { label }] of Object.entries(CALLS)) lines.push(pairLine(`${label}${tag}`, measured[name][index + 1], measured[name][0], ratios(measured[name][index + 1], measured[name][0])));
    }
    const last = reads.length - 1;
    for (const [name, { label }] of Object.entries(CALLS)) lines.push(pairLine(`${label}, ${bare.label}`, measured[name][last], measured[name][0], ratios(measured[name][last], measured[name][0])));
    // printed without a budget: the call that opens each batch, after the other targets' turns (alternate)
    lines.push(OPENING_HEADER, ...Object.entries(CALLS).map(([name, { label }]) => openingLine(label, measured[name], targetNames)));
    const verdicts = Object.entries(CALLS).map(([name, { label }]) => {
      const [base, gateway] = measured[name];
      const hops = measured[name][last];
      return [`${label} p95 ${(gateway.p95 / base.p95).toFixed(2)}x ≤ ${BUDGET.p95Ratio}x (bare hops ${(hops.p95 / base.p95).toFixed(2)}x)`, gateway.p95 <= BUDGET.p95Ratio * base.p95];
    });
    return { lines, verdicts };
  } finally {
    bare.stop();
    await baseline.stop().catch(() => undefined);
  }
}
