import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { NatsSessionChangeSignal, RpcClient, RpcClientModule, RpcTenantStates, RpcUserStates, SessionStates } from '@quotebook/server-core';
import type Redis from 'ioredis';
import { resolve } from 'node:path';
import { AuthController } from './auth/auth.controller';
import { CatalogueHttpModule } from './catalogue/catalogue-http.module';
import { DocumentsHttpModule } from './documents/documents-http.module';
import { JWT_SECRET, JwtStrategy } from './auth/jwt.strategy';
import { FORGOT_PASSWORD_LIMITS, ForgotPasswordThrottleService } from './auth/forgot-password-throttle.service';
import { LOGIN_THROTTLE_LIMITS, LoginThrottleService } from './auth/login-throttle.service';
import { TokenRevocationService } from './auth/token-revocation.service';
import { JwtAuthGuard, RolesGuard, TenantScopeGuard } from './common/guards';
import { HttpErrorFilter } from './common/http-exception.filter';
import { InputTextGuard } from './common/input-text.guard';
import { createRedis, REDIS, REDIS_KEY_PREFIX, RedisLifecycle } from './common/redis';
import type { GatewayEnv } from './env';
import { HealthController } from './health/health.controller';
import { PublicHttpModule } from './public/public-http.module';
import { CustomerLoopHttpModule } from './quoting/customer-loop-http.module';
import { QuotingHttpModule } from './quoting/quoting-http.module';
import { LogoStorageService, UPLOAD_ROOT } from './tenants/logo-storage.service';
import { TenantsController } from './tenants/tenants.controller';
import { UsersHttpModule } from './users/users-http.module';
import { WebhooksHttpModule } from './webhooks/webhooks-http.module';

/** The gateway's global guards, in the order they run: authenticate, then check the role, then the tenant of the path, then the text. */
export const GLOBAL_GUARDS = [JwtAuthGuard, RolesGuard, TenantScopeGuard, InputTextGuard] as const;

@Module({})
export class GatewayModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      // Redis and its key prefix for the feature modules' own counters (the public page's throttle), and the session states (what a change clears)
      global: true,
      exports: [REDIS, REDIS_KEY_PREFIX, SessionStates],
      imports: [
        PassportModule,
        RpcClientModule.forRoot({ natsUrl: env.NATS_URL, timeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        CatalogueHttpModule,
        QuotingHttpModule,
        CustomerLoopHttpModule.forRoot(env),
        PublicHttpModule.forRoot(env),
        DocumentsHttpModule.forRoot(env),
        UsersHttpModule,
        WebhooksHttpModule,
      ],
      controllers: [AuthController, TenantsController, HealthController],
      providers: [
        { provide: REDIS, useFactory: () => createRedis(env.REDIS_URL) },
        { provide: REDIS_KEY_PREFIX, useValue: env.REDIS_KEY_PREFIX },
        { provide: JWT_SECRET, useValue: env.JWT_SECRET },
        { provide: UPLOAD_ROOT, useValue: resolve(env.UPLOAD_DIR) },
        {
          provide: LOGIN_THROTTLE_LIMITS,
          useValue: {
            maxPerUsernameAndIp: env.LOGIN_MAX_FAILURES_PER_USERNAME_AND_IP,
            maxPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
            slowdownAfterPerUsername: env.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_USERNAME,
            slowdownBaseMs: env.LOGIN_SLOWDOWN_BASE_MS,
            slowdownMaxMs: env.LOGIN_SLOWDOWN_MAX_MS,
            windowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
          },
        },
        {
          provide: FORGOT_PASSWORD_LIMITS,
          useValue: {
            maxPerEmail: env.FORGOT_PASSWORD_MAX_PER_EMAIL,
            maxPerIp: env.FORGOT_PASSWORD_MAX_PER_IP,
            windowSeconds: env.FORGOT_PASSWORD_WINDOW_SECONDS,
          },
        },
        RedisLifecycle,
        {
          provide: SessionStates,
          useFactory: async (redis: Redis, rpc: RpcClient) => {
            const signal = new NatsSessionChangeSignal(rpc);
            const states = new SessionStates(redis, env.REDIS_KEY_PREFIX, new RpcUserStates(rpc), new RpcTenantStates(rpc), env.BUSINESS_TIME_ZONE, signal);
            await states.listenForChanges();
            return states;
          },
          inject: [REDIS, RpcClient],
        },
        TokenRevocationService,
        LoginThrottleService,
        ForgotPasswordThrottleService,
        JwtStrategy,
        LogoStorageService,
        // the global guards and filter, also by class for the routes served directly (direct-routes.ts)
        ...GLOBAL_GUARDS,
        HttpErrorFilter,
        ...GLOBAL_GUARDS.map((guard) => ({ provide: APP_GUARD, useExisting: guard })),
        { provide: APP_FILTER, useExisting: HttpErrorFilter },
      ],
    };
  }
}
