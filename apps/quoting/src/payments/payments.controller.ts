import { Controller } from '@nestjs/common';
import { PAYMENTS_ADD, PAYMENTS_DELETE, PAYMENTS_LIST, PaymentDto, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { PaymentsService } from './payments.service';

@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Handles(PAYMENTS_LIST)
  list({ principal, tenantId, id }: RpcRequest<typeof PAYMENTS_LIST>) {
    return this.payments.list(principal, tenantId, id);
  }

  @Handles(PAYMENTS_ADD, { data: PaymentDto })
  add({ principal, tenantId, id, data }: RpcRequest<typeof PAYMENTS_ADD>) {
    return this.payments.add(principal, tenantId, id, data);
  }

  @Handles(PAYMENTS_DELETE)
  delete({ principal, tenantId, id, itemId }: RpcRequest<typeof PAYMENTS_DELETE>) {
    return this.payments.delete(principal, tenantId, id, itemId);
  }
}
