import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  UpdateWebhookDto,
  WEBHOOK_DELIVERIES_LIST,
  WebhookDeliveryView,
  WebhookDto,
  WEBHOOKS_CREATE,
  WEBHOOKS_DELETE,
  WEBHOOKS_LIST,
  WEBHOOKS_UPDATE,
  WebhookView,
} from '@quotebook/contracts';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS, idParam, TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

/**
 * The agency's webhook endpoints for integrators, and what was delivered to each: for its
 * administrators only (a secret signs what the agency's quotes tell an outside system).
 */
@ApiTags('webhooks')
@Controller('tenants/:tenantId/webhooks')
export class WebhooksController extends TenantResource({
  body: WebhookDto,
  view: WebhookView,
  updateBody: UpdateWebhookDto,
  listPages: WEBHOOKS_LIST,
  create: WEBHOOKS_CREATE,
  update: WEBHOOKS_UPDATE,
  remove: WEBHOOKS_DELETE,
  readers: AGENCY_ADMINS,
  listSummary: "The agency's webhook endpoints (their secrets are never read back)",
}) {
  @Get(':id/deliveries')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: "An endpoint's deliveries, newest first (100 at most)" })
  @ApiOkResponse({ type: WebhookDeliveryView, isArray: true })
  deliveries(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string): Promise<WebhookDeliveryView[]> {
    return this.rpc.send(WEBHOOK_DELIVERIES_LIST, { ...scope, id });
  }
}
