import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NotificationsView, Principal } from '@quotebook/contracts';
import { appError, requireTenantAccess } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { markNotificationsRead, readNotifications } from './loop-rows';

const notificationNotFound = () => appError('NOT_FOUND', 'Notification not found');

/** The bell: what customers did with the quotes the signed-in user sent (first view, acceptance, decline). */
@Injectable()
export class NotificationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's own notifications in the agency, the newest 50, and how many are unread. */
  async list(principal: Principal, tenantId: string): Promise<NotificationsView> {
    requireTenantAccess(principal, tenantId);
    return readTenant(this.dataSource, tenantId, (manager) => readNotifications(manager, tenantId, principal.userId));
  }

  /** Marks one of the user's notifications read, or all of them (`id` = 'all'); the list as it is then. */
  async read(principal: Principal, tenantId: string, id: string): Promise<NotificationsView> {
    requireTenantAccess(principal, tenantId);
    if (id !== 'all' && (typeof id !== 'string' || !isUUID(id))) throw notificationNotFound();
    return withTenant(this.dataSource, tenantId, async (manager) => {
      // another user's notification is not found, as one of another agency
      if (!(await markNotificationsRead(manager, tenantId, principal.userId, id))) throw notificationNotFound();
      return readNotifications(manager, tenantId, principal.userId);
    });
  }
}
