import { Controller, DynamicModule, Module, Type } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import type { RpcPattern, ServiceHealth } from '@quotebook/contracts';
import { DataSource } from 'typeorm';
import { typeOrmRootOptions, type DatabaseOptions } from './database';
import type { ServiceEnv } from './env';
import { EventsModule } from './events.module';
import { checkServiceHealth } from './health';
import { RpcClientModule } from './rpc-client.module';
import { SessionStateModule, type SessionStateModuleOptions } from './session-checks';
import { Handles } from './typed-handler';

type HealthPattern = RpcPattern<Record<string, never>, ServiceHealth>;

export interface ServiceCoreOptions {
  /** the process's name on the bus and in its health answer */
  name: string;
  env: ServiceEnv;
  /** the pattern the gateway's /api/health asks the service on */
  health: HealthPattern;
  /** the service's own schema, entities and migrations (the URL comes from the environment) */
  database: Omit<DatabaseOptions, 'url'>;
  /** where the owner of users or agencies reads their state itself instead of asking over NATS */
  sessions?: Pick<SessionStateModuleOptions, 'userStates' | 'tenantStates'>;
}

/**
 * What every service process holds, each available to all its modules: its database (migrated at
 * start), the RPC client, the event bus, the session checks, and its answer to the health check.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot({ name, env, health, database, sessions }: ServiceCoreOptions): DynamicModule {
    return {
      module: ServiceCoreModule,
      controllers: [healthController(name, health)],
      imports: [
        TypeOrmModule.forRootAsync(typeOrmRootOptions({ url: env.DATABASE_URL, ...database })),
        RpcClientModule.forRoot({ natsUrl: env.NATS_URL, timeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        EventsModule.forRoot({ natsUrl: env.NATS_URL, name }),
        SessionStateModule.forRoot({ redisUrl: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, timeZone: env.BUSINESS_TIME_ZONE, ...sessions }),
      ],
    };
  }
}

/** The service is up when it answers; the answer says whether its database is. */
function healthController(service: string, pattern: HealthPattern): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

    @Handles(pattern)
    health(): Promise<ServiceHealth> {
      return checkServiceHealth(service, this.dataSource);
    }
  }
  return HealthController;
}
