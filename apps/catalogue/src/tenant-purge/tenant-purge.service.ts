import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type TenantPurger, withTenant } from '@quotebook/server-core';
import { DataSource } from 'typeorm';

/** Children before the parents their foreign keys protect (products keep VAT rates, customers price lists). */
const PURGE_ORDER = [
  'product_tags',
  'product_availability',
  'products',
  'customer_tags',
  'customers',
  'tags',
  'price_lists',
  'vat_rates',
] as const;

@Injectable()
export class TenantPurgeService implements TenantPurger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Removes every catalogue row of the tenant in one transaction; returns how many rows went. */
  async purgeTenant(tenantId: string): Promise<number> {
    return withTenant(this.dataSource, tenantId, async (manager) => {
      let removed = 0;
      for (const table of PURGE_ORDER) {
        const [, affected]: [unknown, number] = await manager.query(`DELETE FROM catalogue.${table} WHERE tenant_id = $1`, [tenantId]);
        removed += affected;
      }
      return removed;
    });
  }
}
