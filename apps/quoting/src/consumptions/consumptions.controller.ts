import { Controller } from '@nestjs/common';
import { CONSUMPTIONS_ADD, CONSUMPTIONS_DELETE, CONSUMPTIONS_LIST, ConsumptionDto, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { ConsumptionsService } from './consumptions.service';

@Controller()
export class ConsumptionsController {
  constructor(private readonly consumptions: ConsumptionsService) {}

  @Handles(CONSUMPTIONS_LIST)
  list({ principal, tenantId, id }: RpcRequest<typeof CONSUMPTIONS_LIST>) {
    return this.consumptions.list(principal, tenantId, id);
  }

  @Handles(CONSUMPTIONS_ADD, { data: ConsumptionDto })
  add({ principal, tenantId, id, data }: RpcRequest<typeof CONSUMPTIONS_ADD>) {
    return this.consumptions.add(principal, tenantId, id, data);
  }

  @Handles(CONSUMPTIONS_DELETE)
  delete({ principal, tenantId, id, itemId }: RpcRequest<typeof CONSUMPTIONS_DELETE>) {
    return this.consumptions.delete(principal, tenantId, id, itemId);
  }
}
