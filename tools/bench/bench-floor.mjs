// The hops of a gateway call without the frameworks: a bare Node HTTP server that, for each request,
// asks a bare NATS responder, which runs a baseline's own call (the very code the baseline runs in the
// bench's process: its queries, mapping and JSON) and answers its JSON in chunks of at most
// CHUNK_BYTES (a NATS message is at most 1 MB). The same processes and messages as a call through
// the stack (HTTP, NATS both ways, the database), with none of the gateway's or service's work
// (authentication, session check, validation, Nest). Printed beside the stack's figures: what this
// machine charges for the architecture's hops alone, so that a budget below it shows as such.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
  if (role === 'responder') {
    const factory = (await import(pathToFileURL(process.env.FLOOR_MODULE).href))[process.env.FLOOR_FACTORY];
    const target = await factory(...JSON.parse(process.env.FLOOR_ARGS));
    connection.subscribe(`${SUBJECT}.*`, {
      queue: 'floor',
      callback: (_error, message) => {
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
        }, (error) => {
          // an empty answer, which the bench's check against the baseline reports
          console.error(`the bare responder could not answer ${name}: ${error?.stack ?? error}`);
          message.respond();
        });
      },
    });
    console.log('ready');
    return;
  }
  http
    .createServer((request, response) => {
      const url = new URL(request.url, 'http://floor');
      const query = url.search ? Buffer.from(JSON.stringify(Object.fromEntries(url.searchParams))) : undefined;
      connection.requestMany(`${SUBJECT}.${url.pathname.slice(1)}`, query, { strategy: RequestStrategy.SentinelMsg, maxWait: 10_000 }).then(async (replies) => {
        const chunks = [];
        for await (const reply of replies) {
          const total = reply.headers?.get(TOTAL_HEADER);
          if (total) response.setHeader('x-total-count', total);
          if (reply.data.length > 0) chunks.push(reply.data);
        }
        response.setHeader('content-type', 'application/json');
        response.end(Buffer.concat(chunks));
      });
    })
    .listen(Number(PORT), '127.0.0.1', () => console.log('ready'));
}

/**
 * Starts both processes around the baseline `factory(...args)` exported by `module` (a file path);
 * answers { call(name, query?) → { json, total }, label, stop() }.
 */
export async function startFloor({ module, factory, args, port }) {
  const env = {
    ...process.env,
    SUBJECT: `floor${randomBytes(4).toString('hex')}`,
    NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    PORT: String(port),
    FLOOR_MODULE: module,
    FLOOR_FACTORY: factory,
    FLOOR_ARGS: JSON.stringify(args),
  };
  const start = (role) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), role], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.once('data', () => resolve(child));
      child.once('exit', (code) => reject(new Error(`the bare ${role} exited (${code})`)));
    });
  const children = [await start('responder'), await start('server')];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const call = (name, query) =>
    new Promise((resolve, reject) => {
      const path = `/${name}${query ? `?${new URLSearchParams(query)}` : ''}`;
      http
        .get({ host: '127.0.0.1', port, path, agent }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const total = response.headers['x-total-count'];
            resolve({ json: Buffer.concat(chunks).toString('utf8'), total: total === undefined ? undefined : Number(total) });
          });
        })
        .on('error', reject);
    });
  return {
    label: 'bare hops (HTTP+NATS+SQL)',
    call,
    stop: () => {
      agent.destroy();
      for (const child of children) child.kill();
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
