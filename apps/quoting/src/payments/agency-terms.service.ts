import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MAX_BALANCE_DUE_DAYS, type TenantTermsChangedEvent } from '@quotebook/contracts';
import { withTenant } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';

/** The agency's default balance days, as tenancy last announced them: quotes' schedules read them here. */
@Injectable()
export class AgencyTermsService {
  private readonly logger = new Logger(AgencyTermsService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Idempotent, so a redelivered event does no harm. */
  async keep({ tenantId, balanceDueDaysDefault: days }: TenantTermsChangedEvent): Promise<void> {
    // a malformed event would fail on every redelivery: acknowledge it and say so
    if (typeof tenantId !== 'string' || !isUUID(tenantId) || !Number.isInteger(days) || days < 0 || days > MAX_BALANCE_DUE_DAYS) {
      this.logger.warn(`tenant.terms-changed without a valid tenant or days ignored: ${JSON.stringify({ tenantId, days })}`);
      return;
    }
    await withTenant(this.dataSource, tenantId, (manager) =>
      manager.query(
        `INSERT INTO quoting.agency_terms (tenant_id, balance_due_days_default) VALUES ($1, $2)
         ON CONFLICT (tenant_id) DO UPDATE SET balance_due_days_default = excluded.balance_due_days_default`,
        [tenantId, days],
      ),
    );
  }
}
