import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FORGOT_PASSWORD_ANSWER, RESET_PASSWORD_INVALID, type MessageResponse } from '@quotebook/contracts';
import { appError } from '@quotebook/server-core';
import { DataSource } from 'typeorm';
import { IdentityEnv } from '../env';
import { PasswordHasher } from '../users/password-hasher';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PasswordResetToken } from './password-reset-token.entity';
import { ResetMailer } from './reset-mailer';
import { hashResetToken, issueResetToken, resetLink } from './reset-token';

export const PASSWORD_RESET_DONE = 'Password reimpostata';

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly mailer: ResetMailer,
    private readonly env: IdentityEnv,
  ) {}

  /**
   * Always the same answer, whether or not the address belongs to anybody. The tokens are stored before
   * answering; the e-mails leave afterwards, so neither SMTP latency nor an SMTP failure shows.
   */
  async requestReset(email: string): Promise<MessageResponse> {
    const owners = await this.users.findByEmail(email);
    for (const owner of owners) {
      const { token, tokenHash, expiresAt } = issueResetToken();
      await this.dataSource.getRepository(PasswordResetToken).insert({ userId: owner.id, email: owner.email, tokenHash, expiresAt });
      this.mailer
        .sendResetLink({ email: owner.email, name: owner.name }, resetLink(this.env.PUBLIC_URL, token))
        .catch((error: unknown) =>
          this.logger.error(`Password reset e-mail to ${owner.email} failed: ${error instanceof Error ? error.message : error}`),
        );
    }
    return { message: FORGOT_PASSWORD_ANSWER };
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
      if (!userId) return false;
      await manager.update(User, { id: userId }, { passwordHash });
      // the other links of this user stop working too: the password they were asked for has been chosen
      await manager.update(PasswordResetToken, { userId, used: false }, { used: true });
      return true;
    });
    if (!reset) throw appError('VALIDATION_FAILED', RESET_PASSWORD_INVALID);
    return { message: PASSWORD_RESET_DONE };
  }
}
