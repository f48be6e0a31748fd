import { AUTH_MESSAGES } from '@quotebook/domain';
import { rpcPattern, SUBJECT_PREFIX } from './subjects';

/**
 * What decides whether a signed-in user's tokens still work. A token carries the user's session version
 * (claim `sv`); deleting the user, changing their role or their password raises the version, so every
 * older token stops working. A token of an agency's user also needs the agency to exist, be enabled and
 * not be expired.
 */
export type UserSessionState = { version: number } | { deleted: true };

/** An agency as far as sessions care: deleted, or its switch and expiry date under a version of its own. */
export type TenantSessionState = { version: number; enabled: boolean; expiryDate: string | null } | { deleted: true };

export const SESSION_ENDED_MESSAGE = AUTH_MESSAGES.sessionEnded;
export const TENANT_NOT_FOUND_MESSAGE = AUTH_MESSAGES.tenantNotFound;

/** Asked by whoever finds no state of a user in Redis (Redis restarted, key expired); identity owns users. */
export const SESSIONS_USER_STATE = rpcPattern<{ userId: string }, UserSessionState>('identity.sessions.user-state');
/** The same for an agency; tenancy owns agencies. */
export const SESSIONS_TENANT_STATE = rpcPattern<{ tenantId: string }, TenantSessionState>('tenancy.tenants.session-state');

/**
 * Announced (core NATS, no payload) by whoever changed a session state, once the change is in Redis and
 * before it answers the request that made it: every gateway and service then drops the sessions it
 * trusted without asking Redis.
 */
export const SESSIONS_CHANGED_SUBJECT = `${SUBJECT_PREFIX}.sessions.changed`;
