import {
  SESSIONS_CHANGED_SUBJECT,
  SESSIONS_TENANT_STATE,
  SESSIONS_USER_STATE,
  tenantAllowsLogin,
  tenantDisplayStatus,
  todayIn,
  type TenantSessionState,
  type UserSessionState,
} from '@quotebook/contracts';
import { isUUID } from 'class-validator';
import type Redis from 'ioredis';
import type { RpcClient } from './rpc-client';
import { withRedis } from './redis';

/*
 * The state that decides whether a token still works lives in Redis, one key per user and one per
 * agency, shared by the gateway and every service:
 *   <prefix>session:user:<userId>      "<version>" or "deleted"
 *   <prefix>session:tenant:<tenantId>  "<version>|<1 enabled, 0 disabled>|<expiry date or empty>" or "deleted"
 * The owner (identity for users, tenancy for agencies) writes a key after each change it commits. Keys
 * live a day; a missing key is a cache miss, answered by the owner over NATS and then stored.
 */

/** How long a session key lives in Redis; after that the owner is asked again. */
export const SESSION_STATE_TTL_SECONDS = 86_400;

const DELETED = 'deleted';

export function sessionKeys(prefix: string) {
  return {
    user: (userId: string) => `${prefix}session:user:${userId}`,
    tenant: (tenantId: string) => `${prefix}session:tenant:${tenantId}`,
    /** a logged-out token, refused until it would have expired anyway */
    revokedToken: (tokenId: string) => `${prefix}revoked:${tokenId}`,
  };
}

export function encodeUserState(state: UserSessionState): string {
  return 'deleted' in state ? DELETED : String(state.version);
}

export function decodeUserState(value: string | null): UserSessionState | null {
  if (value === DELETED) return { deleted: true };
  if (value === null || !/^\d+$/.test(value)) return null;
  return { version: Number(value) };
}

export function encodeTenantState(state: TenantSessionState): string {
  return 'deleted' in state ? DELETED : `${state.version}|${state.enabled ? 1 : 0}|${state.expiryDate ?? ''}`;
}

export function decodeTenantState(value: string | null): TenantSessionState | null {
  if (value === DELETED) return { deleted: true };
  const match = value === null ? null : /^(\d+)\|([01])\|(\d{4}-\d{2}-\d{2})?$/.exec(value);
  if (!match) return null;
  return { version: Number(match[1]), enabled: match[2] === '1', expiryDate: match[3] ?? null };
}

/**
 * Stores a state unless Redis already holds a newer one: "deleted" is final, otherwise only a higher
 * version replaces the stored one. So a late writer (a slow cache fill, a replica that committed
 * earlier) can never bring back a state that was already replaced.
 */
const RAISE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current == 'deleted' then return 0 end
if current and ARGV[1] ~= 'deleted' then
  local stored = tonumber(string.match(current, '^%d+')) or -1
  if tonumber(string.match(ARGV[1], '^%d+')) <= stored then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;

/** Stores an encoded state under `key` unless Redis holds a newer one (see RAISE_SCRIPT). */
export async function raiseSessionState(redis: Redis, key: string, encoded: string): Promise<void> {
  await withRedis(() => redis.eval(RAISE_SCRIPT, 1, key, encoded, SESSION_STATE_TTL_SECONDS));
}

/** Where the truth about users and agencies comes from when Redis has no key for them. */
export interface UserStateSource {
  userState(userId: string): Promise<UserSessionState>;
}
export interface TenantStateSource {
  tenantState(tenantId: string): Promise<TenantSessionState>;
}

/** Asks the owning service over NATS. */
export class RpcUserStates implements UserStateSource {
  constructor(private readonly rpc: RpcClient) {}

  userState(userId: string): Promise<UserSessionState> {
    return this.rpc.send(SESSIONS_USER_STATE, { userId });
  }
}

export class RpcTenantStates implements TenantStateSource {
  constructor(private readonly rpc: RpcClient) {}

  tenantState(tenantId: string): Promise<TenantSessionState> {
    return this.rpc.send(SESSIONS_TENANT_STATE, { tenantId });
  }
}

export interface SessionToCheck {
  userId: unknown;
  /** the user's agency; null for the superadmin */
  tenantId: unknown;
  sessionVersion: unknown;
  /** the token's id, refused when it was logged out (the gateway checks it) */
  tokenId?: string;
  /**
   * An agency the request names (in its path or payload). It must exist; only a principal without an
   * agency (the superadmin) can name another one, anybody else is refused by the tenant scope checks.
   */
  targetTenantId?: unknown;
}

/** valid; ended (401: sign in again); tenant-not-found (404: the named agency does not exist). */
export type SessionVerdict = 'valid' | 'ended' | 'tenant-not-found';

const isId = (value: unknown): value is string => typeof value === 'string' && isUUID(value);

/**
 * How processes tell each other that a session state changed: `announce` returns once every listener
 * will hear it before anything the announcer sends later (its reply to the change included).
 */
export interface SessionChangeSignal {
  announce(): Promise<void>;
  listen(listener: () => void): Promise<void>;
}

/** The signal over NATS, on the connection of the process's RPC client (see RpcClient.announce). */
export class NatsSessionChangeSignal implements SessionChangeSignal {
  constructor(private readonly rpc: Pick<RpcClient, 'announce' | 'listen'>) {}

  announce(): Promise<void> {
    return this.rpc.announce(SESSIONS_CHANGED_SUBJECT);
  }

  listen(listener: () => void): Promise<void> {
    return this.rpc.listen(SESSIONS_CHANGED_SUBJECT, listener);
  }
}

export class SessionStates {
  private readonly keys: ReturnType<typeof sessionKeys>;
  private todayCache = { date: '', until: 0 };
  private readonly changeListeners: Array<() => void> = [];

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly users: UserStateSource,
    private readonly tenants: TenantStateSource,
    private readonly timeZone: string,
    private readonly signal?: SessionChangeSignal,
  ) {
    this.keys = sessionKeys(keyPrefix);
  }

  /** Hears the changes other processes announce (the listeners of onChange are called for them too). */
  async listenForChanges(): Promise<void> {
    await this.signal?.listen(() => this.changed());
  }

  /**
   * Whether a principal may still act: one Redis round trip (MGET) when every key is there; a missing
   * key is asked of its owner and stored.
   */
  async check(session: SessionToCheck): Promise<SessionVerdict> {
    const { userId, tenantId, sessionVersion, tokenId } = session;
    if (!isId(userId) || !Number.isSafeInteger(sessionVersion) || (sessionVersion as number) < 1) return 'ended';
    if (tenantId !== null && !isId(tenantId)) return 'ended';
    const targetTenantId = tenantId === null && isId(session.targetTenantId) ? session.targetTenantId : null;
    const agencyId = tenantId ?? targetTenantId;

    const keys = [this.keys.user(userId)];
    if (agencyId) keys.push(this.keys.tenant(agencyId));
    if (tokenId) keys.push(this.keys.revokedToken(tokenId));
    const values = await withRedis(() => this.redis.mget(keys));
    if (tokenId && values[keys.length - 1] !== null) return 'ended';

    const [user, agency] = await Promise.all([
      this.userState(userId, decodeUserState(values[0])),
      agencyId ? this.tenantState(agencyId, decodeTenantState(values[1])) : null,
    ]);
    if ('deleted' in user || user.version !== sessionVersion) return 'ended';
    if (!agency) return 'valid';
    if (tenantId === null) return 'deleted' in agency ? 'tenant-not-found' : 'valid';
    return !('deleted' in agency) && tenantAllowsLogin(tenantDisplayStatus(agency, this.today())) ? 'valid' : 'ended';
  }

  /**
   * Calls `listener` whenever this process writes or drops a state, or hears of another process doing
   * so (listenForChanges): what it trusts from earlier checks must then go, so that a change takes
   * effect in its checks at once.
   */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** Records a user's state after the change is committed; never lowers what is stored. */
  async publishUser(userId: string, state: UserSessionState): Promise<void> {
    this.changed();
    await raiseSessionState(this.redis, this.keys.user(userId), encodeUserState(state));
    await this.announceChange();
  }

  async publishTenant(tenantId: string, state: TenantSessionState): Promise<void> {
    this.changed();
    await raiseSessionState(this.redis, this.keys.tenant(tenantId), encodeTenantState(state));
    await this.announceChange();
  }

  /**
   * Stores a user's state that did not change (a sign-in, a cache fill): nothing trusted is wrong, so
   * nobody is told.
   */
  async rememberUser(userId: string, state: UserSessionState): Promise<void> {
    await raiseSessionState(this.redis, this.keys.user(userId), encodeUserState(state));
  }

  /**
   * Tells every process that a state changed (after this process wrote it to Redis), before the change
   * is answered; a lost announcement costs at most the time a check is trusted (VALID_SESSION_REUSE_MS).
   */
  async announceChange(): Promise<void> {
    this.changed();
    await this.signal?.announce().catch(() => undefined);
  }

  /**
   * Drops the stored states before a change commits: should the write after the commit fail, the next
   * check asks the owner instead of trusting the old state.
   */
  async forget(ids: { users?: string[]; tenants?: string[] }): Promise<void> {
    const keys = [...(ids.users ?? []).map(this.keys.user), ...(ids.tenants ?? []).map(this.keys.tenant)];
    this.changed();
    if (keys.length > 0) await withRedis(() => this.redis.del(keys));
    await this.announceChange();
  }

  private async userState(userId: string, cached: UserSessionState | null): Promise<UserSessionState> {
    if (cached) return cached;
    const state = await this.users.userState(userId);
    await this.rememberUser(userId, state).catch(() => undefined);
    return state;
  }

  private async tenantState(tenantId: string, cached: TenantSessionState | null): Promise<TenantSessionState> {
    if (cached) return cached;
    const state = await this.tenants.tenantState(tenantId);
    await raiseSessionState(this.redis, this.keys.tenant(tenantId), encodeTenantState(state)).catch(() => undefined);
    return state;
  }

  /** The business day, worked out at most once a second (expiry turns at midnight in the business time zone). */
  private today(): string {
    const now = Date.now();
    if (now >= this.todayCache.until) this.todayCache = { date: todayIn(this.timeZone, new Date(now)), until: now + 1000 };
    return this.todayCache.date;
  }
}
