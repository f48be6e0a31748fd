import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FORGOT_PASSWORD_ANSWER, RESET_PASSWORD_INVALID, TENANTS_LOGIN_STATUS, type MessageResponse } from '@quotebook/contracts';
import { appError, RpcClient } from '@quotebook/server-core';
import { DataSource } from 'typeorm';
import { IdentityEnv } from '../env';
import { UserSessions } from '../sessions/user-sessions';
import { PasswordHasher } from '../users/password-hasher';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PasswordResetToken } from './password-reset-token.entity';
import { ResetMailer } from './reset-mailer';
import { hashResetToken, issueResetToken, resetLink } from './reset-token';

export const PASSWORD_RESET_DONE = 'Password reimpostata';
/** How long a spent (expired or used) reset token is kept after its expiry. */
export const SPENT_TOKEN_RETENTION = '1 day';

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly mailer: ResetMailer,
    private readonly env: IdentityEnv,
    private readonly userSessions: UserSessions,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Always the same answer, whether or not the address belongs to anybody. The tokens are stored before
   * answering; the e-mails leave afterwards, so neither SMTP latency nor an SMTP failure shows. Only the
   * newest link of a user works: issuing one voids the older unused ones in the same transaction, which
   * holds the user's row so that two requests at once cannot both leave a working link.
   */
  async requestReset(email: string): Promise<MessageResponse> {
    const owners = await this.users.findByEmail(email);
    // asked alongside the database work, so the answer takes no longer for it
    const agencies = Promise.all(owners.map(async (owner) => [owner.id, await this.agencyKeyword(owner)] as const)).then(
      (pairs) => new Map(pairs),
    );
    await this.purgeSpentTokens();
    const issued = await this.dataSource.transaction(async (manager) => {
      const links: Array<{ owner: User; token: string }> = [];
      for (const owner of owners) {
        const stillThere = await manager
          .getRepository(User)
          .createQueryBuilder('user')
          .select('user.id')
          .where('user.id = :id', { id: owner.id })
          .setLock('for_no_key_update')
          .getRawOne();
        if (!stillThere) continue;
        await manager.update(PasswordResetToken, { userId: owner.id, used: false }, { used: true });
        const { token, tokenHash, expiresAt } = issueResetToken();
        await manager.insert(PasswordResetToken, { userId: owner.id, email: owner.email, tokenHash, expiresAt });
        links.push({ owner, token });
      }
      return links;
    });
    const agencyOf = await agencies;
    for (const { owner, token } of issued) {
      const agency = agencyOf.get(owner.id) ?? null;
      this.mailer
        .sendResetLink({ email: owner.email, name: owner.name }, resetLink(this.env.PUBLIC_URL, token, agency))
        .catch((error: unknown) =>
          this.logger.error(`Password reset e-mail to user ${owner.id} failed: ${error instanceof Error ? error.message : error}`),
        );
    }
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /**
   * The keyword of the agency an agency user belongs to; none for the superadmin. Without it (tenancy
   * did not answer) the link still works and leads to the product's home page instead.
   */
  private async agencyKeyword(owner: User): Promise<string | null> {
    if (!owner.tenantId) return null;
    try {
      return (await this.rpc.send(TENANTS_LOGIN_STATUS, { tenantId: owner.tenantId })).keyword;
    } catch (error) {
      this.logger.warn(`Reset link for user ${owner.id} names no agency: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /**
   * Tokens live an hour; a day after expiring (used or not) they are deleted, in one statement run with
   * every request, so the table stays small without a timer and replicas never get in each other's way.
   */
  private async purgeSpentTokens(): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(PasswordResetToken)
      .where(`expires_at < now() - interval '${SPENT_TOKEN_RETENTION}'`)
      .execute();
  }

  /**
   * Consumes the token and sets the password in one transaction. The conditional UPDATE is the claim:
   * of two concurrent resets with the same token only one finds it unused.
   */
  async resetPassword(token: string, newPassword: string): Promise<MessageResponse> {
    const tokenHash = hashResetToken(token);
    const passwordHash = await this.hasher.hash(newPassword);
    const reset = await this.dataSource.transaction(async (manager) => {
      const claimed = await manager
        .createQueryBuilder()
        .update(PasswordResetToken)
        .set({ used: true })
        .where('token_hash = :tokenHash AND used = false AND expires_at > now()', { tokenHash })
        .returning('user_id')
        .execute();
      const userId = (claimed.raw as Array<{ user_id: string }>)[0]?.user_id;
      if (!userId) return null;
      await manager.update(User, { id: userId }, { passwordHash });
      // the other links of this user stop working too: the password they were asked for has been chosen
      await manager.update(PasswordResetToken, { userId, used: false }, { used: true });
      // and so do the tokens signed in with the old password
      return { userId, state: await this.userSessions.end(manager, userId) };
    });
    if (!reset) throw appError('RESET_LINK_INVALID', RESET_PASSWORD_INVALID);
    await this.userSessions.publish([reset]);
    return { message: PASSWORD_RESET_DONE };
  }
}
