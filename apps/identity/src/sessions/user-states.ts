import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UserSessionState } from '@quotebook/contracts';
import type { UserStateSource } from '@quotebook/server-core';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { User } from '../users/user.entity';

/** Identity owns users, so it reads a user's session state from its own table; an unknown id is deleted. */
@Injectable()
export class IdentityUserStates implements UserStateSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async userState(userId: string): Promise<UserSessionState> {
    if (typeof userId !== 'string' || !isUUID(userId)) return { deleted: true };
    const user = await this.dataSource.getRepository(User).findOne({ where: { id: userId }, select: { id: true, sessionVersion: true } });
    return user ? { version: user.sessionVersion } : { deleted: true };
  }
}
