import { Controller } from '@nestjs/common';
import { QUOTING_DASHBOARD, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { DashboardService } from './dashboard.service';

@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Handles(QUOTING_DASHBOARD)
  figures({ principal, tenantId }: RpcRequest<typeof QUOTING_DASHBOARD>) {
    return this.dashboard.figures(principal, tenantId);
  }
}
