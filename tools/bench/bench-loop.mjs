// The customer loop's part of `npm run bench` (see bench.mjs): the public quote page's first answer and
// sending a quote, each through the gateway against a baseline that runs quoting's own code in this
// process (its queries, mapping and JSON, in the link's agency transaction, as quoting's database role),
// and the public read also through the bare hops (bench-floor.mjs).
//
// The public read, GET /api/public/quotes/{token}, is what the customer's browser waits for when the
// link opens. The visitor is the hash of the client address and the User-Agent; the gateway does not
// trust X-Forwarded-For by default (TRUST_PROXY=false), so every call comes from 127.0.0.1 and the
// visitor is varied by its User-Agent. Three cases, each its own line:
//   first view     a revision nobody opened yet: the view is counted, first_viewed_at set and the sender
//                  notified (a notification row; the agent's e-mail and the webhooks' event after the answer)
//   new visitor    a revision already opened, by a browser not seen today: the view is counted
//   repeated view  the same browser again on the same day: nothing is written (the reload of the page)
// The bench's one client would hit the public routes' per-address and per-link limits at once: its
// stack raises them (LOOP_STACK_ENV); the throttle's Redis counters still run on every call.
//
// Sending, POST /api/tenants/{t}/quotes/{q}/send, with the stack's mailer in log mode (no SMTP_URL: the
// mail is composed, its PDF read and attached, and the log says it would have gone; no SMTP is timed):
//   cached    the same quote sent again unchanged: its document comes from the documents' cache
//   uncached  the quote's subject changed before each send (not timed): a new render every time
// The baseline is quoting's QuoteSendingService in this process, sending a quote of its own, with the
// other services' answers (customer, agency, sender, product texts, the rendered revision) asked once of
// the stack over NATS and then answered from memory: what is timed is quoting's own work, its
// database reads and writes, the snapshot, the mail in log mode and the PDF read from the storage.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFloor } from './bench-floor.mjs';
import { alternate, call, column, logSince, logSize, ms, PAIR_HEADER, pairLine, ratios, ROOT, serviceDataSource, serviceModule, sql, summary, timed } from './bench-kit.mjs';
import { QUOTES, quotesOf } from './bench-quoting.mjs';

const { freePort } = createRequire(import.meta.url)(`${ROOT}/tools/stack/stack.js`);

/** What the bench's stack needs for this part: public limits no single client reaches (see above). */
export const LOOP_STACK_ENV = { PUBLIC_QUOTE_READS_PER_IP: '100000000', PUBLIC_QUOTE_READS_PER_TOKEN: '100000000' };

const ROUNDS = Number(process.env.BENCH_LOOP_ROUNDS ?? 8);
const BATCH = Number(process.env.BENCH_LOOP_BATCH ?? 20);
/** Sent quotes (one revision and a live link each) per agency, beside the fresh ones the first views use. */
const LINKS = Number(process.env.BENCH_LOOP_LINKS ?? 300);
const SEND_ROUNDS = Number(process.env.BENCH_SEND_ROUNDS ?? 4);
const SEND_BATCH = Number(process.env.BENCH_SEND_BATCH ?? 4);
/** Agencies and quotes seeded when this part runs without the quoting part. */
const AGENCIES_ALONE = Number(process.env.BENCH_LOOP_AGENCIES ?? 4);
const QUOTES_ALONE = Math.min(QUOTES, Number(process.env.BENCH_LOOP_QUOTES ?? 2000));
/** Links the repeated and new-visitor reads go round. */
const READ_POOL = 20;
const WARM_UP = 3;
const TIME_ZONE = process.env.BUSINESS_TIME_ZONE ?? 'Europe/Rome';
const LOCAL = '127.0.0.1';

const newToken = () => randomBytes(32).toString('base64url').slice(0, 43);
const tokenHash = (token) => createHash('sha256').update(token, 'utf8').digest('hex');

const rendersIn = (text) => (text.match(/ rendered in /g) ?? []).length;

/** The layout the sends print with: a template and the quote's table (an agency may have no default yet). */
async function sendingLayout(stack) {
  const route = `/api/tenants/${stack.tenant.id}`;
  const template = await call(stack.stack.baseUrl, 'POST', `${route}/quote-templates`, {
    token: stack.token,
    body: { templateType: 'premessa', title: 'Premessa', content: '<p>Gentile cliente, ecco la nostra proposta.</p>', headerPrint: true },
  });
  const layout = await call(stack.stack.baseUrl, 'POST', `${route}/quote-layouts`, {
    token: stack.token,
    body: { name: `Invio ${randomBytes(3).toString('hex')}`, elements: [{ type: 'template', templateId: template.id }, { type: 'quotes' }] },
  });
  return layout.id;
}

/**
 * Sent quotes in every agency of the stack: two quotes of the measured agency are sent through the API
 * (a real revision: its snapshot, layout and stored PDF), then that revision is copied with SQL onto
 * LINKS quotes of each agency plus, in the measured one, the fresh revisions the first views open; each
 * copy gets a live link of a random token (the database keeps its hash, as quoting does). The quotes'
 * expiry is moved past today, so that no link reads as expired.
 */
async function seedLoop(stack, seeded) {
  const started = Date.now();
  const base = `/api/tenants/${stack.tenant.id}/quotes`;
  const layoutId = await sendingLayout(stack);
  const send = async (quoteId) => {
    const answer = await stack.client.send('POST', `${base}/${quoteId}/send`, { layoutId });
    if (answer.status !== 201) throw new Error(`send: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    return JSON.parse(answer.body.toString('utf8'));
  };
  // the quotes the sends are measured on: the last of the ones the documents part prints, so that none is shared
  const sendIds = seeded.documentIds.slice(-3);
  const [first] = await sql(stack.databaseUrl, `SELECT tenant_id FROM quoting.quotes WHERE id = $1`, [sendIds[0]]);
  if (first.tenant_id !== stack.tenant.id) throw new Error('the quotes to send are not of the measured agency');
  await send(sendIds[0]);
  const [template] = await sql(stack.databaseUrl, `SELECT id FROM quoting.quote_revisions WHERE quote_id = $1 AND number = 1`, [sendIds[0]]);

  const freshNeeded = 3 * (ROUNDS * BATCH + WARM_UP) + 10;
  const agencies = await sql(stack.databaseUrl, `SELECT DISTINCT tenant_id FROM quoting.quotes`);
  const tokens = { read: [], fresh: [] };
  for (const { tenant_id: tenantId } of agencies) {
    const measured = tenantId === stack.tenant.id;
    const wanted = LINKS + (measured ? freshNeeded : 0);
    const quotes = await sql(
      stack.databaseUrl,
      `SELECT id FROM quoting.quotes WHERE tenant_id = $1 AND id <> ALL($2::uuid[]) AND latest_revision IS NULL ORDER BY id LIMIT $3`,
      [tenantId, seeded.documentIds, wanted],
    );
    if (quotes.length < wanted) throw new Error(`an agency has ${quotes.length} quotes to send, ${wanted} wanted: seed more quotes`);
    const links = quotes.map((quote) => ({ quoteId: quote.id, token: newToken() }));
    await sql(
      stack.databaseUrl,
      `WITH sent AS (
         SELECT quote_id, token_hash, nonce FROM unnest($2::uuid[], $3::text[], $4::text[]) AS link(quote_id, token_hash, nonce)
       ), revision AS (
         INSERT INTO quoting.quote_revisions (tenant_id, quote_id, number, snapshot, layout_id, language, storage_key, sent_to, cc, message,
                                              sent_by_id, sent_by_name, sent_by_email, total_amount, sent_at)
         SELECT $1, sent.quote_id, 1, template.snapshot, template.layout_id, template.language, template.storage_key, template.sent_to, template.cc,
                template.message, template.sent_by_id, template.sent_by_name, template.sent_by_email, template.total_amount,
                now() - interval '1 day'
           FROM sent CROSS JOIN quoting.quote_revisions template WHERE template.id = $5
         RETURNING quote_id
       ), quote AS (
         UPDATE quoting.quotes SET latest_revision = 1, last_sent_at = now() - interval '1 day', expiry_date = greatest(expiry_date, current_date + 60)
          WHERE tenant_id = $1 AND id IN (SELECT quote_id FROM revision)
       )
       INSERT INTO quoting.quote_links (tenant_id, quote_id, token_hash, nonce) SELECT $1, quote_id, token_hash, nonce FROM sent`,
      [tenantId, links.map((link) => link.quoteId), links.map((link) => tokenHash(link.token)), links.map(() => randomBytes(16).toString('hex')), template.id],
    );
    if (measured) {
      tokens.read = links.slice(0, READ_POOL).map((link) => link.token);
      tokens.fresh = links.slice(LINKS).map((link) => link.token);
    }
  }
  await sql(stack.databaseUrl, 'VACUUM ANALYZE quoting.quote_revisions, quoting.quote_links, quoting.quotes');
  const [{ revisions }] = await sql(stack.databaseUrl, `SELECT count(*)::int AS revisions FROM quoting.quote_revisions`);
  console.error(`${stack.label}: ${revisions} sent revisions with live links in ${agencies.length} agencies seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { layoutId, sendIds, tokens, revisions, agencies: agencies.length, send };
}

/** The public read through the gateway: a User-Agent per visitor, the client address 127.0.0.1. */
function gatewayPublic(stack) {
  const { hostname, port } = new URL(stack.stack.baseUrl);
  // a client of its own: no Authorization header, as the customer's browser sends none
  const http = createRequire(import.meta.url)('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const read = (token, userAgent) =>
    new Promise((resolve, reject) => {
      const request = http.request({ hostname, port, path: `/api/public/quotes/${token}`, method: 'GET', agent, headers: { 'user-agent': userAgent } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) reject(new Error(`GET /api/public/quotes/…: ${response.statusCode} ${body.slice(0, 300)}`));
          else resolve(body);
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  return { read, close: () => agent.destroy() };
}

/**
 * The baseline of the public read: quoting's PublicQuotesService in this process, on a connection of
 * quoting's role, with its mailer in log mode and its webhooks sink (which queues nothing: the agencies
 * have no endpoints). `read({ token, userAgent })` answers the JSON the route answers. Exported for the
 * bare hops' responder, which builds the same.
 */
export async function directPublic(databaseUrl, redis) {
  const { Logger } = serviceModule('node_modules/@nestjs/common/index.js');
  // the mailer's "would have been sent" lines (the quoting process writes them to its log file)
  Logger.overrideLogger(['error']);
  const { PublicQuotesService } = serviceModule('apps/quoting/src/customer-loop/public-quotes.service.ts');
  const { WebhookEventSink } = serviceModule('apps/quoting/src/webhooks/webhook-queue.ts');
  const { WebhookSettings } = serviceModule('apps/quoting/src/webhooks/webhook-settings.ts');
  const { QuotingEnv } = serviceModule('apps/quoting/src/env.ts');
  const { QUOTING_RUNTIME_ROLE, QUOTING_SCHEMA } = serviceModule('apps/quoting/src/quoting.schema.ts');
  const { Mailer } = serviceModule('libs/server-core/src/service.ts');
  const data = await serviceDataSource(databaseUrl, { schema: QUOTING_SCHEMA, role: QUOTING_RUNTIME_ROLE });
  const env = Object.assign(new QuotingEnv(), { BUSINESS_TIME_ZONE: TIME_ZONE, LINK_SECRET: randomBytes(32).toString('hex') });
  const mailer = new Mailer({ MAIL_FROM: env.MAIL_FROM });
  const sink = new WebhookEventSink(data, new WebhookSettings(redis.url, redis.keyPrefix, false, 2000, 10_000));
  const service = new PublicQuotesService(data, env, mailer, sink);
  return {
    read: async ({ token, userAgent }) => JSON.stringify(await service.get(token, { ip: LOCAL, userAgent })),
    stop: async () => {
      await sink.onModuleDestroy?.();
      await data.destroy();
    },
  };
}

/**
 * The baseline of sending: quoting's QuoteSendingService in this process (quoting's role, the stack's
 * file storage, the mailer in log mode), the other services' answers asked of the stack once per
 * question and kept (see the head of this file).
 */
async function directSending(stack, principal) {
  const { QuoteSendingService } = serviceModule('apps/quoting/src/customer-loop/quote-sending.service.ts');
  const { WebhookEventSink } = serviceModule('apps/quoting/src/webhooks/webhook-queue.ts');
  const { WebhookSettings } = serviceModule('apps/quoting/src/webhooks/webhook-settings.ts');
  const { QuotingEnv } = serviceModule('apps/quoting/src/env.ts');
  const { QUOTING_RUNTIME_ROLE, QUOTING_SCHEMA } = serviceModule('apps/quoting/src/quoting.schema.ts');
  const { DiskFileStorage, RpcClient } = serviceModule('libs/server-core/src/index.ts');
  const { Mailer } = serviceModule('libs/server-core/src/service.ts');
  const { SUBJECT_PREFIX } = serviceModule('libs/contracts/src/index.ts');
  const data = await serviceDataSource(stack.databaseUrl, { schema: QUOTING_SCHEMA, role: QUOTING_RUNTIME_ROLE });
  const env = Object.assign(new QuotingEnv(), { BUSINESS_TIME_ZONE: TIME_ZONE, LINK_SECRET: randomBytes(32).toString('hex') });
  const bus = new RpcClient({ natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222', timeoutMs: 60_000 });
  const stackPrefix = `bench${stack.id}`;
  const answers = new Map();
  const rpc = {
    send: (pattern, request, timeoutMs) => {
      const { principal: _who, tenantId, ...question } = request;
      // the same question of the same quote, whatever its send changed since (its latest revision, when sent)
      const key = `${pattern.subject} ${tenantId} ${question.id ?? question.quote?.id ?? JSON.stringify(question)}`;
      if (!answers.has(key)) {
        const subject = `${stackPrefix}${pattern.subject.slice(SUBJECT_PREFIX.length)}`;
        answers.set(key, bus.send({ subject }, request, timeoutMs ?? 60_000));
      }
      return answers.get(key);
    },
  };
  const sink = new WebhookEventSink(data, new WebhookSettings(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', `bench${stack.id}:`, false, 2000, 10_000));
  const service = new QuoteSendingService(data, rpc, env, new Mailer({ MAIL_FROM: env.MAIL_FROM }), new DiskFileStorage(path.join(stack.logDir, 'storage')), sink);
  return {
    send: async (quoteId, dto) => JSON.stringify(await service.send(principal, stack.tenant.id, quoteId, dto)),
    stop: async () => {
      await sink.onModuleDestroy?.();
      await bus.onApplicationShutdown?.();
      await data.destroy();
    },
  };
}

/**
 *   public page, first view     GET /api/public/quotes/{token}, a revision never opened        (printed)
 *   public page, new visitor    the same, a revision opened before, a new User-Agent           (printed)
 *   public page, repeated view  the same, the same User-Agent again on the same day            (printed)
 *   send, cached document       POST .../quotes/{q}/send, the quote unchanged since its last send (printed)
 *   send, new document          the same after the quote's subject changed (untimed)             (printed)
 * Only this checkout is measured: a compared commit may have no customer loop, or another one.
 */
export async function benchLoop(stacks) {
  const [stack, ...compared] = stacks;
  const seeded = await quotesOf(stack, stack.quotes ? {} : { agencies: AGENCIES_ALONE, quotes: QUOTES_ALONE });
  const loop = await seedLoop(stack, seeded);
  const redis = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix: `bench${stack.id}:` };
  const baseline = await directPublic(stack.databaseUrl, redis);
  const bare = await startFloor({ module: fileURLToPath(import.meta.url), factory: 'directPublic', args: [stack.databaseUrl, redis], port: await freePort() });
  const gateway = gatewayPublic(stack);
  const me = await call(stack.stack.baseUrl, 'GET', '/api/auth/me', { token: stack.token });
  const principal = { userId: me.id ?? me.user?.id, role: 'tenant_admin', tenantId: stack.tenant.id, sessionVersion: me.sessionVersion ?? me.user?.sessionVersion ?? 1 };
  let sending;
  try {
    // the three targets of the public read: the same call, each with visitors of its own
    const targets = [
      { name: 'baseline', read: (token, userAgent) => baseline.read({ token, userAgent }) },
      { name: 'gateway', read: (token, userAgent) => gateway.read(token, userAgent) },
      { name: 'bare', read: async (token, userAgent) => (await bare.call('read', { token, userAgent })).json },
    ];
    // each must answer the same page: the baseline's JSON is the gateway's and the bare hops'
    const [probe] = loop.tokens.read;
    const expected = JSON.parse(await baseline.read({ token: probe, userAgent: 'bench-loop check' }));
    if (expected.revision !== 1 || expected.expired || expected.items.length === 0) throw new Error(`the seeded link reads ${JSON.stringify(expected).slice(0, 300)}`);
    for (const target of targets.slice(1)) {
      const got = await target.read(probe, 'bench-loop check');
      if (got !== JSON.stringify(expected)) throw new Error(`${target.name}: the public read differs from the baseline's:\n${got.slice(0, 1000)}\n${JSON.stringify(expected).slice(0, 1000)}`);
    }

    const fresh = targets.map((_, index) => loop.tokens.fresh.filter((__, n) => n % targets.length === index));
    let visitors = 0;
    const cases = {
      first: (target) => {
        const index = targets.indexOf(target);
        const token = fresh[index].pop();
        if (!token) throw new Error('no unopened link left: raise BENCH_LOOP_LINKS or lower the rounds');
        return target.read(token, `bench-loop ${target.name} first`);
      },
      visitor: (target) => target.read(loop.tokens.read[visitors % READ_POOL], `bench-loop ${target.name} visitor ${(visitors += 1)}`),
      repeat: (target) => target.read(loop.tokens.read[visitors++ % READ_POOL], `bench-loop ${target.name} again`),
    };
    // warm-up: connections, JIT, caches; every link of the pool seen once by each target's repeating visitor
    for (const target of targets) {
      for (let i = 0; i < WARM_UP; i += 1) await cases.first(target);
      for (const token of loop.tokens.read) await target.read(token, `bench-loop ${target.name} again`);
      for (let i = 0; i < WARM_UP; i += 1) await cases.visitor(target);
    }
    const counts = `SELECT (SELECT count(*)::int FROM quoting.quote_revision_views) AS views, (SELECT count(*)::int FROM quoting.notifications) AS notices`;
    const [before] = await sql(stack.databaseUrl, counts);
    const measured = {
      first: await alternate(targets, cases.first, ROUNDS, BATCH),
      visitor: await alternate(targets, cases.visitor, ROUNDS, BATCH),
      repeat: await alternate(targets, cases.repeat, ROUNDS, BATCH),
    };
    // what was counted: one view per first view and per new visitor, none per repeated view; a notice per first view
    const [after] = await sql(stack.databaseUrl, counts);
    const calls = targets.length * ROUNDS * BATCH;
    if (after.views - before.views !== 2 * calls) throw new Error(`${after.views - before.views} views counted, ${2 * calls} expected`);
    if (after.notices - before.notices !== calls) throw new Error(`${after.notices - before.notices} notifications, ${calls} expected (one per first view)`);

    // sending: the gateway's two quotes (one sent again unchanged, one changed before each send) and the baseline's own
    sending = await directSending(stack, principal);
    const [cachedId, renewedId, baselineId] = loop.sendIds;
    const route = `/api/tenants/${stack.tenant.id}/quotes`;
    const body = { layoutId: loop.layoutId };
    const renew = (quoteId) => stack.client.ok('PUT', `${route}/${quoteId}`, { subject: `Gita in barca ${randomBytes(6).toString('hex')}` });
    const sendTargets = [
      { name: 'baseline', send: () => sending.send(baselineId, body) },
      { name: 'cached', send: () => loop.send(cachedId) },
      { name: 'uncached', prepare: () => renew(renewedId), send: () => loop.send(renewedId) },
    ];
    for (const target of sendTargets) {
      for (let i = 0; i < 2; i += 1) {
        await target.prepare?.();
        await target.send();
      }
    }
    const sendTimings = sendTargets.map(() => []);
    const renders = sendTargets.map(() => 0);
    for (let round = 0; round < SEND_ROUNDS; round += 1) {
      for (const [index, target] of sendTargets.entries()) {
        for (let i = 0; i < SEND_BATCH; i += 1) {
          await target.prepare?.();
          const logged = logSize(stack, 'documents-worker');
          const { ms: took, result } = await timed(() => target.send());
          const revision = typeof result === 'string' ? JSON.parse(result).revision : result.revision;
          if (!(revision > 1)) throw new Error(`${target.name}: a send answered revision ${revision}`);
          sendTimings[index].push(took);
          renders[index] += rendersIn(logSince(stack, 'documents-worker', logged));
        }
      }
    }
    const send = sendTimings.map(summary);
    const sends = SEND_ROUNDS * SEND_BATCH;

    const lines = [
      `${loop.agencies} agencies, ${loop.revisions} sent revisions with live links (a revision of a 5-item quote each); ` +
        `${ROUNDS} alternating rounds of ${BATCH} calls per target; visitors told apart by User-Agent (X-Forwarded-For is not trusted)`,
      PAIR_HEADER,
    ];
    const [base, through, hops] = [0, 1, 2];
    for (const other of compared) lines.unshift(`${other.label}: not measured (the loop's figures are this checkout's only)`);
    const labels = {
      first: 'public page, first view (counted, notifies)',
      visitor: 'public page, new visitor (counted)',
      repeat: 'public page, repeated view (not counted)',
    };
    for (const [what, label] of Object.entries(labels)) lines.push(pairLine(label, measured[what][through], measured[what][base], ratios(measured[what][through], measured[what][base])));
    for (const [what, label] of Object.entries(labels)) {
      lines.push(pairLine(`  ${label.replace('public page, ', '').replace(/ \(.*\)/, '')}, ${bare.label}`, measured[what][hops], measured[what][base], ratios(measured[what][hops], measured[what][base])));
    }
    lines.push(
      '',
      `sending, mailer in log mode (no SMTP); ${SEND_ROUNDS} alternating rounds of ${SEND_BATCH} sends per target; baseline: quoting's send in this process, ` +
        'the other services\' answers known',
      PAIR_HEADER,
      pairLine(`send, cached document (${renders[1]}/${sends} rendered)`, send[1], send[0], ratios(send[1], send[0])),
      pairLine(`send, new document (${renders[2]}/${sends} rendered)`, send[2], send[0], ratios(send[2], send[0])),
      `${'  of which the render (new minus cached, p50)'.padEnd(44)}${column(ms(send[2].p50 - send[1].p50), 13)}`,
    );
    // no budget yet: the figures are printed for the note; a verdict only when a check above failed (thrown)
    return { lines, verdicts: [] };
  } finally {
    gateway.close();
    bare.stop();
    await baseline.stop().catch(() => undefined);
    await sending?.stop().catch(() => undefined);
  }
}
