import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Principal, TenantAdminView, UserView } from '@quotebook/contracts';
import { appError, requireSuperadmin, withConstraintErrors, type ConstraintErrors } from '@quotebook/server-core';
import { DataSource, Repository } from 'typeorm';
import { UserSessions } from '../sessions/user-sessions';
import { PasswordHasher } from './password-hasher';
import { CreateTenantAdminPayload, UpdateTenantAdminPayload } from './tenant-admin.payloads';
import { User } from './user.entity';
import { mapTenantAdmin, mapUser } from './user.views';

export const USERNAME_TAKEN = 'Username already exists';
export const usernameTaken = () => appError('USERNAME_TAKEN', USERNAME_TAKEN);
/** The unique index has the last word when two requests race for one username. */
export const UNIQUE_USERNAME: ConstraintErrors = { users_username_key: usernameTaken };

export type NewAccount = Pick<User, 'username' | 'name' | 'email' | 'role' | 'tenantId'> & { password: string };

/** A new, unsaved account under a username nobody has yet; the password is kept only as its hash. */
export async function newAccount(users: Repository<User>, hasher: PasswordHasher, account: NewAccount): Promise<User> {
  if (await users.existsBy({ username: account.username })) throw usernameTaken();
  const { password, ...fields } = account;
  return users.create({ ...fields, passwordHash: await hasher.hash(password) });
}
const SUPERADMIN_SEED_LOCK = 'identity.superadmin-seed';

export interface SuperadminAccount {
  username: string;
  password: string;
  email: string;
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly userSessions: UserSessions,
  ) {}

  findByUsername(username: string): Promise<User | null> {
    return this.users.findOneBy({ username });
  }

  /**
   * Stores the same password hashed at the current cost, unless the password changed meanwhile (the
   * stored hash is no longer `user.passwordHash`, the one just verified). Not a password change:
   * sessions go on.
   */
  async rehashPassword(user: Pick<User, 'id' | 'passwordHash'>, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    await this.users.update({ id: user.id, passwordHash: user.passwordHash }, { passwordHash });
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Every user with that e-mail address, compared case-insensitively. */
  findByEmail(email: string): Promise<User[]> {
    return this.users
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email })
      .orderBy('user.created_at', 'ASC')
      .getMany();
  }

  /**
   * Creates the superadmin when there is none. Replicas starting together serialise on an advisory
   * lock, and a username that is already taken is reported rather than treated as a failure.
   */
  async ensureSuperadmin(account: SuperadminAccount): Promise<void> {
    if (await this.users.existsBy({ role: 'superadmin' })) return;
    const passwordHash = await this.hasher.hash(account.password);
    const created = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SUPERADMIN_SEED_LOCK]);
      if (await manager.existsBy(User, { role: 'superadmin' })) return null;
      const inserted: Array<{ id: string }> = await manager.query(
        `INSERT INTO "identity"."users" ("username", "password_hash", "name", "email", "role", "tenant_id")
         VALUES ($1, $2, 'Superadmin', $3, 'superadmin', NULL)
         ON CONFLICT ("username") DO NOTHING
         RETURNING "id"`,
        [account.username, passwordHash, account.email],
      );
      return inserted.length > 0;
    });
    if (created === true) this.logger.log(`Created the superadmin account "${account.username}"`);
    if (created === false) {
      this.logger.warn(`No superadmin created: the username "${account.username}" belongs to another user`);
    }
  }

  async createTenantAdmin(request: CreateTenantAdminPayload): Promise<UserView> {
    const { principal, ...account } = request;
    requireSuperadmin(principal);
    const admin = await newAccount(this.users, this.hasher, { ...account, role: 'tenant_admin' });
    return mapUser(await withConstraintErrors(() => this.users.save(admin), UNIQUE_USERNAME));
  }

  async getTenantAdmin(principal: Principal, tenantId: string): Promise<TenantAdminView> {
    requireSuperadmin(principal);
    return mapTenantAdmin(await this.requireTenantAdmin(tenantId));
  }

  async updateTenantAdmin(request: UpdateTenantAdminPayload): Promise<UserView> {
    requireSuperadmin(request.principal);
    const admin = await this.requireTenantAdmin(request.tenantId);
    if (request.username !== admin.username && (await this.users.existsBy({ username: request.username }))) {
      throw usernameTaken();
    }
    admin.username = request.username;
    admin.name = request.name;
    admin.email = request.email;
    if (request.password) admin.passwordHash = await this.hasher.hash(request.password);
    const { saved, session } = await this.dataSource.transaction(async (manager) => {
      const updated = await withConstraintErrors(() => manager.save(User, admin), UNIQUE_USERNAME);
      // a new password ends the admin's sessions, like any password change
      return { saved: updated, session: request.password ? await this.userSessions.end(manager, updated.id) : null };
    });
    if (session) await this.userSessions.publish([{ userId: saved.id, state: session }]);
    return mapUser(saved);
  }

  async deleteTenantUsers(principal: Principal, tenantId: string): Promise<{ deleted: number }> {
    requireSuperadmin(principal);
    return { deleted: await this.purgeTenant(tenantId) };
  }

  /** Removes every user of a tenant, ending their sessions; idempotent, so a redelivered event does no harm. */
  async purgeTenant(tenantId: string): Promise<number> {
    const result = await this.users
      .createQueryBuilder()
      .delete()
      .where('tenant_id = :tenantId', { tenantId })
      .returning('id')
      .execute();
    const removed = result.raw as Array<{ id: string }>;
    await this.userSessions.publish(removed.map(({ id }) => ({ userId: id, state: { deleted: true } })));
    return removed.length;
  }

  /** The tenant's admin: the oldest one when an agency has promoted more users since. */
  private async requireTenantAdmin(tenantId: string): Promise<User> {
    const admin = await this.users.findOne({
      where: { tenantId, role: 'tenant_admin' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (!admin) throw appError('NOT_FOUND', 'Tenant admin not found');
    return admin;
  }
}
