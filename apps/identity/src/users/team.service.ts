import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  canAdministerTenant,
  CANNOT_DELETE_SELF,
  LAST_TENANT_ADMIN,
  TENANT_ROLES,
  type CreateUserDto,
  type ListPage,
  type Principal,
  type TenantRole,
  type UpdateUserDto,
  type UserView,
} from '@quotebook/contracts';
import { appError, pageOfItems, pageStart, withConstraintErrors } from '@quotebook/server-core';
import { isUUID } from 'class-validator';
import { DataSource, EntityManager, FindOptionsWhere, In, Repository } from 'typeorm';
import { PasswordHasher } from './password-hasher';
import { UserSessions } from '../sessions/user-sessions';
import { User } from './user.entity';
import { mapUser } from './user.views';
import { newAccount, UNIQUE_USERNAME, usernameTaken } from './users.service';

const TEAM_LOCK_PREFIX = 'identity.team:';

const userNotFound = () => appError('NOT_FOUND', 'User not found');
const notAdministrator = () => appError('FORBIDDEN', 'Only an administrator of this tenant may do this');

/**
 * An agency's team as the Users page manages it: a superadmin manages every agency's team, a
 * tenant_admin only its own, and the superadmin account itself is never part of a team.
 */
@Injectable()
export class TeamService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly userSessions: UserSessions,
  ) {}

  /** One page of the team, bounded by bytes. */
  async list(principal: Principal, tenantId: string, cursor?: number): Promise<ListPage<UserView>> {
    if (typeof tenantId !== 'string' || !isUUID(tenantId)) throw appError('VALIDATION_FAILED', ['tenantId must be a UUID']);
    await this.requireAdministratorOf(principal, tenantId);
    const start = pageStart(cursor);
    const members = await this.users
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId', { tenantId })
      .andWhere('user.role IN (:...roles)', { roles: TENANT_ROLES })
      .orderBy('lower(user.name)', 'ASC')
      .addOrderBy('user.username', 'ASC')
      .getMany();
    return pageOfItems(members.map(mapUser), start);
  }

  async create(principal: Principal, dto: CreateUserDto): Promise<UserView> {
    // the agency exists: the session checks refuse a request naming one that does not
    await this.requireAdministratorOf(principal, dto.tenantId);
    const member = await newAccount(this.users, this.hasher, { ...dto, role: requireTenantRole(dto.role) });
    return mapUser(await this.saveMember(this.users.manager, member));
  }

  async update(principal: Principal, userId: string, dto: UpdateUserDto): Promise<UserView> {
    const actor = await this.requireTeamAdministrator(principal);
    const role = requireTenantRole(dto.role);
    const tenantId = (await this.findManageableMember(this.users.manager, actor, userId)).tenantId;
    // hashed before the transaction: argon2 is slow and the team lock should be held briefly
    const passwordHash = dto.password ? await this.hasher.hash(dto.password) : null;
    const { updated, session } = await this.withTeamLock(tenantId, async (manager) => {
      const member = await this.findManageableMember(manager, actor, userId);
      if (member.role === 'tenant_admin' && role !== 'tenant_admin') await assertAnotherAdmin(manager, member);
      if (dto.username !== member.username && (await manager.existsBy(User, { username: dto.username }))) {
        throw usernameTaken();
      }
      // a token keeps the role and password it was issued under: changing either ends the user's sessions
      const endsSessions = member.role !== role || passwordHash !== null;
      member.username = dto.username;
      member.name = dto.name;
      member.email = dto.email;
      member.role = role;
      if (passwordHash) member.passwordHash = passwordHash;
      const saved = await this.saveMember(manager, member);
      return { updated: saved, session: endsSessions ? await this.userSessions.end(manager, saved.id) : null };
    });
    if (session) await this.userSessions.publish([{ userId: updated.id, state: session }]);
    return mapUser(updated);
  }

  async delete(principal: Principal, userId: string): Promise<{ deleted: true }> {
    const actor = await this.requireTeamAdministrator(principal);
    if (userId === actor.id) throw appError('OWN_ACCOUNT', CANNOT_DELETE_SELF);
    const tenantId = (await this.findManageableMember(this.users.manager, actor, userId)).tenantId;
    await this.withTeamLock(tenantId, async (manager) => {
      const member = await this.findManageableMember(manager, actor, userId);
      if (member.role === 'tenant_admin') await assertAnotherAdmin(manager, member);
      await this.userSessions.forgetBeforeDeletion([member.id]);
      await manager.delete(User, { id: member.id });
    });
    await this.userSessions.publish([{ userId, state: { deleted: true } }]);
    return { deleted: true };
  }

  /**
   * The caller as stored now, not as its token says: a token keeps the role it was issued with, so an
   * admin demoted or deleted since must not keep managing the team until the token expires.
   */
  private async requireActor(principal: Principal | undefined): Promise<User> {
    const userId = principal?.userId;
    if (typeof userId !== 'string' || !isUUID(userId)) throw notAdministrator();
    const actor = await this.users.findOneBy({ id: userId });
    if (!actor) throw appError('SESSION_ENDED', 'User no longer exists');
    return actor;
  }

  private async requireTeamAdministrator(principal: Principal | undefined): Promise<User> {
    const actor = await this.requireActor(principal);
    if (actor.role !== 'superadmin' && actor.role !== 'tenant_admin') throw notAdministrator();
    return actor;
  }

  private async requireAdministratorOf(principal: Principal | undefined, tenantId: string): Promise<User> {
    const actor = await this.requireActor(principal);
    if (!canAdministerTenant(asPrincipal(actor), tenantId)) throw notAdministrator();
    return actor;
  }

  /** A member of a team the actor manages; anything else (another agency's user, the superadmin) is not found. */
  private async findManageableMember(manager: EntityManager, actor: User, userId: string): Promise<User & { tenantId: string }> {
    if (typeof userId !== 'string' || !isUUID(userId)) throw userNotFound();
    const where: FindOptionsWhere<User> = { id: userId, role: In([...TENANT_ROLES]) };
    if (actor.role !== 'superadmin') {
      if (!actor.tenantId) throw userNotFound();
      where.tenantId = actor.tenantId;
    }
    const member = await manager.findOneBy(User, where);
    if (!member?.tenantId) throw userNotFound();
    return member as User & { tenantId: string };
  }

  /**
   * Changes to one agency's team take turns, so two admins demoting each other at the same moment
   * cannot leave the agency without one.
   */
  private withTeamLock<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${TEAM_LOCK_PREFIX}${tenantId}`]);
      return work(manager);
    });
  }

  private saveMember(manager: EntityManager, member: User): Promise<User> {
    return withConstraintErrors(() => manager.save(User, member), UNIQUE_USERNAME);
  }
}

async function assertAnotherAdmin(manager: EntityManager, member: User & { tenantId: string }): Promise<void> {
  const admins = await manager.countBy(User, { tenantId: member.tenantId, role: 'tenant_admin' });
  if (admins <= 1) throw appError('LAST_ADMINISTRATOR', LAST_TENANT_ADMIN);
}

/** The DTO allows only these; checked again because this is where a superadmin could otherwise be made. */
function requireTenantRole(role: string): TenantRole {
  const tenantRole = TENANT_ROLES.find((candidate) => candidate === role);
  if (!tenantRole) throw appError('VALIDATION_FAILED', ['Role must be tenant_admin or tenant_user']);
  return tenantRole;
}

const asPrincipal = (user: User): Principal => ({
  userId: user.id,
  role: user.role,
  tenantId: user.tenantId,
  sessionVersion: user.sessionVersion,
});
