import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { CATALOGUE_HEALTH, type ServiceHealth } from '@quotebook/contracts';
import { checkServiceHealth } from '@quotebook/server-core';
import { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(CATALOGUE_HEALTH.subject)
  health(): Promise<ServiceHealth> {
    return checkServiceHealth('catalogue', this.dataSource);
  }
}
