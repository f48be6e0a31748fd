import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SESSIONS_TENANT_STATE } from '@quotebook/contracts';
import { TenancyTenantStates } from './tenant-states';

/** Asked by the gateway and the other services when Redis holds no state for an agency. */
@Controller()
export class SessionsController {
  constructor(private readonly states: TenancyTenantStates) {}

  @MessagePattern(SESSIONS_TENANT_STATE.subject)
  tenantState(@Payload('tenantId') tenantId: string) {
    return this.states.tenantState(tenantId);
  }
}
