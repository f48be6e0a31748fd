import { Body, Controller, Delete, ForbiddenException, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  canAdministerTenant,
  CreateUserDto,
  UpdateUserDto,
  USERS_CREATE,
  USERS_DELETE,
  USERS_LIST,
  USERS_UPDATE,
  type UserView,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPages } from '../common/collect-pages';
import { uuidParam } from '../common/params';
import { AuthenticatedPrincipal, CurrentPrincipal, Roles, toPrincipal } from '../common/principal.decorator';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

/**
 * An agency's team. Only a superadmin or a tenant_admin gets here; identity decides which users a
 * tenant admin may touch (another agency's user is answered 404 there).
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller()
@Roles('superadmin', 'tenant_admin')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('tenants/:tenantId/users')
  list(@CurrentScope() scope: TenantScope): Promise<UserView[]> {
    return collectPages((page) => this.rpc.send(USERS_LIST, { ...scope, ...page }));
  }

  @Post('users')
  create(@CurrentPrincipal() principal: AuthenticatedPrincipal, @Body() data: CreateUserDto): Promise<UserView> {
    // the tenant is named in the body here, so the path's tenant guard cannot see it
    if (!canAdministerTenant(principal, data.tenantId)) throw new ForbiddenException("You don't have access to this tenant.");
    return this.rpc.send(USERS_CREATE, { principal: toPrincipal(principal), data });
  }

  @Put('users/:id')
  update(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('id', uuidParam('id')) userId: string,
    @Body() data: UpdateUserDto,
  ): Promise<UserView> {
    return this.rpc.send(USERS_UPDATE, { principal: toPrincipal(principal), userId, data });
  }

  @Delete('users/:id')
  @HttpCode(204)
  async remove(@CurrentPrincipal() principal: AuthenticatedPrincipal, @Param('id', uuidParam('id')) userId: string): Promise<void> {
    await this.rpc.send(USERS_DELETE, { principal: toPrincipal(principal), userId });
  }
}
