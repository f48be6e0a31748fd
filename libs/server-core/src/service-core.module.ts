import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { typeOrmRootOptions, type DatabaseOptions } from './database';
import type { ServiceEnv } from './env';
import { EventsModule } from './events.module';
import { RpcClientModule } from './rpc-client';
import { SessionStateModule, type SessionStateModuleOptions } from './session-checks';

export interface ServiceCoreOptions {
  /** the process's name on the bus */
  name: string;
  env: ServiceEnv;
  /** the service's own schema, entities and migrations (the URL comes from the environment) */
  database: Omit<DatabaseOptions, 'url'>;
  /** where the owner of users or agencies reads their state itself instead of asking over NATS */
  sessions?: Pick<SessionStateModuleOptions, 'userStates' | 'tenantStates'>;
}

/**
 * What every service process holds, each available to all its modules: its database (migrated at
 * start), the RPC client, the event bus and the session checks.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot({ name, env, database, sessions }: ServiceCoreOptions): DynamicModule {
    return {
      module: ServiceCoreModule,
      imports: [
        TypeOrmModule.forRootAsync(typeOrmRootOptions({ url: env.DATABASE_URL, ...database })),
        RpcClientModule.forRoot({ natsUrl: env.NATS_URL, timeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        EventsModule.forRoot({ natsUrl: env.NATS_URL, name }),
        SessionStateModule.forRoot({ redisUrl: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, timeZone: env.BUSINESS_TIME_ZONE, ...sessions }),
      ],
    };
  }
}
