import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CustomerChangedEvent } from '@quotebook/contracts';
import { withTenant } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';

/** Quotes show their customer's business name without asking the catalogue: it is kept here, current. */
@Injectable()
export class CustomerNamesService {
  private readonly logger = new Logger(CustomerNamesService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The customer's quotes take its new name; idempotent, so a redelivered event does no harm. */
  async rename({ tenantId, customerId, name }: CustomerChangedEvent): Promise<void> {
    // a malformed event would fail on every redelivery: acknowledge it and say so
    if (typeof tenantId !== 'string' || !isUUID(tenantId) || typeof customerId !== 'string' || !isUUID(customerId) || typeof name !== 'string' || name === '') {
      // the name is the customer's (often a person's): never logged
      this.logger.warn(`customer.changed without a valid tenant, customer or name ignored: ${JSON.stringify({ tenantId, customerId })}`);
      return;
    }
    await withTenant(this.dataSource, tenantId, (manager) =>
      manager.query(`UPDATE quoting.quotes SET customer_name = $3 WHERE tenant_id = $1 AND customer_id = $2 AND customer_name <> $3`, [
        tenantId,
        customerId,
        name,
      ]),
    );
  }
}
