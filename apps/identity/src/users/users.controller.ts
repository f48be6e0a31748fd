import { Controller } from '@nestjs/common';
import {
  RpcRequest,
  USERS_CREATE_TENANT_ADMIN,
  USERS_DELETE_BY_TENANT,
  USERS_GET_TENANT_ADMIN,
  USERS_UPDATE_TENANT_ADMIN,
} from '@quotebook/contracts';
import { Handles, TenantNeedNotExist } from '@quotebook/server-core';
import { CreateTenantAdminPayload, TenantScopePayload, UpdateTenantAdminPayload } from './tenant-admin.payloads';
import { UsersService } from './users.service';

/** Calls tenancy makes while it creates, edits or rolls back a tenant. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** the agency is still being created: its row commits only once the admin exists */
  @Handles(USERS_CREATE_TENANT_ADMIN, CreateTenantAdminPayload)
  @TenantNeedNotExist()
  createTenantAdmin(request: RpcRequest<typeof USERS_CREATE_TENANT_ADMIN>) {
    return this.users.createTenantAdmin(request);
  }

  @Handles(USERS_GET_TENANT_ADMIN, TenantScopePayload)
  getTenantAdmin({ principal, tenantId }: RpcRequest<typeof USERS_GET_TENANT_ADMIN>) {
    return this.users.getTenantAdmin(principal, tenantId);
  }

  @Handles(USERS_UPDATE_TENANT_ADMIN, UpdateTenantAdminPayload)
  updateTenantAdmin(request: RpcRequest<typeof USERS_UPDATE_TENANT_ADMIN>) {
    return this.users.updateTenantAdmin(request);
  }

  /** the rollback of an agency that was never committed */
  @Handles(USERS_DELETE_BY_TENANT, TenantScopePayload)
  @TenantNeedNotExist()
  deleteByTenant({ principal, tenantId }: RpcRequest<typeof USERS_DELETE_BY_TENANT>) {
    return this.users.deleteTenantUsers(principal, tenantId);
  }
}
