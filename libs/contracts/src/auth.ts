import { AUTH_MESSAGES, MAX_LENGTH, MESSAGES, MIN_PASSWORD_LENGTH, type Role } from '@quotebook/domain';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import type { Principal } from './principal';
import { rpcPattern } from './subjects';
import { IsEmailAddress, trim } from './validation';

/** A user as every API answer shows it: never the password hash. */
export class UserView {
  id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
  tenantId: string | null;
  createdAt: string;
}

export class LoginDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.usernameRequired })
  @IsNotEmpty({ message: MESSAGES.usernameRequired })
  @MaxLength(MAX_LENGTH.username)
  username: string;

  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(MAX_LENGTH.password)
  password: string;
}

export class ForgotPasswordDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.forgotEmailRequired })
  @IsNotEmpty({ message: MESSAGES.forgotEmailRequired })
  @IsEmailAddress({ message: MESSAGES.emailRequiredValid })
  email: string;
}

export class ResetPasswordDto {
  @IsString({ message: MESSAGES.resetTokenMissing })
  @IsNotEmpty({ message: MESSAGES.resetTokenMissing })
  @MaxLength(MAX_LENGTH.token)
  token: string;

  @IsString({ message: MESSAGES.resetPasswordRequired })
  @MinLength(MIN_PASSWORD_LENGTH, { message: MESSAGES.resetPasswordTooShort })
  @MaxLength(MAX_LENGTH.password)
  newPassword: string;
}

export class LoginResponse {
  token: string;
  user: UserView;
}

export class MessageResponse {
  message: string;
}

/** The claims of our JWT (HS256). */
export interface TokenClaims {
  sub: string;
  role: Role;
  tenantId: string | null;
  jti: string;
  /** the user's session version at sign-in */
  sv: number;
  iat?: number;
  exp?: number;
}

export const FORGOT_PASSWORD_ANSWER = AUTH_MESSAGES.forgotPasswordAnswer;
export const RESET_PASSWORD_INVALID = AUTH_MESSAGES.resetPasswordInvalid;
export const INVALID_CREDENTIALS = AUTH_MESSAGES.invalidCredentials;
export const TENANT_DISABLED_MESSAGE = AUTH_MESSAGES.tenantDisabled;
export const TENANT_EXPIRED_MESSAGE = AUTH_MESSAGES.tenantExpired;

export const AUTH_LOGIN = rpcPattern<LoginDto, LoginResponse>('identity.auth.login');
export const AUTH_ME = rpcPattern<{ principal: Principal }, UserView>('identity.auth.me');
export const AUTH_FORGOT_PASSWORD = rpcPattern<ForgotPasswordDto, MessageResponse>('identity.auth.forgot-password');
export const AUTH_RESET_PASSWORD = rpcPattern<ResetPasswordDto, MessageResponse>('identity.auth.reset-password');
