// The hops of a gateway call without the frameworks: a bare Node HTTP server that, for each request,
// asks a bare NATS responder, which runs a baseline's own call (the very code the baseline runs in the
// bench's process: its queries, mapping and JSON) and answers its JSON in chunks of at most
// CHUNK_BYTES (a NATS message is at most 1 MB). The same processes and messages as a call through
// the stack (HTTP, NATS both ways, the database), with none of the gateway's or service's work
// (authentication, session check, validation, Nest). Printed beside the stack's figures: what this
// machine charges for the architecture's hops alone, so that a budget below it shows as such.
//
// With `requiredWork`, the same hops also do, in the same way, the per-request work the stack must do
// whatever its frameworks (its issues ask for each): the bearer token and the session looked up in
// memory (as the gateway's caches do), a request id made, answered in X-Request-Id and carried in the
// NATS message's header, the stack's security headers on the answer, a request context
// (AsyncLocalStorage) in both processes, a duration histogram observed in both (prom-client), and one
// access line per request written as the gateway writes it (pino, JSON, batched). What is left between
// this floor and the stack is what the frameworks and the service's own layers cost.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const CHUNK_BYTES = 512 * 1024;
/** The header of a reply's first chunk that carries a list's number of matches (X-Total-Count). */
const TOTAL_HEADER = 'total';

/**
 * One of the two processes: `responder` (NATS → the baseline's call) or `server` (HTTP → NATS).
 * The responder builds the baseline with `FLOOR_FACTORY(...FLOOR_ARGS)` from `FLOOR_MODULE`; a call's
 * answer is its JSON text, or `{ json, total }` for a list.
 */
async function runProcess(role) {
  const { connect, headers, RequestStrategy } = require('nats');
  const { SUBJECT, NATS_URL, PORT } = process.env;
  const connection = await connect({ servers: NATS_URL });
  const work = process.env.FLOOR_REQUIRED_WORK ? requiredWork(role, JSON.parse(process.env.FLOOR_REQUIRED_WORK)) : undefined;
  if (role === 'responder') {
    const factory = (await import(pathToFileURL(process.env.FLOOR_MODULE).href))[process.env.FLOOR_FACTORY];
    const target = await factory(...JSON.parse(process.env.FLOOR_ARGS));
    connection.subscribe(`${SUBJECT}.*`, {
      queue: 'floor',
      callback: (_error, message) => (work ? work.context.run({ requestId: message.headers?.get(REQUEST_ID) }, () => respondTo(message)) : respondTo(message)),
    });
    const respondTo = (message) => {
      const timer = work?.duration.startTimer({ pattern: message.subject });
      const name = message.subject.slice(SUBJECT.length + 1);
      const query = message.data.length > 0 ? JSON.parse(Buffer.from(message.data).toString('utf8')) : undefined;
      Promise.resolve(target[name](query)).then((answer) => {
        const [json, total] = typeof answer === 'string' ? [answer, undefined] : [answer.json, answer.total];
        const bytes = Buffer.from(json);
        for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
          const first = start === 0 && total !== undefined ? headers() : undefined;
          first?.set(TOTAL_HEADER, String(total));
          message.respond(bytes.subarray(start, start + CHUNK_BYTES), first ? { headers: first } : undefined);
        }
        message.respond(); // the end of the answer
        timer?.({ outcome: 'ok' });
      }, (error) => {
        // an empty answer, which the bench's check against the baseline reports
        console.error(`the bare responder could not answer ${name}: ${error?.stack ?? error}`);
        message.respond();
      });
    };
    console.log('ready');
    return;
  }
  const serve = (request, response, requestId) => {
    const url = new URL(request.url, 'http://floor');
    const query = url.search ? Buffer.from(JSON.stringify(Object.fromEntries(url.searchParams))) : undefined;
    const carried = requestId === undefined ? undefined : headers();
    carried?.set(REQUEST_ID, requestId);
    connection.requestMany(`${SUBJECT}.${url.pathname.slice(1)}`, query, { strategy: RequestStrategy.SentinelMsg, maxWait: 10_000, headers: carried }).then(async (replies) => {
      const chunks = [];
      for await (const reply of replies) {
        const total = reply.headers?.get(TOTAL_HEADER);
        if (total) response.setHeader('x-total-count', total);
        if (reply.data.length > 0) chunks.push(reply.data);
      }
      response.setHeader('content-type', 'application/json');
      response.end(Buffer.concat(chunks));
    });
  };
  const server = http.createServer((request, response) => (work ? work.serve(request, response, serve) : serve(request, response)));
  // idle connections kept as long as the gateway keeps them (Fastify's default): Node's 5 s would close
  // them while the other targets take their turns, and the next call would meet the closing socket
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.listen(Number(PORT), '127.0.0.1', () => console.log('ready'));
}

/** How long an idle kept-alive connection stays open: Fastify's default, which the gateway keeps. */
const KEEP_ALIVE_MS = 72_000;

/** The header that carries a request's id, over HTTP and over NATS. */
const REQUEST_ID = 'X-Request-Id';

/** The per-request work of the stack that no framework is needed for (see the top of this file), for one process. */
function requiredWork(role, { headers: securityHeaders, logFile }) {
  const { AsyncLocalStorage } = require('node:async_hooks');
  const prometheus = require('prom-client');
  const pino = require('pino');
  const context = new AsyncLocalStorage();
  const duration = new prometheus.Histogram({ name: 'floor_duration_seconds', help: 'what the floor took', labelNames: ['pattern', 'outcome', 'method', 'route', 'status'] });
  const logger = pino({ base: { service: role }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest: logFile, sync: false, minLength: 4096 }));
  const tokens = new Map();
  const sessions = new Map();
  return {
    context,
    duration,
    serve(request, response, next) {
      const started = process.hrtime.bigint();
      const given = request.headers[REQUEST_ID.toLowerCase()];
      const requestId = typeof given === 'string' && /^[\x21-\x7e]{1,128}$/.test(given) ? given : randomUUID();
      const token = (request.headers.authorization ?? '').slice('Bearer '.length);
      let claims = tokens.get(token);
      if (claims === undefined) tokens.set(token, (claims = { sub: token.slice(-12), exp: Date.now() + 3_600_000 }));
      if (!(claims.exp > Date.now())) {
        response.statusCode = 401;
        response.end();
        return;
      }
      const session = JSON.stringify([claims.sub, request.url.split('/')[1]]);
      if (!sessions.has(session)) sessions.set(session, Date.now());
      for (const [name, value] of securityHeaders) response.setHeader(name, value);
      response.setHeader(REQUEST_ID, requestId);
      const route = request.url.split('?')[0];
      const timer = duration.startTimer({ method: request.method, route });
      response.on('finish', () => {
        timer({ status: String(response.statusCode) });
        logger.info({ requestId, method: request.method, route, status: response.statusCode, responseTime: Math.round(Number(process.hrtime.bigint() - started) / 1e6) }, 'request completed');
      });
      context.run({ requestId, readOnly: request.method === 'GET' }, () => next(request, response, requestId));
    },
  };
}

/**
 * Starts both processes around the baseline `factory(...args)` exported by `module` (a file path);
 * answers { call(name, query?) → { json, total }, label, pids, stop() }. With `requiredWork: { token,
 * headers }` the hops also do the stack's required per-request work (see the top of this file): the
 * calls carry the stack's bearer `token`, the answers the stack's security `headers` ([name, value]).
 * `pids` are the two processes': { server, responder }.
 */
export async function startFloor({ module, factory, args, port, requiredWork }) {
  const logDir = requiredWork ? mkdtempSync(path.join(os.tmpdir(), 'floor-')) : undefined;
  const env = {
    ...process.env,
    SUBJECT: `floor${randomBytes(4).toString('hex')}`,
    NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    PORT: String(port),
    FLOOR_MODULE: module,
    FLOOR_FACTORY: factory,
    FLOOR_ARGS: JSON.stringify(args),
    ...(requiredWork ? { FLOOR_REQUIRED_WORK: JSON.stringify({ headers: requiredWork.headers, logFile: path.join(logDir, 'access.log') }) } : {}),
  };
  const callHeaders = requiredWork ? { authorization: `Bearer ${requiredWork.token}` } : {};
  const start = (role) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), role], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.once('data', () => resolve(child));
      child.once('exit', (code) => reject(new Error(`the bare ${role} exited (${code})`)));
    });
  const children = [await start('responder'), await start('server')];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const once = (name, query) =>
    new Promise((resolve, reject) => {
      const route = `/${name}${query ? `?${new URLSearchParams(query)}` : ''}`;
      http
        .get({ host: '127.0.0.1', port, path: route, agent, headers: callHeaders }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const total = response.headers['x-total-count'];
            resolve({ json: Buffer.concat(chunks).toString('utf8'), total: total === undefined ? undefined : Number(total) });
          });
        })
        .on('error', reject);
    });
  // as the gateway's client does (bench-kit): a kept connection closed while this target waited is opened again
  const call = (name, query) => once(name, query).catch((error) => (error.code === 'ECONNRESET' ? once(name, query) : Promise.reject(error)));
  return {
    label: requiredWork ? 'bare hops + required work' : 'bare hops (HTTP+NATS+SQL)',
    call,
    pids: { responder: children[0].pid, server: children[1].pid },
    stop: () => {
      agent.destroy();
      for (const child of children) child.kill();
      if (logDir) rmSync(logDir, { recursive: true, force: true });
    },
  };
}

// not awaited: the responder imports the baseline's module, which imports this one
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runProcess(process.argv[2]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
