import {
  CanActivate,
  DynamicModule,
  ExecutionContext,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  SetMetadata,
  Type,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type RouteController, type RouteHandler, RouteMetadata } from './route-metadata';
import { SESSION_ENDED_MESSAGE, TENANT_NOT_FOUND_MESSAGE } from '@quotebook/contracts';
import type Redis from 'ioredis';
import { appError } from './app-error';
import { BoundedMap } from './bounded-map';
import { createRedis } from './redis';
import { RpcClient } from './rpc-client';
import {
  NatsSessionChangeSignal,
  RpcTenantStates,
  RpcUserStates,
  SessionStates,
  type TenantStateSource,
  type UserStateSource,
} from './session-state';

const SESSION_REDIS = Symbol('SESSION_REDIS');
const USER_STATE_SOURCE = Symbol('USER_STATE_SOURCE');
const TENANT_STATE_SOURCE = Symbol('TENANT_STATE_SOURCE');
const TENANT_NEED_NOT_EXIST = 'tenantNeedNotExist';

/**
 * On a handler whose payload names an agency that may not exist: the calls tenancy makes while it
 * creates an agency (still uncommitted) or rolls one back.
 */
export const TenantNeedNotExist = () => SetMetadata(TENANT_NEED_NOT_EXIST, true);

type Payload = Record<string, unknown>;
const isRecord = (value: unknown): value is Payload => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The agency a request acts on: `tenantId`, or `data.tenantId` where the agency is part of the body. */
function tenantNamedBy(payload: Payload): unknown {
  return payload['tenantId'] ?? (isRecord(payload['data']) ? payload['data']['tenantId'] : undefined);
}

/**
 * How long the gateway and the services trust a session they found valid without asking Redis again.
 * A change of a session state is announced to all of them before the change is answered
 * (SessionStates.announceChange), so a session that ends (user deleted, role or password changed,
 * agency disabled, token logged out) is refused at once; should an announcement be lost, at the latest
 * this long after the change, well within the second a stale token may still work.
 */
export const VALID_SESSION_REUSE_MS = 400;

/**
 * Facts about sessions and agencies learnt in the last VALID_SESSION_REUSE_MS, by key, trusted until
 * then or until the next clear() (a session state changed somewhere). Refusals and failures are never
 * kept: only what a check found.
 */
export class RecentlyKnown<V> {
  private readonly entries: BoundedMap<string, { value: V; until: number }>;
  private generation = 0;

  constructor(
    private readonly reuseMs = VALID_SESSION_REUSE_MS,
    // a burst of distinct keys must not grow the map without bound: it starts over instead
    limit = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new BoundedMap(limit);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.now() < entry.until) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Taken before a check: a check that began before a clear() read what the clear was for. */
  mark(): number {
    return this.generation;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Keeps what a check that began at `mark` found, unless a clear() came meanwhile. */
  remember(key: string, value: V, mark: number): void {
    if (mark !== this.generation) return;
    this.entries.set(key, { value, until: this.now() + this.reuseMs });
  }
}

/** Sessions found valid in the last VALID_SESSION_REUSE_MS, by what was checked; refusals are never kept. */
export class RecentValidSessions extends RecentlyKnown<true> {
  has(key: string): boolean {
    return this.get(key) === true;
  }

  /** Keeps a session found valid by a check that began at `mark`, unless a clear() came meanwhile. */
  add(key: string, mark: number): void {
    this.remember(key, true, mark);
  }
}

/**
 * Every service's own check of the caller (the gateway checks first): a request carrying a principal
 * is refused when that session has ended (401), and when it names an agency that does not exist (404),
 * so nothing is ever written for it. A session found valid is trusted for VALID_SESSION_REUSE_MS
 * without a Redis round trip, unless a session state changed meanwhile.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly recent = new RecentValidSessions();
  private readonly tenantNeedNotExist: RouteMetadata<boolean>;

  constructor(
    private readonly sessions: SessionStates,
    reflector: Reflector,
  ) {
    this.tenantNeedNotExist = new RouteMetadata(reflector, TENANT_NEED_NOT_EXIST);
    // a change of a user or an agency, this service's own or announced by another, holds in its next check already
    sessions.onChange(() => this.recent.clear());
  }

  /**
   * The check for one handler of one controller, its metadata read once: what canActivate does for it.
   * A request without a principal, or of a session found valid a moment ago, passes without a promise;
   * only a check that asks Redis answers one.
   */
  forHandler(handler: RouteHandler, controller: RouteController): (payload: unknown) => Promise<void> | undefined {
    const tenantNeedNotExist = this.tenantNeedNotExist.ofHandler(handler, controller) === true;
    return (payload) => this.check(payload, tenantNeedNotExist);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'rpc') return true;
    await this.check(context.switchToRpc().getData(), this.tenantNeedNotExist.of(context) === true);
    return true;
  }

  /**
   * The check itself, for a request's payload and whether its handler is marked TenantNeedNotExist:
   * fails with the 401 or 404 the caller receives, passes a request that carries no principal. What it
   * knows at once it answers at once (undefined: passed); a promise only when it asks Redis.
   */
  private check(payload: unknown, tenantNeedNotExist: boolean): Promise<void> | undefined {
    if (!isRecord(payload) || !('principal' in payload)) return undefined;
    const principal = payload['principal'];
    if (!isRecord(principal)) return Promise.reject(appError('SESSION_ENDED', SESSION_ENDED_MESSAGE));
    const session = {
      userId: principal['userId'],
      tenantId: principal['tenantId'] ?? null,
      sessionVersion: principal['sessionVersion'],
      targetTenantId: tenantNeedNotExist ? undefined : tenantNamedBy(payload),
    };
    const key = JSON.stringify([session.userId, session.tenantId, session.sessionVersion, session.targetTenantId ?? null]);
    if (this.recent.has(key)) return undefined;
    return this.checkWithRedis(session, key);
  }

  /** The session looked up in Redis (through SessionStates), remembered when valid. */
  private async checkWithRedis(session: Parameters<SessionStates['check']>[0], key: string): Promise<void> {
    const mark = this.recent.mark();
    const verdict = await this.sessions.check(session);
    if (verdict === 'valid') this.recent.add(key, mark);
    if (verdict === 'ended') throw appError('SESSION_ENDED', SESSION_ENDED_MESSAGE);
    if (verdict === 'tenant-not-found') throw appError('TENANT_NOT_FOUND', TENANT_NOT_FOUND_MESSAGE);
  }
}

@Injectable()
class SessionRedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(SESSION_REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

export interface SessionStateModuleOptions {
  redisUrl: string;
  keyPrefix: string;
  timeZone: string;
  /** the owner of users reads them itself; everybody else asks identity over NATS */
  userStates?: Type<UserStateSource>;
  /** the owner of agencies reads them itself; everybody else asks tenancy over NATS */
  tenantStates?: Type<TenantStateSource>;
}

/** SessionStates and the SessionGuard for a service; createServiceApp installs the guard. */
@Module({})
export class SessionStateModule {
  static forRoot(options: SessionStateModuleOptions): DynamicModule {
    return {
      module: SessionStateModule,
      global: true,
      providers: [
        { provide: SESSION_REDIS, useFactory: () => createRedis(options.redisUrl) },
        options.userStates
          ? { provide: USER_STATE_SOURCE, useClass: options.userStates }
          : { provide: USER_STATE_SOURCE, useFactory: (rpc: RpcClient) => new RpcUserStates(rpc), inject: [RpcClient] },
        options.tenantStates
          ? { provide: TENANT_STATE_SOURCE, useClass: options.tenantStates }
          : { provide: TENANT_STATE_SOURCE, useFactory: (rpc: RpcClient) => new RpcTenantStates(rpc), inject: [RpcClient] },
        {
          provide: SessionStates,
          useFactory: async (redis: Redis, users: UserStateSource, tenants: TenantStateSource, rpc?: RpcClient) => {
            const states = new SessionStates(redis, options.keyPrefix, users, tenants, options.timeZone, rpc && new NatsSessionChangeSignal(rpc));
            await states.listenForChanges();
            return states;
          },
          inject: [SESSION_REDIS, USER_STATE_SOURCE, TENANT_STATE_SOURCE, { token: RpcClient, optional: true }],
        },
        SessionGuard,
        SessionRedisLifecycle,
      ],
      exports: [SessionStates, SessionGuard],
    };
  }
}
