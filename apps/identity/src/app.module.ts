import { DynamicModule, Module } from '@nestjs/common';
import { IDENTITY_HEALTH } from '@quotebook/contracts';
import { ServiceCoreModule } from '@quotebook/server-core/service';
import { AuthModule } from './auth/auth.module';
import { PasswordResetToken } from './auth/password-reset-token.entity';
import { IdentityEnv } from './env';
import { IDENTITY_SCHEMA } from './identity.schema';
import { CreateIdentityTables1767225600000 } from './migrations/1767225600000-create-identity-tables';
import { UserSessionVersion1767484800000 } from './migrations/1767484800000-user-session-version';
import { IdentityUserStates } from './sessions/user-states';
import { User } from './users/user.entity';
import { UsersModule } from './users/users.module';

/** Users, sign-in and password reset. */
@Module({})
export class IdentityModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityModule,
      global: true,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'identity',
          env,
          health: IDENTITY_HEALTH,
          database: {
            schema: IDENTITY_SCHEMA,
            entities: [PasswordResetToken, User],
            migrations: [CreateIdentityTables1767225600000, UserSessionVersion1767484800000],
          },
          sessions: { userStates: IdentityUserStates },
        }),
        UsersModule,
        AuthModule,
      ],
      providers: [{ provide: IdentityEnv, useValue: env }],
      exports: [IdentityEnv],
    };
  }
}
