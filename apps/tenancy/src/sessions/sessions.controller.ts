import { Controller } from '@nestjs/common';
import { RpcRequest, SESSIONS_TENANT_STATE } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { TenancyTenantStates } from './tenant-states';

/** Asked by the gateway and the other services when Redis holds no state for an agency. */
@Controller()
export class SessionsController {
  constructor(private readonly states: TenancyTenantStates) {}

  @Handles(SESSIONS_TENANT_STATE)
  tenantState({ tenantId }: RpcRequest<typeof SESSIONS_TENANT_STATE>) {
    return this.states.tenantState(tenantId);
  }
}
