import {
  API_MESSAGES,
  mustBeBalanceDueDays,
  type Confirmation,
  DEPOSIT_KINDS,
  type DepositKind,
  MAX_BALANCE_DUE_DAYS,
  MAX_MONEY,
  MAX_PAYMENT_NOTE_LENGTH,
  PAYMENT_METHODS,
  type PaymentMethod,
  MAX_CONSUMPTION_QUANTITY,
  MAX_ITEM_QUANTITY,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_PARTICIPANTS,
  MESSAGES,
  MIN_ITEM_QUANTITY,
  mustBeBoolean,
  mustBeCount,
  mustBeDate,
  mustBeUuid,
  type PriceSource,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '@quotebook/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf, ValidateNested,
} from 'class-validator';
import type { AvailabilityView, PriceListView } from './catalogue';
import type { QuoteAnswer } from './customer-loop';
import type { ServiceHealth } from './health';
import type { ListPage, ListPageRequest } from './list-page';
import { IsMoney, IsPositiveMoney } from './money';
import type { TenantItemRequest, TenantItemWrite, TenantRequest, TenantWrite } from './principal';
import { rpcPattern } from './subjects';
import { IsDateOnly, IsDateTime, Omittable, trim, wholeNumberFromQuery } from './validation';

/* ---------- answers ---------- */

/**
 * A quote as the list, the editors and the dashboard read it: its own fields and what its items add
 * up to. Date-times are the business time zone's wall clock ("2026-07-15T09:30:00"); money is text
 * with two decimals.
 */
export class QuoteView {
  id: string;
  /** the last 6 characters of the id, upper case */
  shortId: string;
  customerId: string;
  /** the customer's business name, as the catalogue last named it */
  customerName: string;
  subject: string | null;
  serviceDate: string;
  expiryDate: string;
  bookingDateTime: string | null;
  actualServiceDateTime: string | null;
  status: QuoteStatus;
  serviceStartTime: string | null;
  estimatedEndTime: string | null;
  serviceEndTime: string | null;
  serviceNotes: string | null;
  actualParticipants: number;
  /**
   * the quote's total, VAT included ('Totale IVA incl.'): its counted items gross (all of them, or the
   * order-confirmed ones once the quote is confirmed) plus its consumptions, or the gross total a
   * person set by hand. The list's Amount, the dashboard and the document show this same figure.
   */
  totalAmount: string;
  /** the total's net (Imponibile) and VAT, split by the shared engine (quoteFigures) */
  netAmount: string;
  vatAmount: string;
  /** whether totalAmount was set by hand (the document shows the difference as Sconto or Arrotondamento) */
  totalSetByHand: boolean;
  /** the order-confirmed items' total, VAT included */
  confirmedTotal: string;
  /** what the counted lines cost the agency (their costs added), or null when none has a cost */
  costTotal: string | null;
  /** netAmount less costTotal, or null without a cost */
  marginTotal: string | null;
  /** marginTotal as a percentage of netAmount ("23.08"), or null without a cost or with a net of 0 */
  marginPercent: string | null;
  /** what the optional lines add up to, VAT included: offered beside the total, never in it */
  optionalTotal: string;
  /** the quote's progressive number in its agency and year, "2026/0001"; given when the quote is created */
  number: string;
  /** who created the quote: the user's id and full name then; null for quotes from before it was recorded */
  createdById: string | null;
  createdByName: string | null;
  /** items whose product has no period on the service date and no manual price: their price is to be defined */
  unavailableItemCount: number;
  /** order-confirmed items with 0 confirmed participants */
  emptyConfirmedItemCount: number;
  /** how many items are order-confirmed: none, some or all */
  confirmation: Confirmation;
  itemCount: number;
  confirmedItemCount: number;
  /** the customer's price list whose reductions went into the automatic prices, when one did */
  priceListId: string | null;
  priceListName: string | null;
  /** raised by every change; send it back to be told when someone else changed the quote meanwhile */
  version: number;
  /** the number of the last revision sent to the customer, or null when the quote was never sent */
  latestRevision: number | null;
  /** when the last revision was sent (ISO 8601), or null */
  lastSentAt: string | null;
  /** the customer's answer to the latest sent revision: null, accepted or declined */
  customerAnswer: QuoteAnswer | null;
  /** the deposit asked (due on acceptance): none, a percent of the total or an amount (depositValue) */
  depositKind: DepositKind;
  depositValue: string | null;
  /** the quote's own days before the service for the balance; null: the agency's default */
  balanceDueDays: number | null;
  /** the schedule (paymentSchedule) over totalAmount: the deposit, the balance and its date (YYYY-MM-DD) */
  depositAmount: string;
  balanceAmount: string;
  balanceDueDate: string | null;
  /** what the payments received add up to, and totalAmount minus it (below 0 when more was paid) */
  paidTotal: string;
  dueTotal: string;
  createdAt: string;
  updatedAt: string;
}

/** One product on a quote, priced by the server. */
export class QuoteItemView {
  id: string;
  quoteId: string;
  productId: string;
  /** the product's code when the item was last priced */
  productCode: string;
  /** the Italian title, else the product code, unless one was given */
  description: string;
  quantity: number;
  /** the period's cost per person (after the price list), or what was given */
  unitPrice: string;
  /** what the item costs: the automatic price, or the manual one */
  totalPrice: string;
  /** the automatic price on the quote's service date */
  computedPrice: string;
  priceSource: PriceSource;
  orderConfirmed: boolean;
  confirmedParticipants: number;
  /** whether the period's prices include VAT */
  priceIncludesVat: boolean;
  /** the product's VAT rate ("22.00"), or null */
  vatRate: string | null;
  /** 'IVA inclusa', '+ IVA 22%', or null */
  vatLabel: string | null;
  /** whether the customer's price list reduced the automatic price */
  priceListApplied: boolean;
  /** the automatic price before the price list's reductions, when they applied; else null */
  listPrice: string | null;
  /** whether the product has a priced period on the service date ('Non disponibile in questa data' when not) */
  availableOnServiceDate: boolean;
  /** the period's minimum participants, when it sets one */
  minParticipants: number | null;
  /** the participants charged: those booked, or the minimum when more */
  chargedParticipants: number;
  /** the product's Italian short description from the catalogue when the item was last priced, or null */
  catalogueDescription: string | null;
  /** the line split by the shared engine: net, VAT and gross of totalPrice */
  netPrice: string;
  vatAmount: string;
  grossPrice: string;
  /** an optional line: offered to the customer, left out of the quote's totals */
  optional: boolean;
  /** what the line costs the agency: the period's supplier cost for the participants, or one set by hand; null when none */
  cost: string | null;
  costSource: PriceSource;
  /** the participants free under the period's free places ("20 + 1 gratuità") */
  freePlaces: number;
  /** the participants priced less the free places */
  payingParticipants: number;
  /** grossPrice per paying participant */
  pricePerPerson: string;
  /** netPrice less cost, or null without a cost */
  margin: string | null;
  /** margin as a percentage of netPrice ("23.08"), or null without a cost or with a net of 0 */
  marginPercent: string | null;
  createdAt: string;
}

/** Every cost and margin field of the quote answers: null for a tenant user when the agency keeps them from its users. */
export const COST_FIELDS = ['cost', 'margin', 'marginPercent', 'costTotal', 'marginTotal'] as const;

/**
 * An answer with every cost and margin field (COST_FIELDS, at any depth: a quote, its items, a list
 * or a page of quotes) set to null; the rest as it is.
 */
export function withoutCosts<T>(answer: T): T {
  if (Array.isArray(answer)) return answer.map((entry) => withoutCosts(entry)) as T;
  if (answer === null || typeof answer !== 'object') return answer;
  const hidden: string[] = [...COST_FIELDS];
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => [key, hidden.includes(key) ? null : withoutCosts(value)]),
  ) as T;
}

/** Something consumed during the service and charged besides the products. */
export class ConsumptionView {
  id: string;
  quoteId: string;
  productId: string | null;
  description: string;
  quantity: number;
  unitValue: string;
  /** quantity × unit value */
  totalValue: string;
  consumedAt: string;
}

/** One quote with its items and consumptions: everything the editor shows, in one call. */
export class QuoteDetailView extends QuoteView {
  items: QuoteItemView[];
  consumptions: ConsumptionView[];
}

/** The agency dashboard's figures, in one call. */
export class DashboardView {
  /** the agency's products */
  activeProducts: number;
  totalCustomers: number;
  /** quotes created this month (the service date counts for a quote without a creation date) */
  quotesThisMonth: number;
  /** the total amount (VAT included) of this month's confirmed and closed quotes */
  revenueMtd: string;
  /** the same quotes' net total (VAT excluded) */
  revenueMtdNet: string;
  /** the 5 most recently created quotes */
  recentQuotes: QuoteView[];
  /** what the confirmed and closed quotes still expect to be paid ('Da incassare'; a surplus counts 0) */
  dueTotal: string;
}

/** A payment received for a quote. */
export class PaymentView {
  id: string;
  quoteId: string;
  /** YYYY-MM-DD */
  paidOn: string;
  amount: string;
  method: PaymentMethod;
  note: string | null;
  createdAt: string;
}

/* ---------- requests ---------- */

const OptionalText = (max: number): PropertyDecorator => (target, key) =>
  [Transform(trim), IsOptional(), IsString(), MaxLength(max)].forEach((decorate) => decorate(target, key));

const OptionalDateTime = (): PropertyDecorator => (target, key) =>
  [IsOptional(), IsDateTime()].forEach((decorate) => decorate(target, key));

/** A number of people: a whole number from 0. */
const Count = (property: string, max: number): PropertyDecorator => (target, key) =>
  [Omittable(), IsInt({ message: mustBeCount(property) }), Min(0, { message: mustBeCount(property) }), Max(max)].forEach((decorate) =>
    decorate(target, key),
  );

export const QUOTE_TEXT_LIMITS = { subject: 300, serviceNotes: 5000, itemDescription: 500, consumptionDescription: 500, search: 200 } as const;

/** A change of one item: what is sent changes, the rest stays. */
export class UpdateQuoteItemDto {
  @Omittable()
  @IsInt({ message: API_MESSAGES.quantity })
  @Min(MIN_ITEM_QUANTITY, { message: API_MESSAGES.quantity })
  @Max(MAX_ITEM_QUANTITY, { message: API_MESSAGES.quantity })
  quantity?: number;

  @IsOptional()
  @IsMoney()
  unitPrice?: string | number | null;

  /** a manual price; null: back to the automatic one */
  @IsOptional()
  @IsMoney()
  totalPrice?: string | number | null;

  @OptionalText(QUOTE_TEXT_LIMITS.itemDescription)
  description?: string | null;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('orderConfirmed') })
  orderConfirmed?: boolean;

  @Count('confirmedParticipants', MAX_QUOTE_PARTICIPANTS)
  confirmedParticipants?: number;

  /** the line's cost set by hand; null: back to the period's (automatic) cost */
  @IsOptional()
  @IsMoney()
  cost?: string | number | null;

  /** an optional line: offered beside the quote, not in its total */
  @Omittable()
  @IsBoolean({ message: mustBeBoolean('optional') })
  optional?: boolean;
}

/**
 * One product on a quote, as the quote dialogs send it: the product and the fields an item's change
 * may set. No price, or null, means "price it automatically".
 */
export class QuoteItemDto extends UpdateQuoteItemDto {
  /** the quote of the path, repeated by older clients; never trusted */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('quoteId') })
  quoteId?: string;

  @IsUUID('all', { message: mustBeUuid('productId') })
  productId: string;

  /** a manual price; null or absent: the automatic one */
  declare totalPrice?: string | number | null;
}

/** Optimistic concurrency: the version the client loaded; a client that sends none is not checked. */
class VersionedDto {
  @Omittable()
  @IsInt({ message: API_MESSAGES.version })
  @Min(0, { message: API_MESSAGES.version })
  @Max(2_147_483_647, { message: API_MESSAGES.version })
  version?: number;
}

/** The quote's items become exactly these (the advanced editor's save). */
export class ReplaceQuoteItemsDto extends VersionedDto {
  @IsArray({ message: API_MESSAGES.itemsList })
  @ArrayMaxSize(MAX_QUOTE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => QuoteItemDto)
  items: QuoteItemDto[];
}

/** What a quote's create and update bodies share; each may be left out. */
class QuoteFieldsDto extends VersionedDto {
  @OptionalText(QUOTE_TEXT_LIMITS.subject)
  subject?: string | null;

  @OptionalDateTime()
  serviceStartTime?: string | null;

  @OptionalDateTime()
  estimatedEndTime?: string | null;

  @OptionalDateTime()
  serviceEndTime?: string | null;

  @OptionalDateTime()
  bookingDateTime?: string | null;

  @OptionalDateTime()
  actualServiceDateTime?: string | null;

  @Omittable()
  @IsDateOnly({ message: mustBeDate('expiryDate') })
  expiryDate?: string;

  @Omittable()
  @IsIn(QUOTE_STATUSES, { message: API_MESSAGES.status })
  status?: QuoteStatus;

  /** sent as text by the editors ("365.00"); a number is accepted too */
  @Omittable()
  @IsMoney(undefined, { message: MESSAGES.totalAmount })
  totalAmount?: string | number;

  @OptionalText(QUOTE_TEXT_LIMITS.serviceNotes)
  serviceNotes?: string | null;

  @Count('actualParticipants', MAX_QUOTE_PARTICIPANTS)
  actualParticipants?: number;

  @Omittable()
  @IsIn(DEPOSIT_KINDS, { message: `depositKind must be one of: ${DEPOSIT_KINDS.join(', ')}` })
  depositKind?: DepositKind;

  /** a percent (0 to 100) or an amount, by depositKind; null with none */
  @IsOptional()
  @IsMoney()
  depositValue?: string | number | null;

  /** null: the agency's default */
  @IsOptional()
  @IsInt({ message: mustBeBalanceDueDays('balanceDueDays') })
  @Min(0, { message: mustBeBalanceDueDays('balanceDueDays') })
  @Max(MAX_BALANCE_DUE_DAYS, { message: mustBeBalanceDueDays('balanceDueDays') })
  balanceDueDays?: number | null;
}

export class CreateQuoteDto extends QuoteFieldsDto {
  /** the tenant of the path, repeated by the spec's client; never trusted */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId?: string;

  @IsUUID('all', { message: MESSAGES.customerRequired })
  customerId: string;

  @IsDateOnly({ message: MESSAGES.serviceDateRequired })
  serviceDate: string;

  /** the products chosen in the creation dialog, priced by the server */
  @Omittable()
  @IsArray({ message: API_MESSAGES.itemsList })
  @ArrayMaxSize(MAX_QUOTE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => QuoteItemDto)
  items?: QuoteItemDto[];
}

/** A change of a quote: what is sent changes, the rest stays (null clears what may be empty). */
export class UpdateQuoteDto extends QuoteFieldsDto {
  @Omittable()
  @IsUUID('all', { message: MESSAGES.customerRequired })
  customerId?: string;

  @Omittable()
  @IsDateOnly({ message: MESSAGES.serviceDateRequired })
  serviceDate?: string;
}

export class ConsumptionDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.descriptionRequired })
  @IsNotEmpty({ message: MESSAGES.descriptionRequired })
  @MaxLength(QUOTE_TEXT_LIMITS.consumptionDescription)
  description: string;

  @IsInt({ message: MESSAGES.consumptionQuantity })
  @Min(1, { message: MESSAGES.consumptionQuantity })
  @Max(MAX_CONSUMPTION_QUANTITY)
  quantity: number;

  @IsPositiveMoney(MESSAGES.unitValue)
  unitValue: string | number;

  /** sent by the spec's client; the server works it out as quantity × unit value */
  @IsOptional()
  @IsMoney()
  totalValue?: string | number | null;

  @IsOptional()
  @ValidateIf((dto: ConsumptionDto) => dto.productId !== null)
  @IsUUID('all', { message: mustBeUuid('productId') })
  productId?: string | null;

  @Omittable()
  @IsDateTime()
  consumedAt?: string;
}

/** A payment received: its day (today at the latest), amount and method. */
export class PaymentDto {
  @IsDateOnly({ message: mustBeDate('paidOn') })
  paidOn: string;

  @IsPositiveMoney(`amount must be more than 0 and at most ${MAX_MONEY}, with at most 2 decimals`)
  amount: string | number;

  @IsIn(PAYMENT_METHODS, { message: `method must be one of: ${PAYMENT_METHODS.join(', ')}` })
  method: PaymentMethod;

  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'note must be a text' })
  @MaxLength(MAX_PAYMENT_NOTE_LENGTH, { message: `note must be at most ${MAX_PAYMENT_NOTE_LENGTH} characters` })
  note?: string | null;
}

/** The quote list's filters and page, from the query string. */
export class QuoteListQueryDto {
  /** short id, customer, subject, amount, status or service date (dd/mm/yyyy or YYYY-MM-DD); any case */
  @Omittable()
  @IsString()
  @MaxLength(QUOTE_TEXT_LIMITS.search)
  search?: string;

  @Omittable()
  @IsIn(QUOTE_STATUSES, { message: API_MESSAGES.status })
  status?: QuoteStatus;

  @Omittable()
  @IsUUID('all', { message: mustBeUuid('customerId') })
  customerId?: string;

  /** quotes created by this user */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('createdBy') })
  createdBy?: string;

  /** service date from (included) */
  @Omittable()
  @IsDateOnly({ message: mustBeDate('from') })
  from?: string;

  /** service date to (included) */
  @Omittable()
  @IsDateOnly({ message: mustBeDate('to') })
  to?: string;

  /** at most this many quotes; every match when left out */
  @Omittable()
  @Transform(wholeNumberFromQuery)
  @IsInt({ message: API_MESSAGES.limit })
  @Min(1, { message: API_MESSAGES.limit })
  @Max(1000, { message: API_MESSAGES.limit })
  limit?: number;

  @Omittable()
  @Transform(wholeNumberFromQuery)
  @IsInt({ message: API_MESSAGES.offset })
  @Min(0, { message: API_MESSAGES.offset })
  @Max(2_147_483_647, { message: API_MESSAGES.offset })
  offset?: number;
}

export type QuoteListFilters = Omit<QuoteListQueryDto, 'limit' | 'offset'>;

/* ---------- what quoting asks the catalogue ---------- */

/** A product as a quote's pricing needs it: its period on the service date only. */
export interface PricingProduct {
  id: string;
  code: string;
  /** the Italian title, or null */
  titleIt: string | null;
  /** the Italian short description, or null */
  shortDescriptionIt: string | null;
  vatRate: string | null;
  /** the period containing the service date, or null */
  period: AvailabilityView | null;
}

export interface PricingCustomer {
  id: string;
  name: string;
  priceList: PriceListView | null;
}

export interface QuotePricingRequest extends TenantRequest {
  /** each product id once; those of another agency or unknown are left out of the answer */
  productIds: string[];
  /** null: no customer asked for */
  customerId: string | null;
  serviceDate: string | null;
}

export interface QuotePricingData {
  products: PricingProduct[];
  /** null when the customer is not one of the agency's */
  customer: PricingCustomer | null;
}

export interface CatalogueCounts {
  products: number;
  customers: number;
}

/** How many of the agency's quotes use a customer or a product. */
export interface QuoteUsageRequest extends TenantRequest {
  customerId?: string;
  productId?: string;
}

/* ---------- patterns ---------- */

/** A page of the quote list, with the number of matches on the first page. */
export type QuotesPage = ListPage<QuoteView> & { total?: number };
export type QuotesListRequest = TenantRequest & ListPageRequest & { filters: QuoteListFilters; offset?: number; limit?: number };
export type QuoteItemRequest = TenantItemRequest & { itemId: string };

export const QUOTING_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('quoting.health');

export const QUOTES_LIST = rpcPattern<QuotesListRequest, QuotesPage>('quoting.quotes.list');
/** Someone who created quotes of the agency, for the list's "Creato da" filter. */
export interface QuoteCreatorView {
  id: string;
  name: string;
}
export const QUOTES_CREATORS = rpcPattern<TenantRequest, QuoteCreatorView[]>('quoting.quotes.creators');
export const QUOTES_GET = rpcPattern<TenantItemRequest, QuoteDetailView>('quoting.quotes.get');
export const QUOTES_CREATE = rpcPattern<TenantWrite<CreateQuoteDto>, QuoteDetailView>('quoting.quotes.create');
export const QUOTES_UPDATE = rpcPattern<TenantItemWrite<UpdateQuoteDto>, QuoteDetailView>('quoting.quotes.update');
export const QUOTES_DELETE = rpcPattern<TenantItemRequest, { deleted: true }>('quoting.quotes.delete');

export const QUOTE_ITEMS_LIST = rpcPattern<TenantItemRequest, QuoteItemView[]>('quoting.items.list');
export const QUOTE_ITEMS_ADD = rpcPattern<TenantItemWrite<QuoteItemDto>, QuoteItemView>('quoting.items.add');
export const QUOTE_ITEMS_REPLACE = rpcPattern<TenantItemWrite<ReplaceQuoteItemsDto>, QuoteItemView[]>('quoting.items.replace');
export const QUOTE_ITEMS_UPDATE = rpcPattern<QuoteItemRequest & { data: UpdateQuoteItemDto }, QuoteItemView>('quoting.items.update');
export const QUOTE_ITEMS_DELETE = rpcPattern<QuoteItemRequest, { deleted: true }>('quoting.items.delete');

export const CONSUMPTIONS_LIST = rpcPattern<TenantItemRequest, ConsumptionView[]>('quoting.consumptions.list');
export const CONSUMPTIONS_ADD = rpcPattern<TenantItemWrite<ConsumptionDto>, ConsumptionView>('quoting.consumptions.add');
export const CONSUMPTIONS_DELETE = rpcPattern<QuoteItemRequest, { deleted: true }>('quoting.consumptions.delete');

export const PAYMENTS_LIST = rpcPattern<TenantItemRequest, PaymentView[]>('quoting.payments.list');
export const PAYMENTS_ADD = rpcPattern<TenantItemWrite<PaymentDto>, PaymentView>('quoting.payments.add');
export const PAYMENTS_DELETE = rpcPattern<QuoteItemRequest, { deleted: true }>('quoting.payments.delete');

export const QUOTING_DASHBOARD = rpcPattern<TenantRequest, DashboardView>('quoting.dashboard');
/** Asked by the catalogue before it deletes a customer or a product. */
export const QUOTING_USAGE = rpcPattern<QuoteUsageRequest, { quotes: number }>('quoting.usage');

/** Answered by the catalogue: what pricing a quote needs, in one call per quote. */
export const CATALOGUE_QUOTE_PRICING = rpcPattern<QuotePricingRequest, QuotePricingData>('catalogue.quote-pricing');
/** Answered by the catalogue: how many products and customers the agency has (the dashboard). */
export const CATALOGUE_COUNTS = rpcPattern<TenantRequest, CatalogueCounts>('catalogue.counts');
