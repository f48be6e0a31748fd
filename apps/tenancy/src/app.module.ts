import { DynamicModule, Module } from '@nestjs/common';
import { TENANCY_HEALTH } from '@quotebook/contracts';
import { ServiceCoreModule } from '@quotebook/server-core/service';
import { TenancyEnv } from './env';
import { CreateTenants1767225600000 } from './migrations/1767225600000-create-tenants';
import { TenantSessionVersion1767484800000 } from './migrations/1767484800000-tenant-session-version';
import { CostVisibility1772000000000 } from './migrations/1772000000000-cost-visibility';
import { BalanceDays1772100000000 } from './migrations/1772100000000-balance-days';
import { EInvoice1772200000000 } from './migrations/1772200000000-e-invoice';
import { TenancyTenantStates } from './sessions/tenant-states';
import { TENANCY_SCHEMA } from './tenancy.schema';
import { Tenant } from './tenants/tenant.entity';
import { TenantsModule } from './tenants/tenants.module';

/** Tenants (agencies): their settings, logo and status. */
@Module({})
export class TenancyModule {
  static forRoot(env: TenancyEnv): DynamicModule {
    return {
      module: TenancyModule,
      global: true,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'tenancy',
          env,
          health: TENANCY_HEALTH,
          database: {
            schema: TENANCY_SCHEMA,
            entities: [Tenant],
            migrations: [CreateTenants1767225600000, TenantSessionVersion1767484800000, CostVisibility1772000000000, BalanceDays1772100000000, EInvoice1772200000000],
          },
          sessions: { tenantStates: TenancyTenantStates },
        }),
        TenantsModule,
      ],
      providers: [{ provide: TenancyEnv, useValue: env }],
      exports: [TenancyEnv],
    };
  }
}
