import {
  API_MESSAGES,
  compactCode,
  E_INVOICE_LIMITS,
  eInvoiceFieldMessage,
  isIban,
  keywordProblem,
  REGIME_FISCALE_CODES,
  type RegimeFiscale,
  MAX_BALANCE_DUE_DAYS,
  MAX_LENGTH,
  MESSAGES,
  mustBeBalanceDueDays,
  mustBeBoolean,
  mustBeEmail,
  mustBeUrl,
  SUPPORTED_LANGUAGES,
  type TenantDisplayStatus,
} from '@quotebook/domain';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
} from 'class-validator';
import type { ListPage, ListPageRequest } from './list-page';
import type { Principal } from './principal';
import { rpcPattern } from './subjects';
import { EmptyAllowed, IsDateOnly, IsEmailAddress, NewPassword, Omittable, PersonName, trim, Username } from './validation';

export const TENANT_SETTINGS_FIELDS = [
  'companyName', 'address', 'country', 'city', 'postalCode', 'phone', 'mobile', 'referenceEmail',
  'website', 'vatNumber', 'fiscalCode', 'reaOffice', 'reaNumber', 'iban',
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
  /** the e-invoice's seller: the REA office (province, "MI") and number, and the IBAN payments go to */
  reaOffice: string | null;
  reaNumber: string | null;
  iban: string | null;
  /** the agency's tax regime on its e-invoices (RF01 ordinary; RF11 travel agencies, art. 74-ter) */
  regimeFiscale: RegimeFiscale;
  /** the days before the service a quote's balance is due when the quote names none (0 to 365) */
  balanceDueDaysDefault: number;
  /** whether the agency's tenant users see cost and margin (admins always do); true unless turned off */
  costVisibleToUsers: boolean;
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
  @IsString({ message: MESSAGES.tenantNameRequired })
  @IsNotEmpty({ message: MESSAGES.tenantNameRequired })
  @MaxLength(MAX_LENGTH.tenantName)
  name: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.keywordRequired })
  @IsNotEmpty({ message: MESSAGES.keywordRequired })
  @IsTenantKeyword()
  keyword: string;

  @Omittable()
  @IsArray({ message: API_MESSAGES.languagesList })
  @ArrayMaxSize(SUPPORTED_LANGUAGES.length)
  @IsIn(SUPPORTED_LANGUAGES, { each: true, message: API_MESSAGES.languagesSupported })
  languages?: string[];

  @IsDateOnly({ message: API_MESSAGES.expiryDate })
  expiryDate: string;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('enabled') })
  enabled?: boolean;

  @Transform(trim)
  @Username()
  adminUsername: string;

  @Transform(trim)
  @PersonName()
  adminName: string;

  @Transform(trim)
  @IsEmailAddress({ message: MESSAGES.emailRequiredValid })
  adminEmail: string;
}

export class CreateTenantDto extends TenantFieldsDto {
  @NewPassword()
  adminPassword: string;
}

export class UpdateTenantDto extends TenantFieldsDto {
  /** empty or absent keeps the current password */
  @Omittable()
  @EmptyAllowed()
  @NewPassword()
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
        defaultMessage: (args) => (typeof args?.value === 'string' && keywordProblem(args.value)) || MESSAGES.keywordRequired,
      },
    });
}

function IsIbanCode(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isIbanCode',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: eInvoiceFieldMessage('iban') },
      validator: { validate: (value: unknown) => typeof value === 'string' && isIban(value) },
    });
}

const optionalText = (max: number) => [IsOptional(), IsString(), MaxLength(max)];
function OptionalText(max: number): PropertyDecorator {
  return (target, key) => optionalText(max).forEach((decorate) => decorate(target, key));
}

export class TenantSettingsDto {
  @Transform(trim) @OptionalText(MAX_LENGTH.companyName) companyName?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.address) address?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.country) country?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.city) city?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.postalCode) postalCode?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.phone) phone?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.phone) mobile?: string | null;

  @Transform(trim)
  @IsOptional()
  @EmptyAllowed()
  @IsEmailAddress({ message: mustBeEmail('referenceEmail') })
  referenceEmail?: string | null;

  @Transform(trim)
  @IsOptional()
  @EmptyAllowed()
  @IsUrl({ require_protocol: false }, { message: mustBeUrl('website') })
  @MaxLength(MAX_LENGTH.website)
  website?: string | null;

  @Transform(trim) @OptionalText(MAX_LENGTH.vatNumber) vatNumber?: string | null;
  @Transform(trim) @OptionalText(MAX_LENGTH.fiscalCode) fiscalCode?: string | null;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsOptional()
  @EmptyAllowed()
  @IsString({ message: eInvoiceFieldMessage('reaOffice') })
  @Matches(/^[A-Z]{2}$/, { message: eInvoiceFieldMessage('reaOffice') })
  reaOffice?: string | null;

  @Transform(trim)
  @IsOptional()
  @IsString({ message: eInvoiceFieldMessage('reaNumber') })
  @MaxLength(E_INVOICE_LIMITS.reaNumber, { message: eInvoiceFieldMessage('reaNumber') })
  reaNumber?: string | null;

  /** kept without spaces, in capitals */
  @Transform(({ value }) => (typeof value === 'string' ? compactCode(value) : value))
  @IsOptional()
  @EmptyAllowed()
  @IsString({ message: eInvoiceFieldMessage('iban') })
  @IsIbanCode()
  iban?: string | null;

  @Omittable()
  @IsIn(REGIME_FISCALE_CODES, { message: eInvoiceFieldMessage('regimeFiscale') })
  regimeFiscale?: RegimeFiscale;

  @Omittable()
  @IsInt({ message: mustBeBalanceDueDays('balanceDueDaysDefault') })
  @Min(0, { message: mustBeBalanceDueDays('balanceDueDaysDefault') })
  @Max(MAX_BALANCE_DUE_DAYS, { message: mustBeBalanceDueDays('balanceDueDaysDefault') })
  balanceDueDaysDefault?: number;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('costVisibleToUsers') })
  costVisibleToUsers?: boolean;
}

export interface TenantLoginStatus {
  id: string;
  /** the agency's address, for links that take its users to their own entry page */
  keyword: string;
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
/** Asked by identity when a tenant user signs in, and for the agency of a password-reset link. */
export const TENANTS_LOGIN_STATUS = rpcPattern<{ tenantId: string }, TenantLoginStatus>('tenancy.tenants.login-status');
