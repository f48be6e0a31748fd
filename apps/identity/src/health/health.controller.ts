import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IDENTITY_HEALTH, type ServiceHealth } from '@quotebook/contracts';
import { checkServiceHealth, Handles } from '@quotebook/server-core';
import { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Handles(IDENTITY_HEALTH)
  health(): Promise<ServiceHealth> {
    return checkServiceHealth('identity', this.dataSource);
  }
}
