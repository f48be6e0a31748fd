import { Body, Controller, Get, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { RpcException } from '@nestjs/microservices';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUTH_FORGOT_PASSWORD,
  AUTH_LOGIN,
  AUTH_ME,
  AUTH_RESET_PASSWORD,
  ForgotPasswordDto,
  isAppError,
  LoginDto,
  LoginResponse,
  MessageResponse,
  ResetPasswordDto,
  UserView,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { AuthenticatedPrincipal, CurrentPrincipal, Public, toPrincipal } from '../common/principal.decorator';
import { ErrorResponse } from '../openapi/error-response';
import { ForgotPasswordThrottleService } from './forgot-password-throttle.service';
import { LoginThrottleService } from './login-throttle.service';
import { TokenRevocationService } from './token-revocation.service';

function isInvalidCredentials(error: unknown): boolean {
  if (!(error instanceof RpcException)) return false;
  const appError = error.getError();
  return isAppError(appError) && appError.statusCode === 401;
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly throttle: LoginThrottleService,
    private readonly resetRequests: ForgotPasswordThrottleService,
    private readonly revocations: TokenRevocationService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'Wrong username or password' })
  @ApiForbiddenResponse({ type: ErrorResponse, description: 'The agency is disabled or expired' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Too many failed sign-ins: wait for Retry-After seconds' })
  async login(@Body() credentials: LoginDto, @Ip() ip: string): Promise<LoginResponse> {
    const attempt = await this.throttle.begin(credentials.username, ip);
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    try {
      const result = await this.rpc.send(AUTH_LOGIN, credentials);
      await this.throttle.succeeded(credentials.username, ip);
      return result;
    } catch (error) {
      // a wrong password keeps its count; the answer to the client is the original error either way
      if (!isInvalidCredentials(error)) await this.throttle.abandoned(credentials.username, ip).catch(() => undefined);
      throw error;
    }
  }

  @ApiBearerAuth()
  @Get('me')
  me(@CurrentPrincipal() principal: AuthenticatedPrincipal): Promise<UserView> {
    return this.rpc.send(AUTH_ME, { principal: toPrincipal(principal) });
  }

  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentPrincipal() principal: AuthenticatedPrincipal): Promise<MessageResponse> {
    await this.revocations.revoke(principal.jti, principal.exp);
    return { message: 'Logged out' };
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Too many reset requests: wait for Retry-After seconds' })
  async forgotPassword(@Body() body: ForgotPasswordDto, @Ip() ip: string): Promise<MessageResponse> {
    await this.resetRequests.consume(body.email, ip);
    return this.rpc.send(AUTH_FORGOT_PASSWORD, body);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body() body: ResetPasswordDto): Promise<MessageResponse> {
    return this.rpc.send(AUTH_RESET_PASSWORD, body);
  }
}
