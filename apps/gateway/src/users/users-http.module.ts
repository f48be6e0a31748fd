import { Module } from '@nestjs/common';

/** HTTP routes of an agency's team (users), answered by the identity service. */
@Module({ controllers: [] })
export class UsersHttpModule {}
