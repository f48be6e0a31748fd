import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';

/** HTTP routes of an agency's team (users), answered by the identity service. */
@Module({ controllers: [UsersController] })
export class UsersHttpModule {}
