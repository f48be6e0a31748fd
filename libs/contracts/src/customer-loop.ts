import { type DepositKind, LOOP_API_MESSAGES as API_MESSAGES, MAX_LENGTH, MAX_QUOTE_ITEMS, MESSAGES, mustBeUuid } from '@quotebook/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, Equals, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested,
} from 'class-validator';
import type { CustomerView } from './catalogue';
import type { GeneratedDocument } from './documents';
import type { ListPage, ListPageRequest } from './list-page';
import type { TenantItemRequest, TenantItemWrite, TenantRequest, TenantWrite } from './principal';
import type { QuoteDetailView } from './quoting';
import { rpcPattern } from './subjects';
import { IsEmailAddress, Omittable, trim } from './validation';

/*
 * The customer loop: a quote is sent (a frozen revision, e-mailed with its PDF and a public link), the
 * customer views it and answers (accept with a signature, or decline), the agency is told (in-app
 * notifications, an e-mail to the sender, webhooks for integrators).
 */

/* ---------- answers ---------- */

export const QUOTE_ANSWER_KINDS = ['accepted', 'declined'] as const;
export type QuoteAnswerKind = (typeof QUOTE_ANSWER_KINDS)[number];

/** A customer's answer to one revision; a revision is answered once. */
export class QuoteAnswer {
  kind: QuoteAnswerKind;
  /** who signed (acceptance); null for a decline */
  signerName: string | null;
  /** why (decline), when the customer said; null otherwise */
  reason: string | null;
  /** ISO 8601 date-time */
  at: string;
  /** an acceptance: the optional lines the customer chose (absent on answers recorded before optional lines) */
  optionalLines?: ChosenOptionalLine[];
  /** an acceptance: the revision's total with the chosen optional lines, VAT included (absent as above) */
  acceptedTotal?: string | null;
}

/** An optional line the customer chose when accepting, as the revision offered it. */
export class ChosenOptionalLine {
  itemId: string;
  title: string;
  grossPrice: string;
}

/** One sent revision, as the history lists it. */
export class QuoteRevisionSummary {
  /** 1, 2, 3… under the quote's number */
  number: number;
  /** ISO 8601 date-time */
  sentAt: string;
  sentTo: string;
  cc: string[];
  /** who sent it: the user's full name then */
  sentByName: string | null;
  /** the revision's total, VAT included, as sent */
  totalAmount: string;
  /** the language the customer received it in (two-letter code) */
  language: string;
  layoutId: string;
  /** views counted per revision: the first, then at most one per visitor and day */
  viewCount: number;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  answer: QuoteAnswer | null;
}

/** One line of a revision, frozen as sent, with its texts in the revision's language. */
export class RevisionItemView {
  /** the quote item's id: what an acceptance names to choose an optional line */
  itemId: string;
  productId: string;
  productCode: string;
  /** the product's title in the revision's language (Italian, or the item's description, where missing) */
  title: string;
  /** the product's short description in that language, or null */
  description: string | null;
  quantity: number;
  chargedParticipants: number;
  minParticipants: number | null;
  /** the price per person charged, VAT included */
  unitPrice: string;
  netPrice: string;
  vatAmount: string;
  grossPrice: string;
  vatRate: string | null;
  /** 'IVA inclusa', '+ IVA 22%', or null (Italian; the page translates) */
  vatLabel: string | null;
  listPrice: string | null;
  priceListApplied: boolean;
  orderConfirmed: boolean;
  availableOnServiceDate: boolean;
  /** offered beside the total, never in it: the customer may choose it when accepting */
  optional: boolean;
  /** participants free under the period's free places ("20 + 1 gratuità"); 0 without */
  freePlaces: number;
}

/** What a quote asks to be paid when it asks a deposit: the deposit on acceptance and the balance by a date. */
export class RevisionSchedule {
  depositKind: Exclude<DepositKind, 'none'>;
  /** the percent or the amount asked */
  depositValue: string;
  depositAmount: string;
  balanceAmount: string;
  /** YYYY-MM-DD, or null without a service date */
  balanceDueDate: string | null;
}

/** VAT by rate, as the document prints it. */
export class VatSummaryLine {
  /** "22.00", or null for "IVA non indicata" */
  rate: string | null;
  label: string;
  net: string;
  vat: string;
  gross: string;
}

export class RevisionTotals {
  net: string;
  vat: string;
  gross: string;
  /** a total set by hand: its difference from the lines (negative: Sconto; positive: Arrotondamento); else null */
  adjustment: string | null;
  /** consumptions charged, VAT not shown */
  consumptions: string;
}

/** A template printed with the revision, in its language: sanitized HTML. */
export class RevisionTemplateText {
  templateType: string;
  title: string;
  content: string;
}

/** One revision with everything it froze. */
export class QuoteRevisionView extends QuoteRevisionSummary {
  quoteId: string;
  /** the quote's fields as sent */
  quote: Pick<QuoteDetailView, 'id' | 'shortId' | 'number' | 'subject' | 'serviceDate' | 'expiryDate' | 'status' | 'customerId' | 'customerName'>;
  items: RevisionItemView[];
  vatSummary: VatSummaryLine[];
  totals: RevisionTotals;
  templates: RevisionTemplateText[];
}

export class SendQuoteResult {
  revision: number;
  /** `{PUBLIC_URL}/q/{token}` */
  link: string;
  sentAt: string;
}

/* ---------- the public page ---------- */

/** What the public page shows of the agency: its identity and the details printed on its documents. */
export class PublicAgencyView {
  name: string;
  logoUrl: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  vatNumber: string | null;
  website: string | null;
}

export class PublicCustomerView {
  name: string;
  title: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}

/** The public read of a quote link: the latest sent revision, in the customer's language. */
export class PublicQuoteView {
  agency: PublicAgencyView;
  customer: PublicCustomerView;
  quote: { shortId: string; number: string; subject: string | null; serviceDate: string; expiryDate: string };
  revision: number;
  items: RevisionItemView[];
  vatSummary: VatSummaryLine[];
  total: RevisionTotals;
  /** the optional lines' gross together, offered beside the total and never in it */
  optionalTotal: string;
  /** the deposit and balance, when the quote asks a deposit; else null */
  schedule: RevisionSchedule | null;
  templates: RevisionTemplateText[];
  language: string;
  answer: QuoteAnswer | null;
  /** the quote's expiry date has passed: the page shows it, without accept or decline */
  expired: boolean;
}

/* ---------- requests ---------- */

/** Many e-mail addresses, as an array or one comma-separated text. */
const toAddressList = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.split(/[,;]/).map((part) => part.trim()).filter(Boolean) : value;

export class SendQuoteDto {
  /** the recipient; default: the customer's e-mail */
  @Omittable()
  @Transform(trim)
  @IsEmailAddress({ message: MESSAGES.emailInvalid })
  @MaxLength(MAX_LENGTH.email)
  to?: string;

  @Omittable()
  @Transform(toAddressList)
  @IsArray({ message: API_MESSAGES.ccList })
  @ArrayMaxSize(10, { message: API_MESSAGES.ccList })
  @IsEmailAddress({ each: true, message: MESSAGES.emailInvalid })
  cc?: string[];

  /** a personal message above the quote in the e-mail */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(5000)
  message?: string | null;

  /** default: the agency's default layout */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('layoutId') })
  layoutId?: string;

  /** default: the customer's language */
  @Omittable()
  @IsString()
  @MaxLength(2)
  language?: string;
}

export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** A PNG data URL is at most this long (a drawn signature, about 150 KB). */
export const MAX_SIGNATURE_LENGTH = 200_000;

export class SignatureDto {
  @IsIn(SIGNATURE_KINDS, { message: API_MESSAGES.signatureType })
  type: SignatureKind;

  /** the typed name, or a `data:image/png;base64,…` URL */
  @IsString({ message: API_MESSAGES.signatureValue })
  @IsNotEmpty({ message: API_MESSAGES.signatureValue })
  @MaxLength(MAX_SIGNATURE_LENGTH, { message: API_MESSAGES.signatureValue })
  value: string;
}

class AnswerDto {
  /** the revision the customer read; a newer one sent meanwhile makes the answer 409 */
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(100_000)
  revision?: number;
}

export class AcceptQuoteDto extends AnswerDto {
  @Transform(trim)
  @IsString({ message: API_MESSAGES.signerName })
  @IsNotEmpty({ message: API_MESSAGES.signerName })
  @MaxLength(200)
  signerName: string;

  @IsBoolean({ message: API_MESSAGES.consent })
  @Equals(true, { message: API_MESSAGES.consent })
  consent: true;

  @ValidateNested()
  @Type(() => SignatureDto)
  signature: SignatureDto;

  /** the optional lines of the revision the customer chose (their itemId); none when left out */
  @Omittable()
  @IsArray({ message: API_MESSAGES.optionalItemIds })
  @ArrayMaxSize(MAX_QUOTE_ITEMS, { message: API_MESSAGES.optionalItemIds })
  @IsUUID('all', { each: true, message: API_MESSAGES.optionalItemIds })
  optionalItemIds?: string[];
}

export class DeclineQuoteDto extends AnswerDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  reason?: string | null;
}

/** Who opened a public page: kept with a view or an answer (the IP and the browser). */
export interface PublicVisitor {
  ip: string;
  userAgent: string;
}

/* ---------- notifications ---------- */

export const NOTIFICATION_KINDS = ['viewed', 'accepted', 'declined'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export class NotificationView {
  id: string;
  kind: NotificationKind;
  quoteId: string;
  quoteShortId: string;
  quoteNumber: string;
  customerName: string;
  revision: number;
  createdAt: string;
  readAt: string | null;
}

export class NotificationsView {
  unread: number;
  /** the newest first, at most 50 */
  items: NotificationView[];
}

/* ---------- webhooks ---------- */

export const WEBHOOK_EVENTS = ['quote.sent', 'quote.viewed', 'quote.accepted', 'quote.declined'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export class WebhookView {
  id: string;
  url: string;
  events: WebhookEvent[];
  /** the secret is never read back: its last 4 characters */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

export class WebhookDto {
  @Transform(trim)
  @IsString({ message: API_MESSAGES.webhookUrl })
  @IsNotEmpty({ message: API_MESSAGES.webhookUrl })
  @MaxLength(2000, { message: API_MESSAGES.webhookUrl })
  url: string;

  @IsArray({ message: API_MESSAGES.webhookEvents })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: API_MESSAGES.webhookEvents })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: API_MESSAGES.webhookEvents })
  events: WebhookEvent[];

  @IsString({ message: API_MESSAGES.webhookSecret })
  @MaxLength(200, { message: API_MESSAGES.webhookSecret })
  @IsNotEmpty({ message: API_MESSAGES.webhookSecret })
  secret: string;
}

/** A change of an endpoint: what is sent changes. */
export class UpdateWebhookDto {
  @Omittable()
  @Transform(trim)
  @IsString({ message: API_MESSAGES.webhookUrl })
  @IsNotEmpty({ message: API_MESSAGES.webhookUrl })
  @MaxLength(2000, { message: API_MESSAGES.webhookUrl })
  url?: string;

  @Omittable()
  @IsArray({ message: API_MESSAGES.webhookEvents })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: API_MESSAGES.webhookEvents })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: API_MESSAGES.webhookEvents })
  events?: WebhookEvent[];

  @Omittable()
  @IsString({ message: API_MESSAGES.webhookSecret })
  @MaxLength(200, { message: API_MESSAGES.webhookSecret })
  @IsNotEmpty({ message: API_MESSAGES.webhookSecret })
  secret?: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export class WebhookDeliveryView {
  id: string;
  event: WebhookEvent;
  quoteId: string;
  revision: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** the endpoint's last HTTP status, or null when it did not answer */
  responseStatus: number | null;
  /** the start of its last answer's body (at most 1,000 characters), or why nothing came back */
  responseBody: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
}

/** The JSON body of a webhook delivery, signed with `X-Quotebook-Signature: sha256=<hex HMAC of the raw body>`. */
export interface WebhookPayload {
  event: WebhookEvent;
  occurredAt: string;
  tenantId: string;
  quoteId: string;
  revision: number;
  data: Record<string, unknown>;
}

/* ---------- what the documents service and the catalogue answer for the loop ---------- */

/** A product's texts in one language (Italian where that language has none). */
export interface ProductTexts {
  id: string;
  title: string | null;
  shortDescription: string | null;
}

/** A revision's document: rendered from the quote as frozen, not as it is now. */
export interface RenderRevisionRequest extends TenantRequest {
  quote: QuoteDetailView;
  customer: CustomerView | null;
  /** the items' texts in the revision's language, by product id */
  texts: ProductTexts[];
  language: string;
  /** default: the agency's default layout (the first active one when none is default) */
  layoutId?: string;
}

export interface RenderedRevision {
  layoutId: string;
  document: GeneratedDocument;
  /** the layout's templates in the revision's language, for the public page */
  templates: RevisionTemplateText[];
}

/* ---------- patterns ---------- */

export const QUOTES_SEND = rpcPattern<TenantItemWrite<SendQuoteDto>, SendQuoteResult>('quoting.quotes.send');
export const QUOTE_LINK_REVOKE = rpcPattern<TenantItemRequest, { revoked: true }>('quoting.quotes.link-revoke');
export const QUOTE_REVISIONS_LIST = rpcPattern<TenantItemRequest, QuoteRevisionSummary[]>('quoting.revisions.list');
export const QUOTE_REVISIONS_GET = rpcPattern<TenantItemRequest & { number: number }, QuoteRevisionView>('quoting.revisions.get');

/** Public: the token is the permission; no principal. An unknown, revoked or malformed token is NOT_FOUND. */
export const PUBLIC_QUOTE_GET = rpcPattern<{ token: string; visitor: PublicVisitor }, PublicQuoteView>('quoting.public.get');
export const PUBLIC_QUOTE_ACCEPT = rpcPattern<{ token: string; visitor: PublicVisitor; data: AcceptQuoteDto }, QuoteAnswer>('quoting.public.accept');
export const PUBLIC_QUOTE_DECLINE = rpcPattern<{ token: string; visitor: PublicVisitor; data: DeclineQuoteDto }, QuoteAnswer>('quoting.public.decline');
/** The latest sent revision's PDF, as stored when it was sent. */
export const PUBLIC_QUOTE_DOCUMENT = rpcPattern<{ token: string }, GeneratedDocument>('quoting.public.document');

export const NOTIFICATIONS_LIST = rpcPattern<TenantRequest, NotificationsView>('quoting.notifications.list');
/** Marks one notification read, or every one of the user's when `id` is 'all'. */
export const NOTIFICATIONS_READ = rpcPattern<TenantItemRequest, NotificationsView>('quoting.notifications.read');

export const WEBHOOKS_LIST = rpcPattern<TenantRequest & ListPageRequest, ListPage<WebhookView>>('quoting.webhooks.list');
export const WEBHOOKS_CREATE = rpcPattern<TenantWrite<WebhookDto>, WebhookView>('quoting.webhooks.create');
export const WEBHOOKS_UPDATE = rpcPattern<TenantItemWrite<UpdateWebhookDto>, WebhookView>('quoting.webhooks.update');
export const WEBHOOKS_DELETE = rpcPattern<TenantItemRequest, { deleted: true }>('quoting.webhooks.delete');
export const WEBHOOK_DELIVERIES_LIST = rpcPattern<TenantItemRequest, WebhookDeliveryView[]>('quoting.webhooks.deliveries');

/** Answered by the documents service: a revision's PDF in its language, and its templates' texts. */
export const DOCUMENTS_RENDER_REVISION = rpcPattern<RenderRevisionRequest, RenderedRevision>('documents.render-revision');
/** Answered by the catalogue: the products' texts in one language. */
export const CATALOGUE_PRODUCT_TEXTS = rpcPattern<TenantRequest & { productIds: string[]; language: string }, ProductTexts[]>(
  'catalogue.product-texts',
);
