import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { deleteTenantRows, type TenantPurger } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';

/** Children before the parents their foreign keys protect (products keep VAT rates, customers price lists). */
const PURGE_ORDER = [
  'catalogue.product_tags',
  'catalogue.product_availability',
  'catalogue.products',
  'catalogue.customer_tags',
  'catalogue.customers',
  'catalogue.tags',
  'catalogue.price_lists',
  'catalogue.vat_rates',
] as const;

@Injectable()
export class TenantPurgeService implements TenantPurger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Removes every catalogue row of the tenant in one transaction; returns how many rows went. */
  purgeTenant(tenantId: string): Promise<number> {
    return deleteTenantRows(this.dataSource, tenantId, PURGE_ORDER);
  }
}
