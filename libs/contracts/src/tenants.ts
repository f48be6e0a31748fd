import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  MinLength,
  registerDecorator,
} from 'class-validator';
import { MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from './auth';
import { SUPPORTED_LANGUAGES } from './languages';
import type { ListPage, ListPageRequest } from './list-page';
import type { Principal } from './principal';
import { rpcPattern } from './subjects';
import type { TenantDisplayStatus } from './tenant-status';
import { EmptyAllowed, IsDateOnly, Omittable, trim } from './validation';

/** Keywords that would shadow a route of the web app or the API. */
export const RESERVED_KEYWORDS = [
  'superadmin', 'api', 'reset-password', 'admin', 'assets', 'static', 'uploads', 'login', 'logout',
  'dashboard', 'health', 'docs', 'favicon.ico', 'index.html',
] as const;

export const KEYWORD_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const KEYWORD_MIN_LENGTH = 2;
export const KEYWORD_MAX_LENGTH = 40;

export const TENANT_SETTINGS_FIELDS = [
  'companyName', 'address', 'country', 'city', 'postalCode', 'phone', 'mobile', 'referenceEmail',
  'website', 'vatNumber', 'fiscalCode',
] as const;
export type TenantSettingsField = (typeof TENANT_SETTINGS_FIELDS)[number];
export type TenantSettings = Record<TenantSettingsField, string | null>;

/** The agency's own details (the Settings page); every field of TENANT_SETTINGS_FIELDS. */
export class TenantSettingsView implements TenantSettings {
  companyName: string | null;
  address: string | null;
  country: string | null;
  city: string | null;
  postalCode: string | null;
  phone: string | null;
  mobile: string | null;
  referenceEmail: string | null;
  website: string | null;
  vatNumber: string | null;
  fiscalCode: string | null;
}

/** A tenant as the superadmin and the agency see it. */
export class TenantView extends TenantSettingsView {
  id: string;
  name: string;
  keyword: string;
  languages: string[];
  expiryDate: string | null;
  enabled: boolean;
  status: TenantDisplayStatus;
  logoUrl: string | null;
  createdAt: string;
}

/**
 * The public answer of by-keyword, for anyone: what the sign-in page and the Tenant Disabled/Expired
 * screens show, and the id the signed-in pages load the whole agency with. Contact and tax details
 * are only in TenantView, behind sign-in.
 */
export class TenantPublicView {
  id: string;
  name: string;
  keyword: string;
  logoUrl: string | null;
  status: TenantDisplayStatus;
  /** shown on the Tenant Expired screen */
  expiryDate: string | null;
}

/** The fields of TenantPublicView, in the order the answer lists them. */
export const TENANT_PUBLIC_FIELDS = ['id', 'name', 'keyword', 'logoUrl', 'status', 'expiryDate'] as const satisfies readonly (keyof TenantPublicView)[];

export class TenantAdminView {
  id: string;
  username: string;
  name: string;
  email: string;
}

class TenantFieldsDto {
  @Transform(trim)
  @IsString({ message: 'Tenant name is required' })
  @IsNotEmpty({ message: 'Tenant name is required' })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsString({ message: 'Keyword is required' })
  @IsNotEmpty({ message: 'Keyword is required' })
  @IsTenantKeyword()
  keyword: string;

  @Omittable()
  @IsArray({ message: 'languages must be a list of language codes' })
  @ArrayMaxSize(SUPPORTED_LANGUAGES.length)
  @IsIn(SUPPORTED_LANGUAGES, { each: true, message: 'languages must contain only supported language codes' })
  languages?: string[];

  @IsDateOnly({ message: 'Expiry date is required (YYYY-MM-DD)' })
  expiryDate: string;

  @Omittable()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;

  @Transform(trim)
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(MIN_USERNAME_LENGTH, { message: 'Username must be at least 3 characters' })
  @MaxLength(100)
  adminUsername: string;

  @Transform(trim)
  @IsString({ message: 'Name must be at least 2 characters' })
  @MinLength(MIN_NAME_LENGTH, { message: 'Name must be at least 2 characters' })
  @MaxLength(200)
  adminName: string;

  @Transform(trim)
  @IsEmail({}, { message: 'Valid email is required' })
  @MaxLength(254)
  adminEmail: string;
}

export class CreateTenantDto extends TenantFieldsDto {
  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(200)
  adminPassword: string;
}

export class UpdateTenantDto extends TenantFieldsDto {
  /** empty or absent keeps the current password */
  @Omittable()
  @EmptyAllowed()
  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  @MaxLength(200)
  adminPassword?: string;
}

function IsTenantKeyword(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTenantKeyword',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && keywordProblem(value) === null,
        defaultMessage: (args) => (typeof args?.value === 'string' && keywordProblem(args.value)) || 'Keyword is required',
      },
    });
}

const optionalText = (max: number) => [IsOptional(), IsString(), MaxLength(max)];
function OptionalText(max: number): PropertyDecorator {
  return (target, key) => optionalText(max).forEach((decorate) => decorate(target, key));
}

export class TenantSettingsDto {
  @Transform(trim) @OptionalText(200) companyName?: string | null;
  @Transform(trim) @OptionalText(300) address?: string | null;
  @Transform(trim) @OptionalText(100) country?: string | null;
  @Transform(trim) @OptionalText(100) city?: string | null;
  @Transform(trim) @OptionalText(20) postalCode?: string | null;
  @Transform(trim) @OptionalText(50) phone?: string | null;
  @Transform(trim) @OptionalText(50) mobile?: string | null;

  @Transform(trim)
  @IsOptional()
  @EmptyAllowed()
  @IsEmail({}, { message: 'referenceEmail must be a valid email address' })
  @MaxLength(254)
  referenceEmail?: string | null;

  @Transform(trim)
  @IsOptional()
  @EmptyAllowed()
  @IsUrl({ require_protocol: false }, { message: 'website must be a valid URL' })
  @MaxLength(300)
  website?: string | null;

  @Transform(trim) @OptionalText(30) vatNumber?: string | null;
  @Transform(trim) @OptionalText(30) fiscalCode?: string | null;
}

/** Keyword rule shared by the DTO check and the service's re-check. */
export function keywordProblem(keyword: string): string | null {
  if (keyword.length < KEYWORD_MIN_LENGTH || keyword.length > KEYWORD_MAX_LENGTH) {
    return `Keyword must be ${KEYWORD_MIN_LENGTH} to ${KEYWORD_MAX_LENGTH} characters`;
  }
  if (!KEYWORD_PATTERN.test(keyword)) return 'Keyword may contain only lowercase letters, digits and dashes';
  if ((RESERVED_KEYWORDS as readonly string[]).includes(keyword)) return `Keyword "${keyword}" is reserved`;
  return null;
}

export interface TenantLoginStatus {
  id: string;
  enabled: boolean;
  expiryDate: string | null;
  status: TenantDisplayStatus;
}

export interface TenantScopedRequest {
  principal: Principal;
  tenantId: string;
}

export const TENANTS_LIST = rpcPattern<{ principal: Principal } & ListPageRequest, ListPage<TenantView>>('tenancy.tenants.list');
export const TENANTS_CREATE = rpcPattern<{ principal: Principal; data: CreateTenantDto }, TenantView>('tenancy.tenants.create');
export const TENANTS_GET = rpcPattern<TenantScopedRequest, TenantView>('tenancy.tenants.get');
export const TENANTS_GET_ADMIN = rpcPattern<TenantScopedRequest, TenantAdminView>('tenancy.tenants.get-admin');
export const TENANTS_UPDATE = rpcPattern<TenantScopedRequest & { data: UpdateTenantDto }, TenantView>('tenancy.tenants.update');
export const TENANTS_DELETE = rpcPattern<TenantScopedRequest, { deleted: true }>('tenancy.tenants.delete');
export const TENANTS_BY_KEYWORD = rpcPattern<{ keyword: string }, TenantPublicView>('tenancy.tenants.by-keyword');
export const TENANTS_UPDATE_SETTINGS = rpcPattern<TenantScopedRequest & { data: TenantSettingsDto }, TenantView>('tenancy.tenants.update-settings');
export const TENANTS_SET_LOGO = rpcPattern<TenantScopedRequest & { logoUrl: string }, TenantView>('tenancy.tenants.set-logo');
/** Asked by identity when a tenant user signs in. */
export const TENANTS_LOGIN_STATUS = rpcPattern<{ tenantId: string }, TenantLoginStatus>('tenancy.tenants.login-status');
