import { randomBytes } from 'node:crypto';
import type { Principal } from '@quotebook/contracts';
import { TEST_PASSWORD_HASHING, useServiceHarness, type CompanionStarter, type ServiceDefinition, type ServiceHarness } from '@quotebook/testing/harness';
import { IdentityModule } from '../app.module';
import { IdentityEnv } from '../env';

/** Random per run: a secret written in the repository must never sign a token anywhere. */
export const TEST_JWT_SECRET = randomBytes(32).toString('hex');
export const SUPERADMIN = { username: 'root', password: 'root-password-1', email: 'root@quotebook.test' };
export const PUBLIC_URL = 'http://quotebook.test:3000';

/** Identity as main.ts runs it. */
export const identityService: ServiceDefinition<IdentityEnv> = {
  name: 'identity',
  envClass: IdentityEnv,
  createModule: (env) => IdentityModule.forRoot(env),
};

/**
 * Identity in this process for the tests of the enclosing `describe`, with this file's secret, the
 * superadmin above, no SMTP server (the mailer logs the link) and `tenancy` (a stand-in) beside it.
 */
export const useIdentityHarness = (tenancy?: CompanionStarter) =>
  useServiceHarness(identityService, {
    env: {
      JWT_SECRET: TEST_JWT_SECRET,
      JWT_EXPIRES_IN: '8h',
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SMTP_URL: '',
      PUBLIC_URL,
      ...TEST_PASSWORD_HASHING,
    },
    ...(tenancy ? { companions: { tenancy } } : {}),
  });

/** The principal of the superadmin identity seeded at its first start. */
export async function seededSuperadmin(harness: Pick<ServiceHarness, 'query'>): Promise<Principal> {
  const [row] = await harness.query<{ id: string }>(`SELECT id FROM identity.users WHERE role = 'superadmin'`);
  return superadminPrincipal(row.id);
}

export const superadminPrincipal = (userId: string): Principal => ({ userId, role: 'superadmin', tenantId: null, sessionVersion: 1 });

export { registerSession, registerTenantState, rpcError } from '@quotebook/testing/rpc';
