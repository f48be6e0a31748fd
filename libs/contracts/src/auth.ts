import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import type { Principal, Role } from './principal';
import { rpcPattern } from './subjects';
import { trim } from './validation';

export const MIN_USERNAME_LENGTH = 3;
export const MIN_NAME_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 6;

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
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(100)
  username: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200)
  password: string;
}

export class ForgotPasswordDto {
  @Transform(trim)
  @IsString({ message: 'Email richiesta' })
  @IsNotEmpty({ message: 'Email richiesta' })
  @IsEmail({}, { message: 'Valid email is required' })
  @MaxLength(254)
  email: string;
}

export class ResetPasswordDto {
  @IsString({ message: 'Token mancante' })
  @IsNotEmpty({ message: 'Token mancante' })
  @MaxLength(200)
  token: string;

  @IsString({ message: 'Password richiesta' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'La password deve essere di almeno 6 caratteri.' })
  @MaxLength(200)
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

export const FORGOT_PASSWORD_ANSWER =
  'Se esiste un account con questa email, riceverai un link per reimpostare la password.';
export const RESET_PASSWORD_INVALID = 'Token non valido o scaduto. Richiedi un nuovo link di reset.';
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TENANT_DISABLED_MESSAGE = 'This agency is disabled. Please contact support.';
export const TENANT_EXPIRED_MESSAGE = 'This agency has expired. Please contact support.';

export const AUTH_LOGIN = rpcPattern<LoginDto, LoginResponse>('identity.auth.login');
export const AUTH_ME = rpcPattern<{ principal: Principal }, UserView>('identity.auth.me');
export const AUTH_FORGOT_PASSWORD = rpcPattern<ForgotPasswordDto, MessageResponse>('identity.auth.forgot-password');
export const AUTH_RESET_PASSWORD = rpcPattern<ResetPasswordDto, MessageResponse>('identity.auth.reset-password');
