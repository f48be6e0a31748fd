import {
  IsEmailAddress,
  MESSAGES,
  mustBeUuid,
  NewPassword,
  PersonName,
  Username,
  type CreateTenantAdminRequest,
  type Principal,
  type UpdateTenantAdminRequest,
} from '@quotebook/contracts';
import { IsObject, IsOptional, IsUUID, ValidateIf } from 'class-validator';

/*
 * Identity owns users, so it validates what tenancy sends even though tenancy validated the tenant DTO
 * already: the rules of a user live here.
 */

export class TenantScopePayload {
  @IsObject()
  principal: Principal;

  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId: string;
}

export class CreateTenantAdminPayload extends TenantScopePayload implements CreateTenantAdminRequest {
  @Username()
  username: string;

  @NewPassword()
  password: string;

  @PersonName()
  name: string;

  @IsEmailAddress({ message: MESSAGES.emailRequiredValid })
  email: string;
}

export class UpdateTenantAdminPayload extends TenantScopePayload implements UpdateTenantAdminRequest {
  @Username()
  username: string;

  @PersonName()
  name: string;

  @IsEmailAddress({ message: MESSAGES.emailRequiredValid })
  email: string;

  /** empty or absent keeps the current password */
  @IsOptional()
  @ValidateIf((payload: UpdateTenantAdminPayload) => payload.password !== '')
  @NewPassword()
  password?: string;
}
