import {
  MIN_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  type CreateTenantAdminRequest,
  type Principal,
  type UpdateTenantAdminRequest,
} from '@quotebook/contracts';
import { IsEmail, IsObject, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';

/*
 * Identity owns users, so it validates what tenancy sends even though tenancy validated the tenant DTO
 * already: the rules of a user live here.
 */

export class TenantScopePayload {
  @IsObject()
  principal: Principal;

  @IsUUID('all', { message: 'tenantId must be a UUID' })
  tenantId: string;
}

export class CreateTenantAdminPayload extends TenantScopePayload implements CreateTenantAdminRequest {
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(MIN_USERNAME_LENGTH, { message: 'Username must be at least 3 characters' })
  @MaxLength(100)
  username: string;

  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(200)
  password: string;

  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(MIN_NAME_LENGTH, { message: 'Name must be at least 2 characters' })
  @MaxLength(200)
  name: string;

  @IsEmail({}, { message: 'Valid email is required' })
  @MaxLength(254)
  email: string;
}

export class UpdateTenantAdminPayload extends TenantScopePayload implements UpdateTenantAdminRequest {
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(MIN_USERNAME_LENGTH, { message: 'Username must be at least 3 characters' })
  @MaxLength(100)
  username: string;

  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(MIN_NAME_LENGTH, { message: 'Name must be at least 2 characters' })
  @MaxLength(200)
  name: string;

  @IsEmail({}, { message: 'Valid email is required' })
  @MaxLength(254)
  email: string;

  /** empty or absent keeps the current password */
  @IsOptional()
  @ValidateIf((payload: UpdateTenantAdminPayload) => payload.password !== '')
  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(200)
  password?: string;
}
