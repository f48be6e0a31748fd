import {
  AUTH_ME,
  SESSION_ENDED_MESSAGE,
  TENANT_DELETED,
  USERS_CREATE_TENANT_ADMIN,
  USERS_DELETE_BY_TENANT,
  USERS_GET_TENANT_ADMIN,
  USERS_UPDATE_TENANT_ADMIN,
  type Principal,
} from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { eventually, TEST_NATS_URL } from '@quotebook/testing';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { registerTenantState, rpcError, seededSuperadmin, useIdentityHarness } from '../test/identity-harness';

describe('identity users (integration)', () => {
  const harness = useIdentityHarness();
  /** Identity as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  let superadmin: Principal;

  beforeAll(async () => {
    superadmin = await seededSuperadmin(harness);
  });

  const adminRequest = (tenantId: string, username: string) => ({
    principal: superadmin,
    tenantId,
    username,
    password: 'first-password',
    name: `Admin ${username}`,
    email: `${username}@agency.test`,
  });
  const userRow = (username: string) =>
    harness.query<{ id: string; password_hash: string; role: string; tenant_id: string }>(
      'SELECT id, password_hash, role, tenant_id FROM identity.users WHERE username = $1',
      [username],
    ).then((rows) => rows[0]);
  const countUsersOf = async (tenantId: string) =>
    Number((await harness.query<{ n: string }>('SELECT count(*) AS n FROM identity.users WHERE tenant_id = $1', [tenantId]))[0].n);

  /** An agency as tenancy would have stored it (this test runs identity alone). */
  const existingTenant = async () => {
    const tenantId = randomUUID();
    await registerTenantState(tenantId);
    return tenantId;
  };

  describe('tenant admin', () => {
    const tenantId = randomUUID();

    beforeAll(() => registerTenantState(tenantId));

    it('is created for a tenant with an argon2id password hash', async () => {
      const admin = await sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(tenantId, 'sole-admin'));

      expect(admin).toMatchObject({ username: 'sole-admin', name: 'Admin sole-admin', email: 'sole-admin@agency.test', role: 'tenant_admin', tenantId });
      expect(admin).not.toHaveProperty('passwordHash');
      const row = await userRow('sole-admin');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await argon2.verify(row.password_hash, 'first-password')).toBe(true);
    });

    it('cannot take a username that exists: 409', async () => {
      expect(await rpcError(sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(randomUUID(), 'sole-admin')))).toMatchObject({
        statusCode: 409,
        reason: 'USERNAME_TAKEN',
        message: 'Username already exists',
      });
    });

    it('validates what it is given: 400 with the rules broken', async () => {
      const request = { ...adminRequest(tenantId, 'ab'), email: 'not-an-email', password: '123' };
      expect(await rpcError(sut.send(USERS_CREATE_TENANT_ADMIN, request))).toMatchObject({
        statusCode: 400,
        message: expect.arrayContaining(['Username must be at least 3 characters', 'Password must be at least 6 characters', 'Valid email is required']),
      });
    });

    it('is read back as the oldest admin of the tenant', async () => {
      await expect(sut.send(USERS_GET_TENANT_ADMIN, { principal: superadmin, tenantId })).resolves.toEqual({
        id: (await userRow('sole-admin')).id,
        username: 'sole-admin',
        name: 'Admin sole-admin',
        email: 'sole-admin@agency.test',
      });
    });

    it('is 404 for a tenant without admin', async () => {
      expect(await rpcError(sut.send(USERS_GET_TENANT_ADMIN, { principal: superadmin, tenantId: await existingTenant() }))).toMatchObject({
        statusCode: 404,
        message: 'Tenant admin not found',
      });
    });

    it('keeps its password when the update brings an empty one', async () => {
      const hashBefore = (await userRow('sole-admin')).password_hash;

      const admin = await sut.send(USERS_UPDATE_TENANT_ADMIN, {
        principal: superadmin,
        tenantId,
        username: 'sole-boss',
        name: 'Maria Sole',
        email: 'maria@sole.test',
        password: '',
      });

      expect(admin).toMatchObject({ username: 'sole-boss', name: 'Maria Sole', email: 'maria@sole.test', tenantId });
      expect((await userRow('sole-boss')).password_hash).toBe(hashBefore);
    });

    it('gets a new password when the update brings one', async () => {
      await sut.send(USERS_UPDATE_TENANT_ADMIN, {
        principal: superadmin,
        tenantId,
        username: 'sole-boss',
        name: 'Maria Sole',
        email: 'maria@sole.test',
        password: 'second-password',
      });
      expect(await argon2.verify((await userRow('sole-boss')).password_hash, 'second-password')).toBe(true);
    });

    it('cannot be renamed to a username that exists (409), nor updated where there is no admin (404)', async () => {
      await sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(randomUUID(), 'other-admin'));
      const base = { principal: superadmin, name: 'Maria Sole', email: 'maria@sole.test', password: '' };
      expect(await rpcError(sut.send(USERS_UPDATE_TENANT_ADMIN, { ...base, tenantId, username: 'other-admin' }))).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
      });
      expect(await rpcError(sut.send(USERS_UPDATE_TENANT_ADMIN, { ...base, tenantId: await existingTenant(), username: 'free-name' }))).toMatchObject({
        statusCode: 404,
        message: 'Tenant admin not found',
      });
    });

    it('is removed with every user of the tenant, idempotently', async () => {
      await expect(sut.send(USERS_DELETE_BY_TENANT, { principal: superadmin, tenantId })).resolves.toEqual({ deleted: 1 });
      await expect(sut.send(USERS_DELETE_BY_TENANT, { principal: superadmin, tenantId })).resolves.toEqual({ deleted: 0 });
      expect(await countUsersOf(tenantId)).toBe(0);
    });
  });

  describe('permissions', () => {
    const tenantId = randomUUID();
    const tenantAdmin: Principal = { userId: randomUUID(), role: 'tenant_admin', tenantId, sessionVersion: 1 };

    it.each([
      ['create', () => sut.send(USERS_CREATE_TENANT_ADMIN, { ...adminRequest(tenantId, 'sneaky'), principal: tenantAdmin })],
      ['get', () => sut.send(USERS_GET_TENANT_ADMIN, { principal: tenantAdmin, tenantId })],
      [
        'update',
        () =>
          sut.send(USERS_UPDATE_TENANT_ADMIN, { principal: tenantAdmin, tenantId, username: 'sneaky', name: 'Sneaky', email: 's@x.test' }),
      ],
      ['delete', () => sut.send(USERS_DELETE_BY_TENANT, { principal: tenantAdmin, tenantId })],
    ])('%s is for the superadmin only: 403 for a tenant admin', async (_name, call) => {
      expect(await rpcError(call())).toMatchObject({ statusCode: 403, reason: 'FORBIDDEN' });
    });
  });

  describe('tenant.deleted events', () => {
    let bus: EventBus;

    beforeAll(async () => {
      bus = await EventBus.connect(TEST_NATS_URL, 'identity-test-publisher');
    });

    afterAll(async () => {
      await bus?.close();
    });

    it('remove the users of the deleted tenant, ending their sessions', async () => {
      const tenantId = randomUUID();
      const survivor = randomUUID();
      const doomed = await sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(tenantId, 'doomed-admin'));
      await sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(survivor, 'survivor-admin'));
      const principal: Principal = { userId: doomed.id, role: 'tenant_admin', tenantId, sessionVersion: 1 };
      await expect(sut.send(AUTH_ME, { principal })).resolves.toMatchObject({ id: doomed.id });

      await bus.publish(TENANT_DELETED, { tenantId, deletedAt: new Date().toISOString() });

      await eventually(async () => expect(await countUsersOf(tenantId)).toBe(0));
      expect(await countUsersOf(survivor)).toBe(1);
      expect(await rpcError(sut.send(AUTH_ME, { principal }))).toMatchObject({ statusCode: 401, message: SESSION_ENDED_MESSAGE });
    });

    it('published while identity was stopped are applied when it starts again (and the superadmin is not seeded twice)', async () => {
      const tenantId = randomUUID();
      await sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(tenantId, 'offline-admin'));
      await harness.restart(async () => {
        await bus.publish(TENANT_DELETED, { tenantId, deletedAt: new Date().toISOString() });
        expect(await countUsersOf(tenantId)).toBe(1);
      });

      await eventually(async () => expect(await countUsersOf(tenantId)).toBe(0));
      const superadmins = await harness.query(`SELECT id FROM identity.users WHERE role = 'superadmin'`);
      expect(superadmins).toHaveLength(1);
    });

    it('redelivered for a tenant already purged change nothing', async () => {
      const tenantId = randomUUID();
      await bus.publish(TENANT_DELETED, { tenantId, deletedAt: new Date().toISOString() });
      await bus.publish(TENANT_DELETED, { tenantId, deletedAt: new Date().toISOString() });
      const marker = randomUUID();
      await sut.send(USERS_CREATE_TENANT_ADMIN, adminRequest(marker, 'marker-admin'));
      await bus.publish(TENANT_DELETED, { tenantId: marker, deletedAt: new Date().toISOString() });
      // events of one subject arrive in order: once the marker's users are gone, the duplicates were handled
      await eventually(async () => expect(await countUsersOf(marker)).toBe(0));
      expect(await countUsersOf(tenantId)).toBe(0);
    });
  });
});
