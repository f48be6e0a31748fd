import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';
import { TenantLanguages } from '../products/tenant-languages';

@Module({ controllers: [CustomersController], providers: [CustomersService, TenantLanguages] })
export class CustomersModule {}
