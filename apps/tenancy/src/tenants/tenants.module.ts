import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsController } from '../sessions/sessions.controller';
import { TenancyTenantStates } from '../sessions/tenant-states';
import { Tenant } from './tenant.entity';
import { TenantsController } from './tenants.controller';
import { TenantsService } from './tenants.service';

@Module({
  imports: [TypeOrmModule.forFeature([Tenant])],
  controllers: [TenantsController, SessionsController],
  providers: [TenantsService, TenancyTenantStates],
})
export class TenantsModule {}
