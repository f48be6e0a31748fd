import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TenantNeedNotExist } from '@quotebook/server-core';
import {
  USERS_CREATE_TENANT_ADMIN,
  USERS_DELETE_BY_TENANT,
  USERS_GET_TENANT_ADMIN,
  USERS_UPDATE_TENANT_ADMIN,
} from '@quotebook/contracts';
import { CreateTenantAdminPayload, TenantScopePayload, UpdateTenantAdminPayload } from './tenant-admin.payloads';
import { UsersService } from './users.service';

/** Calls tenancy makes while it creates, edits or rolls back a tenant. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** the agency is still being created: its row commits only once the admin exists */
  @MessagePattern(USERS_CREATE_TENANT_ADMIN.subject)
  @TenantNeedNotExist()
  createTenantAdmin(@Payload() request: CreateTenantAdminPayload) {
    return this.users.createTenantAdmin(request);
  }

  @MessagePattern(USERS_GET_TENANT_ADMIN.subject)
  getTenantAdmin(@Payload() request: TenantScopePayload) {
    return this.users.getTenantAdmin(request.principal, request.tenantId);
  }

  @MessagePattern(USERS_UPDATE_TENANT_ADMIN.subject)
  updateTenantAdmin(@Payload() request: UpdateTenantAdminPayload) {
    return this.users.updateTenantAdmin(request);
  }

  /** the rollback of an agency that was never committed */
  @MessagePattern(USERS_DELETE_BY_TENANT.subject)
  @TenantNeedNotExist()
  deleteByTenant(@Payload() request: TenantScopePayload) {
    return this.users.deleteTenantUsers(request.principal, request.tenantId);
  }
}
