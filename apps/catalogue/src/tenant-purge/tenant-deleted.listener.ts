import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { TENANT_DELETED } from '@quotebook/contracts';
import { EventBus } from '@quotebook/server-core';
import { isUUID } from 'class-validator';
import { TenantPurgeService } from './tenant-purge.service';

/** The durable consumer name: events published while catalogue was down are delivered when it is back. */
export const CATALOGUE_CONSUMER = 'catalogue';

@Injectable()
export class TenantDeletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(TenantDeletedListener.name);

  constructor(
    private readonly bus: EventBus,
    private readonly purger: TenantPurgeService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(TENANT_DELETED, CATALOGUE_CONSUMER, async ({ tenantId }) => {
      // a malformed event would fail on every redelivery: acknowledge it and say so
      if (typeof tenantId !== 'string' || !isUUID(tenantId)) {
        this.logger.warn(`tenant.deleted without a valid tenant id ignored: ${JSON.stringify(tenantId)}`);
        return;
      }
      const removed = await this.purger.purge(tenantId);
      this.logger.log(`Tenant ${tenantId} deleted: removed ${removed} catalogue row(s)`);
    });
  }
}
