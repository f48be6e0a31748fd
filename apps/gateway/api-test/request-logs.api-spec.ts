import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, startIsolatedStack } from '@quotebook/testing';
import { created, customerBody } from './catalogue-fixtures';
import { documentScene } from './document-fixtures';
import { api, createTenantWithAdmin, superadminToken } from './http';

jest.setTimeout(240_000);

/** Quotebook's own processes; gotenberg-dev stands in for a third-party server and stack.log is the launcher's. */
const PROCESSES = ['gateway', 'identity', 'tenancy', 'catalogue', 'quoting', 'documents', 'documents-worker'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown>;

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * Production's logs, read back from a stack of this file's own started with NODE_ENV=production: one
 * request id followed from the client through the gateway, a service and the worker, and no secret or
 * personal field in any line of any process.
 */
describe('the logs of a production stack', () => {
  let started: Awaited<ReturnType<typeof startIsolatedStack>>;
  let base: string;
  let root: string;

  const logOf = (name: string) => readFileSync(path.join(started.logDir, `${name}.log`), 'utf8');
  const linesOf = (name: string) => logOf(name).split('\n').filter((line) => line !== '');
  const entriesOf = (name: string): LogLine[] => linesOf(name).map((line) => JSON.parse(line) as LogLine);
  /** The lines `name` has written for the request, waiting for them to reach its log. */
  const linesFor = (name: string, requestId: string) =>
    eventually(async () => {
      const lines = entriesOf(name).filter((entry) => entry['requestId'] === requestId);
      if (lines.length === 0) throw new Error(`no line of ${name} carries ${requestId}`);
      return lines;
    });

  beforeAll(async () => {
    started = await startIsolatedStack('logs', { NODE_ENV: 'production' });
    base = started.stack.baseUrl;
    root = await superadminToken(base);
  });

  afterAll(async () => {
    await started?.stop();
  });

  it("follows a client's request id from the gateway through the documents service to the worker, and answers it", async () => {
    const scene = await documentScene(root, base);
    const requestId = `pdf-${randomBytes(8).toString('hex')}`;

    const response = await fetch(`${base}${scene.agency.base}/quotes/${scene.quoteId}/generate-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${scene.agency.adminToken}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ layoutId: scene.layoutId, format: 'pdf' }),
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const [access] = await linesFor('gateway', requestId);
    expect(access).toEqual(
      expect.objectContaining({
        service: 'gateway',
        level: 'info',
        method: 'POST',
        route: '/api/tenants/:tenantId/quotes/:quoteId/generate-document',
        status: 200,
        responseTime: expect.any(Number),
      }),
    );
    expect(await linesFor('documents', requestId)).toContainEqual(expect.objectContaining({ service: 'documents', msg: expect.stringMatching(/render .*: done/) }));
    expect(await linesFor('documents-worker', requestId)).toContainEqual(
      expect.objectContaining({ service: 'documents-worker', level: 'info', msg: expect.stringMatching(/: pdf .* rendered in \d+ ms/) }),
    );
  });

  it('gives a request without an id, or with one it cannot take, a new one, on any answer', async () => {
    const unsigned = await api('GET', '/api/auth/me', { base });
    const unknownRoute = await api('GET', '/api/no-such-route', { base });
    const missingFile = await api('GET', '/uploads/logos/none.png', { base });
    const spaced = await api('GET', '/api/auth/me', { base, headers: { 'x-request-id': 'two words' } });
    const tooLong = await api('GET', '/api/auth/me', { base, headers: { 'x-request-id': 'x'.repeat(129) } });

    expect([unsigned, unknownRoute, missingFile, spaced, tooLong].map(({ status }) => status)).toEqual([401, 404, 404, 401, 401]);
    const ids = [unsigned, unknownRoute, missingFile, spaced, tooLong].map(({ headers }) => headers.get('x-request-id') ?? '');
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const [access] = await linesFor('gateway', ids[0]);
    expect(access).toEqual(expect.objectContaining({ method: 'GET', route: '/api/auth/me', status: 401 }));
  });

  it('writes no password, token, e-mail address, phone number, fiscal code or VAT number, and only JSON lines', async () => {
    const keyword = `logs-${randomBytes(3).toString('hex')}`;
    const admin = {
      adminUsername: `${keyword}-admin`,
      adminPassword: `Adm1n-${randomBytes(6).toString('hex')}`,
      adminName: 'Giovanna Esposito',
      adminEmail: `${keyword}.owner@example.com`,
    };
    const { tenant, adminToken } = await createTenantWithAdmin(root, { keyword, ...admin }, base);
    const settings = { fiscalCode: 'SPSGNN80A41F839X', phone: '+39 081 555 0101', referenceEmail: `${keyword}.office@example.com`, vatNumber: '07643520567' };
    const customer = {
      email: `${keyword}.guest@example.com`,
      phone: '+39 333 765 4321',
      vatNumber: '09876543210',
      pec: `${keyword}@pec.example`,
      contact: 'Ludovica Marchetti',
    };
    const wrongPassword = `Wr0ng-${randomBytes(6).toString('hex')}`;

    expect((await api('PATCH', `/api/tenants/${tenant.id}/settings`, { token: adminToken, body: settings, base })).status).toBe(200);
    await created(adminToken, `/api/tenants/${tenant.id}/customers`, customerBody(customer), base);
    expect((await api('POST', '/api/auth/login', { body: { username: admin.adminUsername, password: wrongPassword }, base })).status).toBe(401);
    const forgotten = await api('POST', '/api/auth/forgot-password', { body: { email: admin.adminEmail }, base });
    expect(forgotten.status).toBe(200);
    // the reset e-mail goes out after the answer (here: it is not sent, there is no SMTP server): its line is waited for
    await linesFor('identity', forgotten.headers.get('x-request-id') ?? '');

    const secrets = [
      admin.adminPassword,
      wrongPassword,
      root,
      adminToken,
      // a token's signature alone is enough to use it elsewhere
      adminToken.split('.')[2],
      admin.adminEmail,
      admin.adminName,
      ...Object.values(settings),
      ...Object.values(customer),
      started.env.JWT_SECRET,
      started.env.SUPERADMIN_PASSWORD,
    ];
    for (const name of PROCESSES) {
      const text = logOf(name);
      for (const secret of secrets) expect({ process: name, found: text.includes(secret) ? secret : null }).toEqual({ process: name, found: null });
      expect(text).not.toMatch(/reset-password\?token=/);
      expect({ process: name, notJson: linesOf(name).filter((line) => !isJson(line)) }).toEqual({ process: name, notJson: [] });
      expect(entriesOf(name)).toContainEqual(expect.objectContaining({ service: name, level: 'info' }));
    }
  });
});
