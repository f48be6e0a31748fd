import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CANNOT_DELETE_SELF,
  LAST_TENANT_ADMIN,
  SESSION_ENDED_MESSAGE,
  SESSIONS_TENANT_STATE,
  USERS_CREATE,
  USERS_CREATE_TENANT_ADMIN,
  USERS_DELETE,
  USERS_LIST,
  USERS_UPDATE,
  type CreateUserDto,
  type Principal,
  type TenantRole,
  type TenantSessionState,
  type UpdateUserDto,
  type UserView,
} from '@quotebook/contracts';
import { startStandIn } from '@quotebook/testing/harness';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { rpcError, seededSuperadmin, useIdentityHarness } from '../test/identity-harness';

/**
 * Tenancy's answer when identity finds no session state of an agency in Redis, played by a real NATS
 * responder that knows the tenants listed here.
 */
const existingTenants = new Set<string>();

@Controller()
class TenancyStandInController {
  @MessagePattern(SESSIONS_TENANT_STATE.subject)
  sessionState(@Payload('tenantId') tenantId: string): TenantSessionState {
    return existingTenants.has(tenantId) ? { version: 1, enabled: true, expiryDate: null } : { deleted: true };
  }
}

@Module({ controllers: [TenancyStandInController] })
class TenancyStandInModule {}

describe('identity team: the Users page (integration)', () => {
  const harness = useIdentityHarness(() => startStandIn(TenancyStandInModule, 'tenancy'));
  /** Identity as the gateway reaches it over NATS. */
  const sut = harness.rpc;
  let superadmin: Principal;

  beforeAll(async () => {
    superadmin = await seededSuperadmin(harness);
  });

  let counter = 0;
  const uniqueName = (prefix: string) => `${prefix}-${++counter}-${randomUUID().slice(0, 6)}`;

  /** An agency as tenancy would create it: known to the stand-in, with its first admin. */
  async function createAgency(): Promise<{ tenantId: string; admin: Principal; adminView: UserView }> {
    const tenantId = randomUUID();
    existingTenants.add(tenantId);
    const username = uniqueName('admin');
    const adminView = await sut.send(USERS_CREATE_TENANT_ADMIN, {
      principal: superadmin,
      tenantId,
      username,
      password: 'admin-password',
      name: 'Agency Admin',
      email: `${username}@agency.test`,
    });
    return { tenantId, adminView, admin: { userId: adminView.id, role: 'tenant_admin', tenantId, sessionVersion: 1 } };
  }

  const memberData = (tenantId: string, overrides: Partial<CreateUserDto> = {}): CreateUserDto => {
    const username = overrides.username ?? uniqueName('member');
    return { username, password: 'member-password', name: 'Luca Verdi', email: `${username}@agency.test`, role: 'tenant_user', tenantId, ...overrides };
  };

  async function addMember(actor: Principal, tenantId: string, overrides: Partial<CreateUserDto> = {}) {
    const view = await sut.send(USERS_CREATE, { principal: actor, data: memberData(tenantId, overrides) });
    const principal: Principal = { userId: view.id, role: view.role, tenantId, sessionVersion: 1 };
    return { view, principal };
  }

  const updateData = (user: UserView, overrides: Partial<UpdateUserDto> = {}): UpdateUserDto => ({
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role as TenantRole,
    ...overrides,
  });

  const storedUser = (id: string) =>
    harness.query<{ username: string; password_hash: string; role: string; tenant_id: string | null }>(
      'SELECT username, password_hash, role, tenant_id FROM identity.users WHERE id = $1',
      [id],
    ).then((rows) => rows[0]);

  describe('create', () => {
    it('lets a superadmin add a tenant_user to any agency, stored with an argon2id hash', async () => {
      const { tenantId } = await createAgency();
      const data = memberData(tenantId, { name: 'Giulia Neri' });

      const created = await sut.send(USERS_CREATE, { principal: superadmin, data });

      expect(created).toEqual({
        id: expect.any(String),
        username: data.username,
        name: 'Giulia Neri',
        email: data.email,
        role: 'tenant_user',
        tenantId,
        createdAt: expect.any(String),
      });
      const row = await storedUser(created.id);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await argon2.verify(row.password_hash, 'member-password')).toBe(true);
    });

    it('lets a tenant admin add another tenant_admin to its own agency', async () => {
      const { tenantId, admin } = await createAgency();
      const { view } = await addMember(admin, tenantId, { role: 'tenant_admin' });
      expect(view).toMatchObject({ role: 'tenant_admin', tenantId });
    });

    it('trims username, name and e-mail', async () => {
      const { tenantId, admin } = await createAgency();
      const username = uniqueName('spaced');
      const { view } = await addMember(admin, tenantId, { username: `  ${username} `, name: '  Anna  ', email: ` ${username}@agency.test ` });
      expect(view).toMatchObject({ username, name: 'Anna', email: `${username}@agency.test` });
    });

    it('never makes a superadmin: 400 naming the role, nothing stored', async () => {
      const { tenantId, admin } = await createAgency();
      const data = { ...memberData(tenantId), role: 'superadmin' } as unknown as CreateUserDto;

      for (const principal of [admin, superadmin]) {
        expect(await rpcError(sut.send(USERS_CREATE, { principal, data }))).toMatchObject({
          statusCode: 400,
          message: ['Role must be tenant_admin or tenant_user'],
        });
      }
      expect(await harness.query('SELECT id FROM identity.users WHERE username = $1', [data.username])).toHaveLength(0);
    });

    it('names every broken rule with its message', async () => {
      const { tenantId, admin } = await createAgency();
      const data = memberData(tenantId, { username: 'ab', name: 'M', password: '12345', email: 'not-an-email' });

      expect(await rpcError(sut.send(USERS_CREATE, { principal: admin, data }))).toMatchObject({
        statusCode: 400,
        message: expect.arrayContaining([
          'Username must be at least 3 characters',
          'Name must be at least 2 characters',
          'Password must be at least 6 characters',
          'Valid email is required',
        ]),
      });
    });

    it('refuses a username in use, also in another agency: 409 Username already exists', async () => {
      const first = await createAgency();
      const second = await createAgency();
      const { view } = await addMember(first.admin, first.tenantId);

      for (const [principal, tenantId] of [[first.admin, first.tenantId], [second.admin, second.tenantId]] as const) {
        expect(await rpcError(sut.send(USERS_CREATE, { principal, data: memberData(tenantId, { username: view.username }) }))).toMatchObject({
          statusCode: 409,
          reason: 'USERNAME_TAKEN',
          message: 'Username already exists',
        });
      }
    });

    it('is 403 for a tenant admin naming another agency and for a tenant_user', async () => {
      const first = await createAgency();
      const second = await createAgency();
      const { principal: member } = await addMember(first.admin, first.tenantId);

      expect(await rpcError(sut.send(USERS_CREATE, { principal: first.admin, data: memberData(second.tenantId) }))).toMatchObject({
        statusCode: 403,
      });
      expect(await rpcError(sut.send(USERS_CREATE, { principal: member, data: memberData(first.tenantId) }))).toMatchObject({
        statusCode: 403,
      });
    });

    it('is 404 Tenant not found when a superadmin names an agency that does not exist', async () => {
      expect(await rpcError(sut.send(USERS_CREATE, { principal: superadmin, data: memberData(randomUUID()) }))).toMatchObject({
        statusCode: 404,
        message: 'Tenant not found',
      });
    });

    it('does not take a tenantId that is not a UUID: 400', async () => {
      expect(await rpcError(sut.send(USERS_CREATE, { principal: superadmin, data: memberData('not-a-uuid') }))).toMatchObject({
        statusCode: 400,
        message: ['tenantId must be a UUID'],
      });
    });
  });

  describe('list', () => {
    it('answers the agency team ordered by name, without password hashes nor other agencies', async () => {
      const { tenantId, admin, adminView } = await createAgency();
      const other = await createAgency();
      await addMember(admin, tenantId, { name: 'zeno Bruni' });
      await addMember(admin, tenantId, { name: 'Bianca Sala', role: 'tenant_admin' });
      await addMember(other.admin, other.tenantId, { name: 'Altro Utente' });

      for (const principal of [admin, superadmin]) {
        const { items: users, nextCursor } = await sut.send(USERS_LIST, { principal, tenantId });
        expect(nextCursor).toBeNull();
        expect(users.map((user) => user.name)).toEqual(['Agency Admin', 'Bianca Sala', 'zeno Bruni']);
        expect(users[0]).toEqual(adminView);
        expect(JSON.stringify(users)).not.toMatch(/argon2|password/i);
      }
    });

    it('is 403 for another agency admin and for a tenant_user', async () => {
      const { tenantId, admin } = await createAgency();
      const other = await createAgency();
      const { principal: member } = await addMember(admin, tenantId);

      expect(await rpcError(sut.send(USERS_LIST, { principal: other.admin, tenantId }))).toMatchObject({ statusCode: 403 });
      expect(await rpcError(sut.send(USERS_LIST, { principal: member, tenantId }))).toMatchObject({ statusCode: 403 });
    });
  });

  describe('update', () => {
    it('changes the fields and keeps the password when the new one is empty or absent', async () => {
      const { tenantId, admin } = await createAgency();
      const { view } = await addMember(admin, tenantId);
      const hashBefore = (await storedUser(view.id)).password_hash;
      const username = uniqueName('renamed');

      const updated = await sut.send(USERS_UPDATE, {
        principal: admin,
        userId: view.id,
        data: updateData(view, { username, name: 'Nuovo Nome', email: `${username}@agency.test`, role: 'tenant_admin', password: '' }),
      });

      expect(updated).toEqual({ ...view, username, name: 'Nuovo Nome', email: `${username}@agency.test`, role: 'tenant_admin' });
      expect((await storedUser(view.id)).password_hash).toBe(hashBefore);
      await sut.send(USERS_UPDATE, { principal: admin, userId: view.id, data: updateData(updated) });
      expect((await storedUser(view.id)).password_hash).toBe(hashBefore);
    });

    it('sets a new password when one is given', async () => {
      const { tenantId, admin } = await createAgency();
      const { view } = await addMember(admin, tenantId);
      await sut.send(USERS_UPDATE, { principal: superadmin, userId: view.id, data: updateData(view, { password: 'brand-new-pass' }) });
      expect(await argon2.verify((await storedUser(view.id)).password_hash, 'brand-new-pass')).toBe(true);
    });

    it('names the broken rules: short password, short username and name, bad e-mail, superadmin role', async () => {
      const { tenantId, admin } = await createAgency();
      const { view } = await addMember(admin, tenantId);
      const data = { username: 'ab', name: 'M', email: 'nope', password: '123', role: 'superadmin' } as unknown as UpdateUserDto;

      expect(await rpcError(sut.send(USERS_UPDATE, { principal: admin, userId: view.id, data }))).toMatchObject({
        statusCode: 400,
        message: expect.arrayContaining([
          'Username must be at least 3 characters',
          'Name must be at least 2 characters',
          'Valid email is required',
          'Password must be at least 6 characters',
          'Role must be tenant_admin or tenant_user',
        ]),
      });
      expect((await storedUser(view.id)).role).toBe('tenant_user');
    });

    it('does not move a user to another agency: a tenantId is refused with 400', async () => {
      const { tenantId, admin } = await createAgency();
      const other = await createAgency();
      const { view } = await addMember(admin, tenantId);
      const data = { ...updateData(view), tenantId: other.tenantId } as UpdateUserDto;

      expect(await rpcError(sut.send(USERS_UPDATE, { principal: superadmin, userId: view.id, data }))).toMatchObject({
        statusCode: 400,
        message: ['property tenantId should not exist'],
      });
      expect((await storedUser(view.id)).tenant_id).toBe(tenantId);
    });

    it('refuses a username in use: 409', async () => {
      const { tenantId, admin } = await createAgency();
      const { view } = await addMember(admin, tenantId);
      const { view: other } = await addMember(admin, tenantId);

      expect(await rpcError(sut.send(USERS_UPDATE, { principal: admin, userId: view.id, data: updateData(view, { username: other.username }) }))).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
      });
    });

    it("answers 404 for another agency's user, for the superadmin and for unknown ids", async () => {
      const { admin } = await createAgency();
      const other = await createAgency();
      const { view: foreign } = await addMember(other.admin, other.tenantId);
      const superadminView = { username: 'root', name: 'Superadmin', email: 'root@quotebook.test', role: 'tenant_user' } as UserView;

      const attempts: Array<[Principal, string, UserView]> = [
        [admin, foreign.id, foreign],
        [admin, superadmin.userId, superadminView],
        [superadmin, superadmin.userId, superadminView],
        [admin, randomUUID(), foreign],
        [admin, 'not-a-uuid', foreign],
      ];
      for (const [principal, userId, user] of attempts) {
        expect(await rpcError(sut.send(USERS_UPDATE, { principal, userId, data: updateData(user) }))).toMatchObject({
          statusCode: 404,
          message: 'User not found',
        });
      }
      expect((await storedUser(superadmin.userId)).role).toBe('superadmin');
    });

    it('is 403 for a tenant_user, even on itself', async () => {
      const { tenantId, admin } = await createAgency();
      const { view, principal } = await addMember(admin, tenantId);
      expect(await rpcError(sut.send(USERS_UPDATE, { principal, userId: view.id, data: updateData(view, { role: 'tenant_admin' }) }))).toMatchObject({
        statusCode: 403,
      });
      expect((await storedUser(view.id)).role).toBe('tenant_user');
    });
  });

  describe('delete', () => {
    it('removes a member of the team', async () => {
      const { tenantId, admin } = await createAgency();
      const { view } = await addMember(admin, tenantId);

      await expect(sut.send(USERS_DELETE, { principal: admin, userId: view.id })).resolves.toEqual({ deleted: true });

      expect(await storedUser(view.id)).toBeUndefined();
      expect((await sut.send(USERS_LIST, { principal: admin, tenantId })).items.map((user) => user.id)).not.toContain(view.id);
    });

    it('refuses to delete your own account: 400', async () => {
      const { tenantId, admin } = await createAgency();
      await addMember(admin, tenantId, { role: 'tenant_admin' });

      for (const principal of [admin, superadmin]) {
        expect(await rpcError(sut.send(USERS_DELETE, { principal, userId: principal.userId }))).toMatchObject({
          statusCode: 400,
          message: CANNOT_DELETE_SELF,
        });
      }
      expect(await storedUser(admin.userId)).toBeDefined();
    });

    it("answers 404 for another agency's user and for the superadmin", async () => {
      const { admin } = await createAgency();
      const other = await createAgency();
      const { view: foreign } = await addMember(other.admin, other.tenantId);

      for (const userId of [foreign.id, superadmin.userId, randomUUID()]) {
        expect(await rpcError(sut.send(USERS_DELETE, { principal: admin, userId }))).toMatchObject({ statusCode: 404, message: 'User not found' });
      }
      expect(await storedUser(foreign.id)).toBeDefined();
    });

    it('is 403 for a tenant_user', async () => {
      const { tenantId, admin } = await createAgency();
      const { principal } = await addMember(admin, tenantId);
      const { view: colleague } = await addMember(admin, tenantId);
      expect(await rpcError(sut.send(USERS_DELETE, { principal, userId: colleague.id }))).toMatchObject({ statusCode: 403 });
      expect(await storedUser(colleague.id)).toBeDefined();
    });
  });

  describe('an agency keeps at least one administrator', () => {
    it('refuses to demote or delete the last tenant_admin: 400', async () => {
      const { admin, adminView } = await createAgency();

      expect(
        await rpcError(sut.send(USERS_UPDATE, { principal: admin, userId: admin.userId, data: updateData(adminView, { role: 'tenant_user' }) })),
      ).toMatchObject({ statusCode: 400, message: LAST_TENANT_ADMIN });
      expect(
        await rpcError(sut.send(USERS_UPDATE, { principal: superadmin, userId: admin.userId, data: updateData(adminView, { role: 'tenant_user' }) })),
      ).toMatchObject({ statusCode: 400, message: LAST_TENANT_ADMIN });
      expect(await rpcError(sut.send(USERS_DELETE, { principal: superadmin, userId: admin.userId }))).toMatchObject({
        statusCode: 400,
        message: LAST_TENANT_ADMIN,
      });
      expect((await storedUser(admin.userId)).role).toBe('tenant_admin');
    });

    it('lets an admin step down or be removed while another admin remains', async () => {
      const { tenantId, admin, adminView } = await createAgency();
      const { view: second } = await addMember(admin, tenantId, { role: 'tenant_admin' });

      await sut.send(USERS_UPDATE, { principal: admin, userId: admin.userId, data: updateData(adminView, { role: 'tenant_user' }) });
      expect((await storedUser(admin.userId)).role).toBe('tenant_user');

      await sut.send(USERS_UPDATE, { principal: superadmin, userId: admin.userId, data: updateData(adminView, { role: 'tenant_admin' }) });
      await expect(sut.send(USERS_DELETE, { principal: superadmin, userId: second.id })).resolves.toEqual({ deleted: true });
    });

    it('stays true when two admins demote each other at the same moment', async () => {
      // several agencies at once, so the two demotions of at least one pair really overlap
      const pairs = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { tenantId, admin, adminView } = await createAgency();
          const { view: second, principal: secondAdmin } = await addMember(admin, tenantId, { role: 'tenant_admin' });
          return { tenantId, admin, adminView, second, secondAdmin };
        }),
      );

      const outcomes = await Promise.all(
        pairs.map(({ admin, adminView, second, secondAdmin }) =>
          Promise.allSettled([
            sut.send(USERS_UPDATE, { principal: admin, userId: second.id, data: updateData(second, { role: 'tenant_user' }) }),
            sut.send(USERS_UPDATE, { principal: secondAdmin, userId: admin.userId, data: updateData(adminView, { role: 'tenant_user' }) }),
          ]),
        ),
      );

      for (const [index, { tenantId }] of pairs.entries()) {
        expect(outcomes[index].filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const [{ n }] = await harness.query<{ n: string }>(
          `SELECT count(*) AS n FROM identity.users WHERE tenant_id = $1 AND role = 'tenant_admin'`,
          [tenantId],
        );
        expect(Number(n)).toBe(1);
      }
    });
  });

  describe('the caller is checked as stored, not as its token says', () => {
    it('an admin demoted since its token was issued can no longer manage the team: the session has ended, 401', async () => {
      const { tenantId, admin } = await createAgency();
      const { principal: formerAdmin } = await addMember(admin, tenantId, { role: 'tenant_admin' });
      const formerView = await sut.send(USERS_LIST, { principal: admin, tenantId }).then((team) => team.items.find((user) => user.id === formerAdmin.userId)!);
      await sut.send(USERS_UPDATE, { principal: admin, userId: formerAdmin.userId, data: updateData(formerView, { role: 'tenant_user' }) });

      const ended = { statusCode: 401, message: SESSION_ENDED_MESSAGE };
      expect(await rpcError(sut.send(USERS_LIST, { principal: formerAdmin, tenantId }))).toMatchObject(ended);
      expect(await rpcError(sut.send(USERS_CREATE, { principal: formerAdmin, data: memberData(tenantId) }))).toMatchObject(ended);
      expect(await rpcError(sut.send(USERS_DELETE, { principal: formerAdmin, userId: admin.userId }))).toMatchObject(ended);
      // signed in again, the same user has the new role and its limits
      const signedInAgain = { ...formerAdmin, role: 'tenant_user' as const, sessionVersion: 2 };
      expect(await rpcError(sut.send(USERS_LIST, { principal: signedInAgain, tenantId }))).toMatchObject({ statusCode: 403 });
    });

    it('a member whose password an admin changed is signed out: 401', async () => {
      const { tenantId, admin } = await createAgency();
      const { view, principal } = await addMember(admin, tenantId, { role: 'tenant_admin' });
      await sut.send(USERS_UPDATE, { principal: admin, userId: view.id, data: updateData(view, { password: 'changed-pass-1' }) });

      expect(await rpcError(sut.send(USERS_LIST, { principal, tenantId }))).toMatchObject({ statusCode: 401, message: SESSION_ENDED_MESSAGE });
      await expect(sut.send(USERS_LIST, { principal: { ...principal, sessionVersion: 2 }, tenantId })).resolves.toMatchObject({ nextCursor: null });
    });

    it('a rename alone keeps the session', async () => {
      const { tenantId, admin } = await createAgency();
      const { view, principal } = await addMember(admin, tenantId, { role: 'tenant_admin' });
      await sut.send(USERS_UPDATE, { principal: admin, userId: view.id, data: updateData(view, { name: 'Nome Nuovo' }) });
      await expect(sut.send(USERS_LIST, { principal, tenantId })).resolves.toMatchObject({ nextCursor: null });
    });

    it('a deleted admin is answered 401', async () => {
      const { tenantId, admin } = await createAgency();
      const { principal: goneAdmin } = await addMember(admin, tenantId, { role: 'tenant_admin' });
      await sut.send(USERS_DELETE, { principal: admin, userId: goneAdmin.userId });

      expect(await rpcError(sut.send(USERS_LIST, { principal: goneAdmin, tenantId }))).toMatchObject({
        statusCode: 401,
        message: SESSION_ENDED_MESSAGE,
      });
    });
  });
});
