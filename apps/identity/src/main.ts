import 'reflect-metadata';
import { Module, DynamicModule, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IDENTITY_HEALTH } from '@quotebook/contracts';
import { runService, ServiceEnv } from '@quotebook/server-core';

@Controller()
class HealthController {
  @MessagePattern(IDENTITY_HEALTH.subject)
  health() {
    return { service: 'identity', status: 'up', database: 'up' };
  }
}
@Module({ controllers: [HealthController] })
class M {
  static forRoot(): DynamicModule {
    return { module: M };
  }
}
void runService({ name: 'identity', envClass: ServiceEnv, createModule: () => M.forRoot() });
