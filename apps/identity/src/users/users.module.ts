import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { tenantDeletedListener } from '@quotebook/server-core/service';
import { SessionsController } from '../sessions/sessions.controller';
import { UserSessions } from '../sessions/user-sessions';
import { IdentityUserStates } from '../sessions/user-states';
import { PasswordHasher } from './password-hasher';
import { SuperadminSeeder } from './superadmin-seeder';
import { TeamController } from './team.controller';
import { TeamService } from './team.service';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [UsersController, TeamController, SessionsController],
  providers: [
    UsersService,
    TeamService,
    PasswordHasher,
    SuperadminSeeder,
    tenantDeletedListener({ consumer: 'identity', purger: UsersService, removed: 'user(s)' }),
    UserSessions,
    IdentityUserStates,
  ],
  exports: [UsersService, PasswordHasher, UserSessions],
})
export class UsersModule {}
