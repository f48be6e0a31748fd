import { AUTH_MESSAGES, MESSAGES, mustBeUuid, TENANT_ROLES, type TenantRole } from '@quotebook/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsUUID } from 'class-validator';
import type { UserView } from './auth';
import type { ListPage, ListPageRequest } from './list-page';
import type { Principal } from './principal';
import { EmptyAllowed, IsEmailAddress, NewPassword, Omittable, PersonName, trim, Username } from './validation';
import type { TenantAdminView } from './tenants';
import { rpcPattern } from './subjects';

/** Internal calls tenancy makes to identity while it creates, edits or rolls back a tenant. */
export interface CreateTenantAdminRequest {
  principal: Principal;
  tenantId: string;
  username: string;
  password: string;
  name: string;
  email: string;
}

export interface UpdateTenantAdminRequest {
  principal: Principal;
  tenantId: string;
  username: string;
  name: string;
  email: string;
  /** empty or absent keeps the current password */
  password?: string;
}


export const USERS_CREATE_TENANT_ADMIN = rpcPattern<CreateTenantAdminRequest, UserView>('identity.users.create-tenant-admin');
export const USERS_GET_TENANT_ADMIN = rpcPattern<{ principal: Principal; tenantId: string }, TenantAdminView>('identity.users.get-tenant-admin');
export const USERS_UPDATE_TENANT_ADMIN = rpcPattern<UpdateTenantAdminRequest, UserView>('identity.users.update-tenant-admin');
/** Removes every user of a tenant (rollback of a failed tenant creation; the event does the same on delete). */
export const USERS_DELETE_BY_TENANT = rpcPattern<{ principal: Principal; tenantId: string }, { deleted: number }>('identity.users.delete-by-tenant');

/* ---------- the Users page: a tenant's team ---------- */

class UserFieldsDto {
  @Transform(trim)
  @Username()
  username: string;

  @Transform(trim)
  @PersonName()
  name: string;

  @Transform(trim)
  @IsEmailAddress({ message: MESSAGES.emailRequiredValid })
  email: string;

  @IsIn(TENANT_ROLES, { message: MESSAGES.roleInvalid })
  role: TenantRole;
}

export class CreateUserDto extends UserFieldsDto {
  @NewPassword()
  password: string;

  /** the agency the user belongs to; a tenant admin may only name its own */
  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId: string;
}

export class UpdateUserDto extends UserFieldsDto {
  /** empty or absent keeps the current password */
  @Omittable()
  @EmptyAllowed()
  @NewPassword()
  password?: string;
}

export const CANNOT_DELETE_SELF = AUTH_MESSAGES.cannotDeleteSelf;
/** Refused demotion or deletion of the only tenant_admin left in an agency. */
export const LAST_TENANT_ADMIN = AUTH_MESSAGES.lastTenantAdmin;

export const USERS_LIST = rpcPattern<{ principal: Principal; tenantId: string } & ListPageRequest, ListPage<UserView>>('identity.users.list');
export const USERS_CREATE = rpcPattern<{ principal: Principal; data: CreateUserDto }, UserView>('identity.users.create');
export const USERS_UPDATE = rpcPattern<{ principal: Principal; userId: string; data: UpdateUserDto }, UserView>('identity.users.update');
export const USERS_DELETE = rpcPattern<{ principal: Principal; userId: string }, { deleted: true }>('identity.users.delete');
