// The hops of a gateway call without the frameworks: a bare Node HTTP server that, for each request,
// asks a bare NATS responder, which reads the VAT rates in one PostgreSQL message (as readTenant sends
// it) and answers their JSON. The same processes and messages as the small list through the stack
// (HTTP, NATS both ways, one database round trip), with none of the gateway's or service's work
// (authentication, session check, validation, Nest, TypeORM). Printed beside the stack's figures: what
// this machine charges for the architecture's hops alone, where the budgets are fixed numbers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import http from 'node:http';
import pg from 'pg';

const require = createRequire(import.meta.url);
const CATALOGUE_ROLE = 'quotebook_catalogue_app';

/** One of the two processes: `responder` (NATS → PostgreSQL) or `server` (HTTP → NATS). */
async function runProcess(role) {
  const { connect } = require('nats');
  const { SUBJECT, NATS_URL, DATABASE_URL, TENANT_ID, PORT } = process.env;
  const connection = await connect({ servers: NATS_URL });
  if (role === 'responder') {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 8, options: `-c role=${CATALOGUE_ROLE}` });
    const text =
      `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY; SELECT set_config('app.tenant_id', '${TENANT_ID}', true); ` +
      `SELECT id, description, rate, created_at FROM catalogue.vat_rates WHERE tenant_id = '${TENANT_ID}' ORDER BY rate DESC, description ASC, id ASC`;
    connection.subscribe(SUBJECT, {
      queue: 'floor',
      callback: (_error, message) => {
        pool.query(text).then((results) => {
          const rows = results[2].rows.map((row) => ({ id: row.id, description: row.description, rate: row.rate, createdAt: row.created_at.toISOString() }));
          message.respond(Buffer.from(JSON.stringify({ response: rows })));
        });
      },
    });
  } else {
    const request = Buffer.from(JSON.stringify({ tenantId: TENANT_ID }));
    http
      .createServer((_request, response) => {
        connection.request(SUBJECT, request, { timeout: 5000 }).then((reply) => {
          const rows = JSON.parse(Buffer.from(reply.data).toString('utf8')).response;
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(rows));
        });
      })
      .listen(Number(PORT), '127.0.0.1', () => console.log('ready'));
  }
  if (role === 'responder') console.log('ready');
}

/** Starts both processes for the agency's VAT rates; answers { get(), stop() }. */
export async function startFloor(databaseUrl, tenantId, port) {
  const env = {
    ...process.env,
    SUBJECT: `floor${randomBytes(4).toString('hex')}.vat-rates`,
    NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    DATABASE_URL: databaseUrl,
    TENANT_ID: tenantId,
    PORT: String(port),
  };
  const start = (role) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), role], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.once('data', () => resolve(child));
      child.once('exit', (code) => reject(new Error(`the bare ${role} exited (${code})`)));
    });
  const children = [await start('responder'), await start('server')];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        })
        .on('error', reject);
    });
  return {
    label: 'bare hops (HTTP+NATS+SQL)',
    small: get,
    stop: () => {
      agent.destroy();
      for (const child of children) child.kill();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runProcess(process.argv[2]);
