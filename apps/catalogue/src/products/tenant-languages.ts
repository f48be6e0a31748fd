import { Injectable } from '@nestjs/common';
import { TENANTS_GET, type Principal } from '@quotebook/contracts';
import { appError, RpcClient } from '@quotebook/server-core';

/**
 * The languages a tenant has enabled, asked from tenancy (which owns them) on every request that needs
 * them: a tenant admin who just enabled a language can use it at once. Tenancy's answer also settles
 * whether the tenant exists (404 otherwise) and re-checks the caller's access to it.
 */
@Injectable()
export class TenantLanguages {
  constructor(private readonly rpc: RpcClient) {}

  async of(principal: Principal, tenantId: string): Promise<string[]> {
    const tenant = await this.rpc.send(TENANTS_GET, { principal, tenantId });
    return tenant.languages;
  }

  async assertEnabled(principal: Principal, tenantId: string, field: string, languages: readonly string[]): Promise<void> {
    const enabled = await this.of(principal, tenantId);
    const refused = languages.filter((language) => !enabled.includes(language));
    if (refused.length > 0) {
      const message = `${field}: ${refused.join(', ')} is not enabled for this agency (enabled: ${enabled.join(', ')})`;
      throw appError('VALIDATION_FAILED', [message]);
    }
  }
}
