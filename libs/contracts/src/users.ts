import type { Principal, TenantRole } from './principal';
import type { UserView } from './auth';
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
