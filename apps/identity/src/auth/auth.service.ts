import { Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  INVALID_CREDENTIALS,
  TENANTS_LOGIN_STATUS,
  type LoginResponse,
  type Principal,
  type TenantDisplayStatus,
  type TokenClaims,
  type UserView,
} from '@quotebook/contracts';
import { appError, reasonOf, RpcClient } from '@quotebook/server-core';
import { randomUUID } from 'node:crypto';
import { UserSessions } from '../sessions/user-sessions';
import { PasswordHasher } from '../users/password-hasher';
import type { User } from '../users/user.entity';
import { mapUser } from '../users/user.views';
import { UsersService } from '../users/users.service';
import { tenantLoginBlock } from './tenant-login';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly rpc: RpcClient,
    private readonly userSessions: UserSessions,
  ) {}

  async login(username: string, password: string): Promise<LoginResponse> {
    const user = await this.users.findByUsername(username);
    const passwordMatches = user
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyAgainstDummy(password);
    if (!user || !passwordMatches) throw appError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    if (this.hasher.needsRehash(user.passwordHash)) await this.rehash(user, password);
    if (user.role !== 'superadmin') await this.assertTenantAllowsLogin(user);
    const claims: TokenClaims = { sub: user.id, role: user.role, tenantId: user.tenantId, jti: randomUUID(), sv: user.sessionVersion };
    const token = await this.jwt.signAsync(claims);
    await this.userSessions.remember(user);
    return { token, user: mapUser(user) };
  }

  /** A failure to store the new hash never fails the sign-in: the old one still verifies, the next sign-in tries again. */
  private async rehash(user: User, password: string): Promise<void> {
    try {
      await this.users.rehashPassword(user, password);
    } catch (error) {
      this.logger.warn(`the password hash of user ${user.id} could not be brought to the current cost: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async me(principal: Principal | undefined): Promise<UserView> {
    const user = principal?.userId ? await this.users.findById(principal.userId) : null;
    if (!user) throw appError('SESSION_ENDED', 'User no longer exists');
    return mapUser(user);
  }

  /** Tenancy owns the tenant's status; its 503 (tenancy down) reaches the caller unchanged. */
  private async assertTenantAllowsLogin(user: User): Promise<void> {
    if (!user.tenantId) throw appError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    const block = tenantLoginBlock(await this.tenantStatus(user.tenantId));
    if (block) throw appError(block.reason, block.message);
  }

  private async tenantStatus(tenantId: string): Promise<TenantDisplayStatus> {
    try {
      return (await this.rpc.send(TENANTS_LOGIN_STATUS, { tenantId })).status;
    } catch (error) {
      // a user whose tenant is gone (its deletion event not yet applied) cannot sign in
      if (reasonOf(error) === 'TENANT_NOT_FOUND') throw appError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      throw error;
    }
  }
}
