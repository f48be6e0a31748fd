import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NOTIFICATIONS_LIST, NOTIFICATIONS_READ, NotificationsView } from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { Roles } from '../common/principal.decorator';
import { AGENCY_MEMBERS } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { NotificationIdPipe, notificationIdApiParam } from './customer-loop-params';

/** The signed-in user's notifications (a quote first viewed, accepted, declined): each user reads only their own. */
@ApiTags('notifications')
@Controller('tenants/:tenantId/notifications')
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Roles(...AGENCY_MEMBERS)
  @ApiOperation({ summary: "The signed-in user's notifications, newest first (at most 50), and how many are unread." })
  list(@CurrentScope() scope: TenantScope): Promise<NotificationsView> {
    return this.rpc.send(NOTIFICATIONS_LIST, scope);
  }

  @Post(':id/read')
  @Roles(...AGENCY_MEMBERS)
  @HttpCode(200)
  @notificationIdApiParam()
  @ApiOperation({ summary: "Marks one notification read, or every one of the user's with `all`; answers the notifications as they are then." })
  read(@CurrentScope() scope: TenantScope, @Param('id', new NotificationIdPipe()) id: string): Promise<NotificationsView> {
    return this.rpc.send(NOTIFICATIONS_READ, { ...scope, id });
  }
}
