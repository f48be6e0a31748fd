import { todayIn, type TenantSessionState, type UserSessionState } from '@quotebook/contracts';
import { RpcException } from '@nestjs/microservices';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { createRedis, REDIS_UNAVAILABLE_MESSAGE } from './redis';
import { SESSION_STATE_TTL_SECONDS, sessionKeys, SessionStates, type TenantStateSource, type UserStateSource } from './session-state';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const TIME_ZONE = 'Europe/Rome';

/** The owners' answers on a cache miss, with a count of how often they were asked. */
class Owners implements UserStateSource, TenantStateSource {
  readonly users = new Map<string, UserSessionState>();
  readonly tenants = new Map<string, TenantSessionState>();
  asked = 0;

  async userState(userId: string): Promise<UserSessionState> {
    this.asked += 1;
    return this.users.get(userId) ?? { deleted: true };
  }

  async tenantState(tenantId: string): Promise<TenantSessionState> {
    this.asked += 1;
    return this.tenants.get(tenantId) ?? { deleted: true };
  }
}

function daysFromToday(days: number): string {
  const date = new Date(`${todayIn(TIME_ZONE)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe(SessionStates.name, () => {
  const redis = new Redis(REDIS_URL);
  let prefix: string;
  let keys: ReturnType<typeof sessionKeys>;
  let owners: Owners;
  let sut: SessionStates;

  beforeEach(() => {
    prefix = `${process.env['REDIS_KEY_PREFIX']!}${randomUUID()}:`;
    keys = sessionKeys(prefix);
    owners = new Owners();
    sut = new SessionStates(redis, prefix, owners, owners, TIME_ZONE);
  });
  afterAll(() => redis.quit());

  const live = (version = 1, expiryDate: string | null = null): TenantSessionState => ({ version, enabled: true, expiryDate });

  describe('storing (raise-only)', () => {
    it('never lowers a user version, and nothing brings a deleted user back', async () => {
      const userId = randomUUID();
      await sut.publishUser(userId, { version: 3 });
      await sut.publishUser(userId, { version: 2 });
      expect(await redis.get(keys.user(userId))).toBe('3');
      await sut.publishUser(userId, { version: 4 });
      expect(await redis.get(keys.user(userId))).toBe('4');
      await sut.publishUser(userId, { deleted: true });
      await sut.publishUser(userId, { version: 9 });
      expect(await redis.get(keys.user(userId))).toBe('deleted');
    });

    it('keeps the newer agency state when an older one arrives late', async () => {
      const tenantId = randomUUID();
      await sut.publishTenant(tenantId, { version: 2, enabled: false, expiryDate: '2030-12-31' });
      await sut.publishTenant(tenantId, { version: 1, enabled: true, expiryDate: '2030-12-31' });
      await sut.publishTenant(tenantId, { version: 2, enabled: true, expiryDate: '2030-12-31' });
      expect(await redis.get(keys.tenant(tenantId))).toBe('2|0|2030-12-31');
      await sut.publishTenant(tenantId, { deleted: true });
      await sut.publishTenant(tenantId, live(7));
      expect(await redis.get(keys.tenant(tenantId))).toBe('deleted');
    });

    it('keeps a state for a day', async () => {
      const userId = randomUUID();
      await sut.publishUser(userId, { version: 1 });
      const ttl = await redis.ttl(keys.user(userId));
      expect(ttl).toBeGreaterThan(SESSION_STATE_TTL_SECONDS - 10);
      expect(ttl).toBeLessThanOrEqual(SESSION_STATE_TTL_SECONDS);
    });
  });

  describe('checking', () => {
    it('accepts the current version and refuses any other', async () => {
      const userId = randomUUID();
      await sut.publishUser(userId, { version: 2 });
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 2 })).toBe('valid');
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1 })).toBe('ended');
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 3 })).toBe('ended');
      expect(owners.asked).toBe(0);
    });

    it.each([
      ['no version', { sessionVersion: undefined }],
      ['a version that is not a whole number', { sessionVersion: '1' }],
      ['a user id that is not a UUID', { userId: 'root' }],
      ['an agency id that is not a UUID', { tenantId: 'sole' }],
    ])('refuses %s without asking anybody', async (_case, override) => {
      const userId = randomUUID();
      await sut.publishUser(userId, { version: 1 });
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1, ...override })).toBe('ended');
      expect(owners.asked).toBe(0);
    });

    it('refuses a deleted user and a logged-out token', async () => {
      const userId = randomUUID();
      await sut.publishUser(userId, { version: 1 });
      await redis.set(keys.revokedToken('jti-out'), '1', 'EX', 60);
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1, tokenId: 'jti-in' })).toBe('valid');
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1, tokenId: 'jti-out' })).toBe('ended');
      await sut.publishUser(userId, { deleted: true });
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1, tokenId: 'jti-in' })).toBe('ended');
    });

    it.each([
      ['enabled, no expiry', 'valid', live()],
      ['expiring today (the last day counts)', 'valid', live(1, daysFromToday(0))],
      ['expired yesterday', 'ended', live(1, daysFromToday(-1))],
      ['disabled', 'ended', { version: 1, enabled: false, expiryDate: null }],
      ['deleted', 'ended', { deleted: true }],
    ] as const)('answers for a user of an agency that is %s: %s', async (_case, verdict, agency) => {
      const userId = randomUUID();
      const tenantId = randomUUID();
      await sut.publishUser(userId, { version: 1 });
      await sut.publishTenant(tenantId, agency);
      expect(await sut.check({ userId, tenantId, sessionVersion: 1, tokenId: randomUUID() })).toBe(verdict);
    });

    it("needs the agency a superadmin names to exist, whatever its switch; other principals' targets are theirs to refuse", async () => {
      const superadminId = randomUUID();
      const adminId = randomUUID();
      const own = randomUUID();
      const disabled = randomUUID();
      await sut.publishUser(superadminId, { version: 1 });
      await sut.publishUser(adminId, { version: 1 });
      await sut.publishTenant(own, live());
      await sut.publishTenant(disabled, { version: 1, enabled: false, expiryDate: null });
      owners.tenants.set(disabled, { version: 1, enabled: false, expiryDate: null });

      const superadmin = { userId: superadminId, tenantId: null, sessionVersion: 1 };
      expect(await sut.check({ ...superadmin, targetTenantId: disabled })).toBe('valid');
      expect(await sut.check({ ...superadmin, targetTenantId: randomUUID() })).toBe('tenant-not-found');
      expect(await sut.check({ ...superadmin, targetTenantId: 'not-a-uuid' })).toBe('valid');
      expect(await sut.check({ userId: adminId, tenantId: own, sessionVersion: 1, targetTenantId: randomUUID() })).toBe('valid');
    });
  });

  describe('a cache miss (Redis restarted or the key expired)', () => {
    it('asks the owners once, stores their answers and then reads Redis alone', async () => {
      const userId = randomUUID();
      const tenantId = randomUUID();
      owners.users.set(userId, { version: 5 });
      owners.tenants.set(tenantId, live(3, '2099-12-31'));

      expect(await sut.check({ userId, tenantId, sessionVersion: 5 })).toBe('valid');
      expect(owners.asked).toBe(2);
      expect(await redis.get(keys.user(userId))).toBe('5');
      expect(await redis.get(keys.tenant(tenantId))).toBe('3|1|2099-12-31');

      expect(await sut.check({ userId, tenantId, sessionVersion: 5 })).toBe('valid');
      expect(await sut.check({ userId, tenantId, sessionVersion: 4 })).toBe('ended');
      expect(owners.asked).toBe(2);
    });

    it('never takes a missing key as valid: a user unknown to its owner is refused', async () => {
      expect(await sut.check({ userId: randomUUID(), tenantId: null, sessionVersion: 1 })).toBe('ended');
      expect(owners.asked).toBe(1);
    });

    it('does not let a slow answer replace a newer state stored meanwhile', async () => {
      const userId = randomUUID();
      owners.users.set(userId, { version: 1 });
      const slow = owners.userState.bind(owners);
      owners.userState = async (id) => {
        const answer = await slow(id);
        await sut.publishUser(id, { version: 2 });
        return answer;
      };
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1 })).toBe('valid');
      expect(await redis.get(keys.user(userId))).toBe('2');
      expect(await sut.check({ userId, tenantId: null, sessionVersion: 1 })).toBe('ended');
    });

    it('follows forget: the next check asks the owner', async () => {
      const userId = randomUUID();
      const tenantId = randomUUID();
      await sut.publishUser(userId, { version: 1 });
      await sut.publishTenant(tenantId, live());
      await sut.forget({ users: [userId], tenants: [tenantId] });
      expect(await redis.exists(keys.user(userId), keys.tenant(tenantId))).toBe(0);
      owners.users.set(userId, { version: 2 });
      owners.tenants.set(tenantId, live(2));
      expect(await sut.check({ userId, tenantId, sessionVersion: 1 })).toBe('ended');
      expect(await sut.check({ userId, tenantId, sessionVersion: 2 })).toBe('valid');
    });
  });

  it("answers 503 naming the session store while Redis is down, without the Redis client's own words", async () => {
    const down = createRedis('redis://127.0.0.1:1');
    try {
      const offline = new SessionStates(down, prefix, owners, owners, TIME_ZONE);
      const failure = await offline.check({ userId: randomUUID(), tenantId: null, sessionVersion: 1 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RpcException);
      expect((failure as RpcException).getError()).toMatchObject({
        statusCode: 503,
        reason: 'SERVICE_UNAVAILABLE',
        message: REDIS_UNAVAILABLE_MESSAGE,
      });
    } finally {
      down.disconnect();
    }
  });
});
