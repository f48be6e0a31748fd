import { Controller } from '@nestjs/common';
import {
  RpcRequest,
  UpdateWebhookDto,
  WEBHOOK_DELIVERIES_LIST,
  WebhookDto,
  WEBHOOKS_CREATE,
  WEBHOOKS_DELETE,
  WEBHOOKS_LIST,
  WEBHOOKS_UPDATE,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Handles(WEBHOOKS_LIST)
  list({ principal, tenantId, cursor }: RpcRequest<typeof WEBHOOKS_LIST>) {
    return this.webhooks.list(principal, tenantId, cursor);
  }

  @Handles(WEBHOOKS_CREATE, { data: WebhookDto })
  create({ principal, tenantId, data }: RpcRequest<typeof WEBHOOKS_CREATE>) {
    return this.webhooks.create(principal, tenantId, data);
  }

  @Handles(WEBHOOKS_UPDATE, { data: UpdateWebhookDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof WEBHOOKS_UPDATE>) {
    return this.webhooks.update(principal, tenantId, id, data);
  }

  @Handles(WEBHOOKS_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof WEBHOOKS_DELETE>) {
    return this.webhooks.delete(principal, tenantId, id);
  }

  @Handles(WEBHOOK_DELIVERIES_LIST)
  deliveries({ principal, tenantId, id }: RpcRequest<typeof WEBHOOK_DELIVERIES_LIST>) {
    return this.webhooks.deliveries(principal, tenantId, id);
  }
}
