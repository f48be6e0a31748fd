import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { TENANT_DELETED } from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { UsersService } from './users.service';

/** The durable consumer name: events published while identity was down are delivered when it is back. */
export const IDENTITY_CONSUMER = 'identity';

@Injectable()
export class TenantDeletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(TenantDeletedListener.name);

  constructor(
    private readonly bus: EventBus,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(TENANT_DELETED, IDENTITY_CONSUMER, async ({ tenantId }) => {
      const deleted = await this.users.purgeTenant(tenantId);
      this.logger.log(`Tenant ${tenantId} deleted: removed ${deleted} user(s)`);
    });
  }
}
