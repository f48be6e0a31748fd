import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH, type UserView } from './auth';
import type { ListPage, ListPageRequest } from './list-page';
import { TENANT_ROLES, type Principal, type TenantRole } from './principal';
import { EmptyAllowed, Omittable, trim } from './validation';
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

export type { TenantRole };

export const USERS_CREATE_TENANT_ADMIN = rpcPattern<CreateTenantAdminRequest, UserView>('identity.users.create-tenant-admin');
export const USERS_GET_TENANT_ADMIN = rpcPattern<{ principal: Principal; tenantId: string }, TenantAdminView>('identity.users.get-tenant-admin');
export const USERS_UPDATE_TENANT_ADMIN = rpcPattern<UpdateTenantAdminRequest, UserView>('identity.users.update-tenant-admin');
/** Removes every user of a tenant (rollback of a failed tenant creation; the event does the same on delete). */
export const USERS_DELETE_BY_TENANT = rpcPattern<{ principal: Principal; tenantId: string }, { deleted: number }>('identity.users.delete-by-tenant');

/* ---------- the Users page: a tenant's team ---------- */

class UserFieldsDto {
  @Transform(trim)
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(MIN_USERNAME_LENGTH, { message: 'Username must be at least 3 characters' })
  @MaxLength(100)
  username: string;

  @Transform(trim)
  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(MIN_NAME_LENGTH, { message: 'Name must be at least 2 characters' })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsEmail({}, { message: 'Valid email is required' })
  @MaxLength(254)
  email: string;

  @IsIn(TENANT_ROLES, { message: 'Role must be tenant_admin or tenant_user' })
  role: TenantRole;
}

export class CreateUserDto extends UserFieldsDto {
  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(200)
  password: string;

  /** the agency the user belongs to; a tenant admin may only name its own */
  @IsUUID('all', { message: 'tenantId must be a UUID' })
  tenantId: string;
}

export class UpdateUserDto extends UserFieldsDto {
  /** empty or absent keeps the current password */
  @Omittable()
  @EmptyAllowed()
  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(200)
  password?: string;
}

export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
/** Refused demotion or deletion of the only tenant_admin left in an agency. */
export const LAST_TENANT_ADMIN = 'An agency needs at least one administrator';

export const USERS_LIST = rpcPattern<{ principal: Principal; tenantId: string } & ListPageRequest, ListPage<UserView>>('identity.users.list');
export const USERS_CREATE = rpcPattern<{ principal: Principal; data: CreateUserDto }, UserView>('identity.users.create');
export const USERS_UPDATE = rpcPattern<{ principal: Principal; userId: string; data: UpdateUserDto }, UserView>('identity.users.update');
export const USERS_DELETE = rpcPattern<{ principal: Principal; userId: string }, { deleted: true }>('identity.users.delete');
