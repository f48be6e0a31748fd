import { Logger, OnApplicationBootstrap, Provider, Type } from '@nestjs/common';
import { TENANT_DELETED } from '@quotebook/contracts';
import { isUUID } from 'class-validator';
import { EventBus } from './event-bus';

/** What a service keeps of a tenant, forgotten at once; idempotent, so a redelivered event does no harm. */
export interface TenantPurger {
  purgeTenant(tenantId: string): Promise<number>;
}

export interface TenantPurgeOptions {
  /**
   * The durable consumer name, one per service: events published while the service was down are
   * delivered when it is back. Changing it makes the stream deliver its whole history again.
   */
  consumer: string;
  /** the provider that removes the tenant's rows */
  purger: Type<TenantPurger>;
  /** what the purge counts, for the log line (e.g. "user(s)") */
  removed: string;
}

/** Forgets a deleted tenant when tenancy announces the deletion. */
export class TenantDeletedListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(TenantDeletedListener.name);

  constructor(
    private readonly bus: EventBus,
    private readonly purger: TenantPurger,
    private readonly options: Pick<TenantPurgeOptions, 'consumer' | 'removed'>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(TENANT_DELETED, this.options.consumer, async ({ tenantId }) => {
      // a malformed event would fail on every redelivery: acknowledge it and say so
      if (typeof tenantId !== 'string' || !isUUID(tenantId)) {
        this.logger.warn(`tenant.deleted without a valid tenant id ignored: ${JSON.stringify(tenantId)}`);
        return;
      }
      const removed = await this.purger.purgeTenant(tenantId);
      this.logger.log(`Tenant ${tenantId} deleted: removed ${removed} ${this.options.removed}`);
    });
  }
}

/** The listener as a provider of the module that holds the purger (the process must import EventsModule). */
export function tenantDeletedListener(options: TenantPurgeOptions): Provider {
  return {
    provide: TenantDeletedListener,
    useFactory: (bus: EventBus, purger: TenantPurger) => new TenantDeletedListener(bus, purger, options),
    inject: [EventBus, options.purger],
  };
}
