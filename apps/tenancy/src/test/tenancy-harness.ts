import { randomBytes } from 'node:crypto';
import { startBuiltService } from '@quotebook/testing';
import { useServiceHarness, type ServiceDefinition } from '@quotebook/testing/harness';
import { TenancyModule } from '../app.module';
import { TenancyEnv } from '../env';

export const SUPERADMIN = { username: 'platform', password: 'platform-password-1' };

/** Tenancy as main.ts runs it. */
export const tenancyService: ServiceDefinition<TenancyEnv> = {
  name: 'tenancy',
  envClass: TenancyEnv,
  createModule: (env) => TenancyModule.forRoot(env),
};

/** Tenancy in this process for the tests of the enclosing `describe`, optionally with identity's process beside it. */
export const useTenancyHarness = (options: { withIdentity?: boolean } = {}) =>
  useServiceHarness(tenancyService, options.withIdentity ? { companions: { identity: startIdentityProcess }, startTimeoutMs: 120_000 } : {});

/** The real identity service as its own process: tenancy creates and removes agency admins through it. */
export const startIdentityProcess = (databaseUrl: string) =>
  startBuiltService('identity', databaseUrl, {
    JWT_SECRET: randomBytes(32).toString('hex'),
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    SUPERADMIN_EMAIL: 'platform@quotebook.test',
    SMTP_URL: '',
  });

/** A date `days` away from today (YYYY-MM-DD), counted on the calendar of `today`. */
export function daysFrom(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export { registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
