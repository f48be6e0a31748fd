import type { Principal } from '@quotebook/contracts';
import { randomUUID } from 'node:crypto';

/*
 * Principals of a service test: the session checks accept them once registered (registerSession, or a
 * harness client that registers each principal it sends).
 */

export const superadmin: Principal = { userId: randomUUID(), role: 'superadmin', tenantId: null, sessionVersion: 1 };
export const adminOf = (tenantId: string): Principal => ({ userId: randomUUID(), role: 'tenant_admin', tenantId, sessionVersion: 1 });
export const userOf = (tenantId: string): Principal => ({ userId: randomUUID(), role: 'tenant_user', tenantId, sessionVersion: 1 });

/** Two agencies that exist only by their ids, and an administrator of the first. */
export function twoAgencies() {
  const tenantA = randomUUID();
  return { tenantA, tenantB: randomUUID(), admin: adminOf(tenantA) };
}
