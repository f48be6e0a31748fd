import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { deleteTenantRows, type TenantPurger } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';

/** Children before their quotes, so that each table's rows are counted; then the agency's number counters. */
const PURGE_ORDER = [
  'quoting.notifications',
  'quoting.quote_revision_views',
  'quoting.quote_revisions',
  'quoting.quote_links',
  'quoting.service_consumptions',
  'quoting.quote_payments',
  'quoting.quote_items',
  'quoting.quotes',
  'quoting.quote_numbers',
  // the invoices outlive their quotes, not their agency
  'quoting.invoices',
  'quoting.invoice_numbers',
  'quoting.agency_terms',
  // the webhooks' deliveries before their endpoints
  'quoting.webhook_deliveries',
  'quoting.webhooks',
] as const;

@Injectable()
export class TenantPurgeService implements TenantPurger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Removes every quoting row of the tenant in one transaction; returns how many rows went. */
  purgeTenant(tenantId: string): Promise<number> {
    return deleteTenantRows(this.dataSource, tenantId, PURGE_ORDER);
  }
}
