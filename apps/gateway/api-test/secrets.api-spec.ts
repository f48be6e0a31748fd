import { JwtService } from '@nestjs/jwt';
import { stackLauncher } from '@quotebook/testing';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { api, createTenantWithAdmin, superadminToken } from './http';

/** The development default the code and README once carried: anyone could sign with it. */
const PUBLISHED_SECRET = 'dev-only-change-me';

function forge(claims: Record<string, unknown>, secret = PUBLISHED_SECRET): string {
  return new JwtService({ secret }).sign({ jti: randomUUID(), ...claims }, { expiresIn: '8h' });
}

describe('a token signed with a secret written in the repository', () => {
  let root: string;
  let forgedFromReal: string;
  let forgedStranger: string;
  let tenantId: string;

  beforeAll(async () => {
    root = await superadminToken();
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = new JwtService().decode<Record<string, unknown>>(root);
    forgedFromReal = forge(claims);
    forgedStranger = forge({ sub: randomUUID(), role: 'superadmin', tenantId: null, sv: 0 });
    tenantId = (await createTenantWithAdmin(root)).tenant.id;
  });

  it('is refused with 401 on listing, creating and deleting agencies; nothing is created or deleted', async () => {
    expect((await api('GET', '/api/tenants', { token: root })).status).toBe(200);
    const countBefore = (await api('GET', '/api/tenants', { token: root })).body.length;

    for (const token of [forgedFromReal, forgedStranger]) {
      expect((await api('GET', '/api/tenants', { token })).status).toBe(401);
      const created = await api('POST', '/api/tenants', {
        token,
        body: {
          name: 'Forged Viaggi',
          keyword: `forged-${randomBytes(3).toString('hex')}`,
          languages: ['it'],
          expiryDate: '2099-12-31',
          enabled: true,
          adminUsername: `forged-${randomBytes(3).toString('hex')}`,
          adminPassword: 'forged-pass-1',
          adminName: 'Forged Admin',
          adminEmail: 'forged@example.com',
        },
      });
      expect(created.status).toBe(401);
      expect((await api('DELETE', `/api/tenants/${tenantId}`, { token })).status).toBe(401);
    }

    expect((await api('GET', `/api/tenants/${tenantId}`, { token: root })).status).toBe(200);
    expect((await api('GET', '/api/tenants', { token: root })).body.length).toBe(countBefore);
  });
});

/** Runs a built app's main.js with only the given environment and waits for it to end. */
function runMain(app: 'identity' | 'gateway', env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const main = path.join(stackLauncher.ROOT, 'dist/apps', app, 'main.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${app} kept running with ${JSON.stringify(env)}:\n${stderr}`));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('a process started without a strong JWT_SECRET', () => {
  const settings = {
    NATS_URL: 'nats://127.0.0.1:4222',
    REDIS_URL: 'redis://127.0.0.1:6379',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
    NATS_SUBJECT_PREFIX: `secrets${randomBytes(3).toString('hex')}`,
    SUPERADMIN_PASSWORD: randomBytes(12).toString('hex'),
  };

  it.each([
    ['identity', 'development', PUBLISHED_SECRET],
    ['identity', 'production', PUBLISHED_SECRET],
    ['identity', 'test', 'a-short-secret'],
    ['identity', 'development', undefined],
    ['gateway', 'development', PUBLISHED_SECRET],
    ['gateway', 'production', PUBLISHED_SECRET],
    ['gateway', 'test', 'a-short-secret'],
    ['gateway', 'development', undefined],
  ] as const)('%s (NODE_ENV=%s, JWT_SECRET=%s) exits with a line naming JWT_SECRET', async (app, mode, secret) => {
    const result = await runMain(app, { ...settings, NODE_ENV: mode, ...(secret === undefined ? {} : { JWT_SECRET: secret }) });

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${app}: invalid environment: .*JWT_SECRET`, 'm'));
  });

  it.each([['superadmin123'], [undefined]])('identity exits when SUPERADMIN_PASSWORD is %s', async (password) => {
    const { SUPERADMIN_PASSWORD: _ignored, ...rest } = settings;
    const result = await runMain('identity', {
      ...rest,
      NODE_ENV: 'development',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(password === undefined ? {} : { SUPERADMIN_PASSWORD: password }),
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^identity: invalid environment: .*SUPERADMIN_PASSWORD/m);
    expect(result.stderr).not.toMatch(/JWT_SECRET/);
  });
});
