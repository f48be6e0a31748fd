import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHasher } from './password-hasher';
import { SuperadminSeeder } from './superadmin-seeder';
import { TenantDeletedListener } from './tenant-deleted.listener';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [UsersController],
  providers: [UsersService, PasswordHasher, SuperadminSeeder, TenantDeletedListener],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
