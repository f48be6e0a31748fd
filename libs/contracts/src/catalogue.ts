// class-transformer's @Type reads decorator metadata while the classes below are declared, before any
// Nest module would have loaded this polyfill
import 'reflect-metadata';
import {
  API_MESSAGES,
  compactCode,
  CUSTOMER_TITLES,
  DURATION_MINUTES,
  eInvoiceFieldMessage,
  isFiscalCode,
  LANGUAGE_CODE_LENGTH,
  MAX_COPY_LANGUAGES,
  MAX_DURATION_HOURS,
  MAX_LENGTH,
  MAX_MARKUP_PERCENT,
  MAX_PARTICIPANTS,
  MAX_PERCENT,
  MAX_TAGS,
  MESSAGES,
  MIN_PARTICIPANTS,
  mustBeAtLeastOne,
  mustBeBoolean,
  mustBeEmail,
  mustBeMoney,
  mustBeSetWith,
  mustBeUuid,
  TAG_TARGET_TYPES,
  type TagTargetType,
} from '@quotebook/domain';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Length, Max, MaxLength, Min, registerDecorator, ValidateIf,
} from 'class-validator';
import type { ServiceHealth } from './health';
import { IsMoney } from './money';
import type { TenantItemRequest, TenantItemWrite, TenantRequest, TenantWrite } from './principal';
import type { ListPage, ListPageRequest } from './list-page';
import { rpcPattern } from './subjects';
import { EmptyAllowed, IsDateOnly, IsEmailAddress, Omittable, trim } from './validation';

/* ---------- shared ---------- */

/** Create bodies may repeat the tenant of the path (older clients send it); it is never trusted. */
class TenantEchoDto {
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId?: string;
}

export type CatalogueRequest = TenantRequest;
export type CatalogueItemRequest = TenantItemRequest;
export type CatalogueWrite<D> = TenantWrite<D>;
export type CatalogueItemWrite<D> = TenantItemWrite<D>;

export class SetTagsDto {
  @IsArray({ message: API_MESSAGES.tagIdsList })
  @ArrayMaxSize(MAX_TAGS)
  @IsUUID('all', { each: true, message: API_MESSAGES.tagIdsUuids })
  tagIds: string[];
}

export class TagIdsView {
  tagIds: string[];
}

/* ---------- VAT rates ---------- */

export class VatRateView {
  id: string;
  description: string;
  /** "22.00" */
  rate: string;
  createdAt: string;
}

export class VatRateDto extends TenantEchoDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.descriptionRequired })
  @IsNotEmpty({ message: MESSAGES.descriptionRequired })
  @MaxLength(MAX_LENGTH.vatRateDescription)
  description: string;

  @IsMoney(MAX_PERCENT, { message: MESSAGES.rateRange })
  rate: string | number;
}

/* ---------- tags ---------- */

export class TagView {
  id: string;
  name: string;
  targetType: TagTargetType;
  description: string | null;
  createdAt: string;
}

export class TagDto extends TenantEchoDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.tagNameRequired })
  @IsNotEmpty({ message: MESSAGES.tagNameRequired })
  @MaxLength(MAX_LENGTH.tagName)
  name: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsIn(TAG_TARGET_TYPES, { message: MESSAGES.targetTypeRequired })
  targetType: TagTargetType;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.tagDescription)
  description?: string | null;
}

/* ---------- price lists ---------- */

export class PriceListView {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  reductionAmount: string | null;
  reductionPercentage: string | null;
  /** a markup over cost ("25.00" %), set instead of the reductions: a line with a cost is priced at cost × (1 + markup) */
  markupPercentage: string | null;
  isActive: boolean;
  createdAt: string;
}

/**
 * Refused when set (not null) together with any of `others`: the message is given, naming the field.
 * (A rule name the API document does not describe: it ties fields together, no single field's shape.)
 */
function NotSetWith(others: readonly string[], message: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'notSetWith',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: {
        validate: (value: unknown, args) => {
          const dto = args?.object as Record<string, unknown>;
          return value === null || value === undefined || others.every((other) => dto[other] === null || dto[other] === undefined);
        },
      },
    });
}

/** When this field is set (not null), `other` must be too; the message names `other`. */
function SetTogetherWith(other: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'setTogetherWith',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: mustBeSetWith(other, String(propertyName)) },
      validator: {
        validate: (value: unknown, args) => {
          const counterpart = (args?.object as Record<string, unknown>)[other];
          return value === null || value === undefined || (counterpart !== null && counterpart !== undefined);
        },
      },
    });
}

export class PriceListDto extends TenantEchoDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.nameRequired })
  @IsNotEmpty({ message: MESSAGES.nameRequired })
  @MaxLength(MAX_LENGTH.priceListName)
  name: string;

  @IsDateOnly({ message: MESSAGES.startDateRequired })
  startDate: string;

  @IsDateOnly({ message: MESSAGES.endDateRequired })
  endDate: string;

  @IsOptional()
  @IsMoney()
  reductionAmount?: string | number | null;

  @IsOptional()
  @IsMoney(MAX_PERCENT, { message: mustBeMoney('reductionPercentage', MAX_PERCENT) })
  reductionPercentage?: string | number | null;

  /** a markup over cost instead of the reductions; null or absent: none */
  @IsOptional()
  @IsMoney(MAX_MARKUP_PERCENT, { message: mustBeMoney('markupPercentage', MAX_MARKUP_PERCENT) })
  @NotSetWith(['reductionAmount', 'reductionPercentage'], API_MESSAGES.markupWithReduction)
  markupPercentage?: string | number | null;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('isActive') })
  isActive?: boolean;
}

/* ---------- products ---------- */

export type Translations = Record<string, string>;

export class AvailabilityView {
  id: string;
  productId: string;
  startDate: string;
  endDate: string;
  hasMinParticipants: boolean;
  minParticipants: number | null;
  hasCostPerPerson: boolean;
  costPerPerson: string | null;
  hasFlatRate: boolean;
  flatRate: string | null;
  hasAdditionalCosts: boolean;
  additionalCosts: string | null;
  priceIncludesVat: boolean;
  /** what the supplier charges the agency per person and per booking ("45.50"), or null */
  supplierCostPerPerson: string | null;
  supplierCostPerBooking: string | null;
  /** free places: `freePlacesCount` free for every `freePlacesEvery` paying participants (20 and 1); both null: none */
  freePlacesEvery: number | null;
  freePlacesCount: number | null;
}

export class ProductView {
  id: string;
  /** 6 characters, generated by the server */
  code: string;
  titles: Translations;
  subtitles: Translations;
  shortDescriptions: Translations;
  extendedDescriptions: Translations;
  tagIds: string[];
  durationHours: number;
  durationMinutes: number;
  vatRateId: string | null;
  availability: AvailabilityView[];
  /** from today's period (Europe/Rome): cost per person if set, else flat rate; null when none or zero */
  currentPrice: string | null;
  createdAt: string;
}

/** One language of a product at a time, as the product dialog sends it. */
export class ProductDto extends TenantEchoDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: API_MESSAGES.languageCode })
  @Length(LANGUAGE_CODE_LENGTH, LANGUAGE_CODE_LENGTH, { message: API_MESSAGES.languageCode })
  language: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.titleRequired })
  @IsNotEmpty({ message: MESSAGES.titleRequired })
  @MaxLength(MAX_LENGTH.productTitle)
  title: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.productSubtitle)
  subtitle?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.productShortDescription)
  shortDescription?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.productExtendedDescription)
  extendedDescription?: string | null;

  @Omittable()
  @IsInt({ message: API_MESSAGES.durationHours })
  @Min(0, { message: API_MESSAGES.durationHours })
  @Max(MAX_DURATION_HOURS, { message: API_MESSAGES.durationHours })
  durationHours?: number;

  @Omittable()
  @IsInt({ message: API_MESSAGES.durationMinutes })
  @IsIn(DURATION_MINUTES, { message: API_MESSAGES.durationMinutes })
  durationMinutes?: number;

  @IsOptional()
  @ValidateIf((dto: ProductDto) => dto.vatRateId !== null)
  @IsUUID('all', { message: mustBeUuid('vatRateId') })
  vatRateId?: string | null;
}

export class CopyFromItalianDto {
  @IsArray({ message: API_MESSAGES.targetLanguagesList })
  @ArrayMaxSize(MAX_COPY_LANGUAGES)
  @IsString({ each: true })
  @Length(LANGUAGE_CODE_LENGTH, LANGUAGE_CODE_LENGTH, { each: true, message: API_MESSAGES.targetLanguagesCodes })
  targetLanguages: string[];
}

export class AvailabilityDto {
  @IsDateOnly({ message: MESSAGES.startDateRequired })
  startDate: string;

  @IsDateOnly({ message: MESSAGES.endDateRequired })
  endDate: string;

  @Omittable()
  @IsBoolean()
  hasMinParticipants?: boolean;

  @IsOptional()
  @IsInt({ message: API_MESSAGES.minParticipants })
  @Min(MIN_PARTICIPANTS, { message: API_MESSAGES.minParticipants })
  @Max(MAX_PARTICIPANTS)
  minParticipants?: number | null;

  @Omittable()
  @IsBoolean()
  hasCostPerPerson?: boolean;

  @IsOptional()
  @IsMoney()
  costPerPerson?: string | number | null;

  @Omittable()
  @IsBoolean()
  hasFlatRate?: boolean;

  @IsOptional()
  @IsMoney()
  flatRate?: string | number | null;

  @Omittable()
  @IsBoolean()
  hasAdditionalCosts?: boolean;

  @IsOptional()
  @IsMoney()
  additionalCosts?: string | number | null;

  @Omittable()
  @IsBoolean()
  priceIncludesVat?: boolean;

  @IsOptional()
  @IsMoney()
  supplierCostPerPerson?: string | number | null;

  @IsOptional()
  @IsMoney()
  supplierCostPerBooking?: string | number | null;

  /** paying participants per group of free places; set with freePlacesCount, or neither */
  @IsOptional()
  @IsInt({ message: mustBeAtLeastOne('freePlacesEvery') })
  @Min(1, { message: mustBeAtLeastOne('freePlacesEvery') })
  @Max(MAX_PARTICIPANTS)
  @SetTogetherWith('freePlacesCount')
  freePlacesEvery?: number | null;

  /** free places per group; set with freePlacesEvery, or neither */
  @IsOptional()
  @IsInt({ message: mustBeAtLeastOne('freePlacesCount') })
  @Min(1, { message: mustBeAtLeastOne('freePlacesCount') })
  @Max(MAX_PARTICIPANTS)
  @SetTogetherWith('freePlacesEvery')
  freePlacesCount?: number | null;
}

/* ---------- customers ---------- */

export class CustomerView {
  id: string;
  title: string;
  name: string;
  email: string;
  phone: string | null;
  contact: string | null;
  address: string | null;
  country: string | null;
  city: string | null;
  postalCode: string | null;
  priceListId: string | null;
  vatNumber: string | null;
  sdi: string | null;
  pec: string | null;
  /** the codice fiscale: a person's 16 characters or a company's 11 digits, in capitals without spaces */
  fiscalCode: string | null;
  /** the customer's language (two-letter code, one of the agency's): its documents, e-mails and public page speak it */
  language: string;
  tagIds: string[];
  createdAt: string;
}

function OptionalText(max: number): PropertyDecorator {
  return (target, key) => [Transform(trim), IsOptional(), IsString(), MaxLength(max)].forEach((decorate) => decorate(target, key));
}

function IsFiscalCodeText(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isFiscalCode',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: eInvoiceFieldMessage('fiscalCode') },
      validator: { validate: (value: unknown) => typeof value === 'string' && isFiscalCode(value) },
    });
}

export class CustomerDto extends TenantEchoDto {
  @IsIn(CUSTOMER_TITLES, { message: MESSAGES.titleRequired })
  title: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.customerNameRequired })
  @IsNotEmpty({ message: MESSAGES.customerNameRequired })
  @MaxLength(MAX_LENGTH.customerName)
  name: string;

  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  @IsEmailAddress({ message: MESSAGES.emailInvalid })
  email: string;

  @OptionalText(MAX_LENGTH.phone) phone?: string | null;
  @OptionalText(MAX_LENGTH.contact) contact?: string | null;
  @OptionalText(MAX_LENGTH.address) address?: string | null;
  @OptionalText(MAX_LENGTH.country) country?: string | null;
  @OptionalText(MAX_LENGTH.city) city?: string | null;
  @OptionalText(MAX_LENGTH.postalCode) postalCode?: string | null;

  @IsOptional()
  @ValidateIf((dto: CustomerDto) => dto.priceListId !== null)
  @IsUUID('all', { message: mustBeUuid('priceListId') })
  priceListId?: string | null;

  @OptionalText(MAX_LENGTH.vatNumber) vatNumber?: string | null;
  @OptionalText(MAX_LENGTH.sdi) sdi?: string | null;

  @Transform(trim)
  @IsOptional()
  @EmptyAllowed()
  @IsEmailAddress({ message: mustBeEmail('pec') })
  pec?: string | null;

  @Transform(({ value }) => (typeof value === 'string' ? compactCode(value) : value))
  @IsOptional()
  @EmptyAllowed()
  @IsString({ message: eInvoiceFieldMessage('fiscalCode') })
  @IsFiscalCodeText()
  fiscalCode?: string | null;

  /** one of the agency's languages; left out: 'it' on create, the current one on update */
  @Omittable()
  @IsString({ message: API_MESSAGES.languageCode })
  @Length(LANGUAGE_CODE_LENGTH, LANGUAGE_CODE_LENGTH, { message: API_MESSAGES.languageCode })
  language?: string;
}

/**
 * The customers that look like the one about to be saved: those with the same e-mail (any case) or the
 * same VAT number (spaces and case aside). GET .../customers/duplicates?email=&vatNumber=&excludeId=
 */
export class CustomerDuplicatesQueryDto {
  @Transform(trim)
  @Omittable()
  @IsString()
  @MaxLength(MAX_LENGTH.email)
  email?: string;

  @Transform(trim)
  @Omittable()
  @IsString()
  @MaxLength(MAX_LENGTH.vatNumber)
  vatNumber?: string;

  /** the customer being edited, left out of the answer */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('excludeId') })
  excludeId?: string;
}

/** A customer that shares an e-mail or a VAT number with the one being saved, and which of the two. */
export interface CustomerDuplicateView {
  id: string;
  name: string;
  email: string;
  city: string | null;
  vatNumber: string | null;
  /** what it shares: 'email', 'vatNumber' or both */
  matches: ('email' | 'vatNumber')[];
}

/* ---------- patterns ---------- */

/**
 * The JSON size (UTF-8) of a product's texts in all its languages together, so that one product
 * always fits in a message whatever characters it holds.
 */
export const PRODUCT_TEXTS_MAX_BYTES = 512 * 1024;

export const CATALOGUE_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('catalogue.health');

export const VAT_RATES_LIST = rpcPattern<CatalogueRequest, VatRateView[]>('catalogue.vat-rates.list');
export const VAT_RATES_CREATE = rpcPattern<CatalogueWrite<VatRateDto>, VatRateView>('catalogue.vat-rates.create');
export const VAT_RATES_UPDATE = rpcPattern<CatalogueItemWrite<VatRateDto>, VatRateView>('catalogue.vat-rates.update');
export const VAT_RATES_DELETE = rpcPattern<CatalogueItemRequest, { deleted: true }>('catalogue.vat-rates.delete');

export const TAGS_LIST = rpcPattern<CatalogueRequest & { targetType?: TagTargetType }, TagView[]>('catalogue.tags.list');
export const TAGS_CREATE = rpcPattern<CatalogueWrite<TagDto>, TagView>('catalogue.tags.create');
export const TAGS_UPDATE = rpcPattern<CatalogueItemWrite<TagDto>, TagView>('catalogue.tags.update');
export const TAGS_DELETE = rpcPattern<CatalogueItemRequest, { deleted: true }>('catalogue.tags.delete');

export const PRICE_LISTS_LIST = rpcPattern<CatalogueRequest, PriceListView[]>('catalogue.price-lists.list');
export const PRICE_LISTS_CREATE = rpcPattern<CatalogueWrite<PriceListDto>, PriceListView>('catalogue.price-lists.create');
export const PRICE_LISTS_UPDATE = rpcPattern<CatalogueItemWrite<PriceListDto>, PriceListView>('catalogue.price-lists.update');
export const PRICE_LISTS_DELETE = rpcPattern<CatalogueItemRequest, { deleted: true }>('catalogue.price-lists.delete');

export const PRODUCTS_LIST = rpcPattern<CatalogueRequest & ListPageRequest, ListPage<ProductView>>('catalogue.products.list');
export const PRODUCTS_CREATE = rpcPattern<CatalogueWrite<ProductDto>, ProductView>('catalogue.products.create');
export const PRODUCTS_UPDATE = rpcPattern<CatalogueItemWrite<ProductDto>, ProductView>('catalogue.products.update');
export const PRODUCTS_DELETE = rpcPattern<CatalogueItemRequest, { deleted: true }>('catalogue.products.delete');
export const PRODUCTS_GET_TAGS = rpcPattern<CatalogueItemRequest, TagIdsView>('catalogue.products.get-tags');
export const PRODUCTS_SET_TAGS = rpcPattern<CatalogueItemWrite<SetTagsDto>, TagIdsView>('catalogue.products.set-tags');
export const PRODUCTS_COPY_FROM_ITALIAN = rpcPattern<CatalogueItemWrite<CopyFromItalianDto>, ProductView>('catalogue.products.copy-from-italian');

export const AVAILABILITY_LIST = rpcPattern<CatalogueItemRequest, AvailabilityView[]>('catalogue.availability.list');
export const AVAILABILITY_CREATE = rpcPattern<CatalogueItemWrite<AvailabilityDto>, AvailabilityView>('catalogue.availability.create');
export const AVAILABILITY_UPDATE = rpcPattern<CatalogueItemWrite<AvailabilityDto> & { availabilityId: string }, AvailabilityView>('catalogue.availability.update');
export const AVAILABILITY_DELETE = rpcPattern<CatalogueItemRequest & { availabilityId: string }, { deleted: true }>('catalogue.availability.delete');

export const CUSTOMERS_LIST = rpcPattern<CatalogueRequest & ListPageRequest, ListPage<CustomerView>>('catalogue.customers.list');
export const CUSTOMERS_CREATE = rpcPattern<CatalogueWrite<CustomerDto>, CustomerView>('catalogue.customers.create');
export const CUSTOMERS_UPDATE = rpcPattern<CatalogueItemWrite<CustomerDto>, CustomerView>('catalogue.customers.update');
export const CUSTOMERS_DELETE = rpcPattern<CatalogueItemRequest, { deleted: true }>('catalogue.customers.delete');
export const CUSTOMERS_DUPLICATES = rpcPattern<CatalogueRequest & { query: CustomerDuplicatesQueryDto }, CustomerDuplicateView[]>(
  'catalogue.customers.duplicates',
);
/** One customer with its salutation and address (a quote's document prints them). */
export const CUSTOMERS_GET = rpcPattern<CatalogueItemRequest, CustomerView>('catalogue.customers.get');
export const CUSTOMERS_GET_TAGS = rpcPattern<CatalogueItemRequest, TagIdsView>('catalogue.customers.get-tags');
export const CUSTOMERS_SET_TAGS = rpcPattern<CatalogueItemWrite<SetTagsDto>, TagIdsView>('catalogue.customers.set-tags');
