import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TENANCY_HEALTH, type ServiceHealth } from '@quotebook/contracts';
import { checkServiceHealth, Handles } from '@quotebook/server-core';
import { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Handles(TENANCY_HEALTH)
  health(): Promise<ServiceHealth> {
    return checkServiceHealth('tenancy', this.dataSource);
  }
}
