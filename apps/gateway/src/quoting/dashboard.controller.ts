import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DashboardView, QUOTING_DASHBOARD } from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

/** The agency dashboard's figures and recent quotes, for its admins (a tenant user works on quotes only). */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('tenants/:tenantId/dashboard')
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Roles(...AGENCY_ADMINS)
  figures(@CurrentScope() scope: TenantScope): Promise<DashboardView> {
    return this.rpc.send(QUOTING_DASHBOARD, scope);
  }
}
