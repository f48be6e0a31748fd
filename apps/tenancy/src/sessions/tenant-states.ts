import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TenantSessionState } from '@quotebook/contracts';
import type { TenantStateSource } from '@quotebook/server-core';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { Tenant } from '../tenants/tenant.entity';

/** An agency's state as sessions see it. */
export function tenantSessionState(tenant: Pick<Tenant, 'sessionVersion' | 'enabled' | 'expiryDate'>): TenantSessionState {
  return { version: tenant.sessionVersion, enabled: tenant.enabled, expiryDate: tenant.expiryDate };
}

/** Tenancy owns agencies, so it reads their session state from its own table; an unknown id is deleted. */
@Injectable()
export class TenancyTenantStates implements TenantStateSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async tenantState(tenantId: string): Promise<TenantSessionState> {
    if (typeof tenantId !== 'string' || !isUUID(tenantId)) return { deleted: true };
    const tenant = await this.dataSource
      .getRepository(Tenant)
      .findOne({ where: { id: tenantId }, select: { id: true, sessionVersion: true, enabled: true, expiryDate: true } });
    return tenant ? tenantSessionState(tenant) : { deleted: true };
  }
}
