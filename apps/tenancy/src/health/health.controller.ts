import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { TENANCY_HEALTH, type ServiceHealth } from '@quotebook/contracts';
import { checkServiceHealth } from '@quotebook/server-core';
import { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(TENANCY_HEALTH.subject)
  health(): Promise<ServiceHealth> {
    return checkServiceHealth('tenancy', this.dataSource);
  }
}
