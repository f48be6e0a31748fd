import { Injectable, Logger } from '@nestjs/common';
import type { UserSessionState } from '@quotebook/contracts';
import { SessionStates } from '@quotebook/server-core';
import { EntityManager } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * Ends users' existing tokens. Inside the transaction of a change: `end` drops the user's state from
 * Redis (a failed write after the commit then leads to the database, never to the old state) and raises
 * the session version. After the commit: `publish` stores the new states for every check to see.
 */
@Injectable()
export class UserSessions {
  private readonly logger = new Logger(UserSessions.name);

  constructor(private readonly sessions: SessionStates) {}

  /** Raises the user's session version in the caller's transaction; the new state to publish after the commit. */
  async end(manager: EntityManager, userId: string): Promise<UserSessionState> {
    await this.sessions.forget({ users: [userId] });
    const raised = await manager
      .createQueryBuilder()
      .update(User)
      .set({ sessionVersion: () => 'session_version + 1' })
      .where('id = :userId', { userId })
      .returning('session_version')
      .execute();
    const version = (raised.raw as Array<{ session_version: number }>)[0]?.session_version;
    return version === undefined ? { deleted: true } : { version };
  }

  /** Before a user is deleted in the caller's transaction. */
  async forgetBeforeDeletion(userIds: string[]): Promise<void> {
    await this.sessions.forget({ users: userIds });
  }

  /** After the commit. The change stands even when Redis fails now: its key is gone, so the owner is asked. */
  async publish(states: Array<{ userId: string; state: UserSessionState }>): Promise<void> {
    await Promise.all(
      states.map(({ userId, state }) =>
        this.sessions.publishUser(userId, state).catch((error: unknown) =>
          this.logger.error(`Session state of user ${userId} not stored: ${error instanceof Error ? error.message : error}`),
        ),
      ),
    );
  }

  /** At sign-in, so that the token's first requests find the state in Redis. */
  async remember(user: Pick<User, 'id' | 'sessionVersion'>): Promise<void> {
    await this.sessions
      .rememberUser(user.id, { version: user.sessionVersion })
      .catch((error: unknown) => this.logger.error(`Session state of user ${user.id} not stored: ${error instanceof Error ? error.message : error}`));
  }
}
