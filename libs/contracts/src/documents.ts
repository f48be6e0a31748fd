import {
  API_MESSAGES,
  DOCUMENT_API_MESSAGES,
  DOCUMENT_FORMATS,
  type DocumentFormat,
  LANGUAGE_CODE_LENGTH,
  LAYOUT_ELEMENT_TYPES,
  type LayoutElementType,
  MAX_LAYOUT_ELEMENTS,
  MESSAGES,
  mustBeBoolean,
  mustBeUuid,
  TEMPLATE_CONTENT_MAX_LENGTH,
  TEMPLATE_TRANSLATION_MESSAGES,
  TEMPLATE_TYPES,
  type TemplateType,
} from '@quotebook/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional,
  IsString, IsUUID, Length, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested,
} from 'class-validator';
import type { ServiceHealth } from './health';
import type { ListPage, ListPageRequest } from './list-page';
import type { TenantItemRequest, TenantItemWrite, TenantRequest, TenantWrite } from './principal';
import { rpcPattern } from './subjects';
import { Omittable, trim } from './validation';

/* ---------- answers ---------- */

/** A description template as a layout names it: everything but its content. */
export class TemplateSummaryView {
  id: string;
  templateType: TemplateType;
  title: string;
  /** where the signature image is kept (`/objects/signatures/<tenant>/<file>`), or null */
  signatureImagePath: string | null;
  /** print the agency's header (logo, company data) when this template is printed */
  headerPrint: boolean;
  isActive: boolean;
  updatedAt: string;
}

/** A template's text in one language besides Italian. */
export interface TemplateTranslation {
  /** empty: the Italian title is printed */
  title: string;
  /** sanitized HTML, as the Italian content */
  content: string;
}

/** A template's texts by language code (Italian is the template's own title and content). */
export type TemplateTranslations = Record<string, TemplateTranslation>;

/** A description template: one section of a printed quote (premessa, condizioni, firma, ...). */
export class QuoteTemplateView extends TemplateSummaryView {
  /** sanitized HTML (formatting tags only) */
  content: string;
  /** its text in other languages; a document in a language it has no text in prints the Italian one */
  translations: TemplateTranslations;
}

/** One element of a layout, in print order: the quote's table, or a template. */
export class LayoutElementView {
  id: string;
  elementType: LayoutElementType;
  templateId: string | null;
  /** its position in the layout, from 0 */
  sortOrder: number;
  /**
   * the template it prints, without its content (a layout of 50 long templates would not fit one
   * message); null for the quote's table
   */
  template: TemplateSummaryView | null;
}

/** A printable arrangement of the quote's table and templates. */
export class QuoteLayoutView {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  /** the one preselected in the preview; at most one per agency */
  isDefault: boolean;
  updatedAt: string;
  elements: LayoutElementView[];
}

export class UploadUrlView {
  /** where to PUT the file (with its content type): single use, valid for minutes */
  uploadURL: string;
}

export class ObjectPathView {
  /** what a template stores as `signatureImagePath` */
  objectPath: string;
}

/* ---------- requests ---------- */

/** `/objects/signatures/<tenant uuid>/<file uuid>.<png|jpg|gif|webp>` */
export const SIGNATURE_OBJECT_PATH = /^\/objects\/signatures\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

export class QuoteTemplateDto {
  /** the tenant of the path, repeated by the spec's client; never trusted */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId?: string;

  @IsIn(TEMPLATE_TYPES, { message: DOCUMENT_API_MESSAGES.templateType })
  templateType: TemplateType;

  @Transform(trim)
  @IsString({ message: MESSAGES.templateTitleRequired })
  @IsNotEmpty({ message: MESSAGES.templateTitleRequired })
  @MaxLength(300)
  title: string;

  /** HTML; the server keeps only formatting (no scripts, handlers or remote resources) */
  @IsString({ message: MESSAGES.templateContentRequired })
  @IsNotEmpty({ message: MESSAGES.templateContentRequired })
  @MaxLength(TEMPLATE_CONTENT_MAX_LENGTH)
  content: string;

  /**
   * the objectPath normalize-path answered for an uploaded signature image; null: none
   * @example /objects/signatures/0b7e6c9a-2f55-4c1e-9a43-5d2f1e8b7c10/9d1f0e3c-6a7b-4c8d-8e9f-0a1b2c3d4e5f.png
   */
  @IsOptional()
  @ValidateIf((dto: QuoteTemplateDto) => dto.signatureImagePath !== null)
  @IsString()
  @MaxLength(200)
  @Matches(SIGNATURE_OBJECT_PATH, { message: DOCUMENT_API_MESSAGES.signaturePath })
  signatureImagePath?: string | null;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('headerPrint') })
  headerPrint?: boolean;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('isActive') })
  isActive?: boolean;

  /**
   * its text in other languages, `{ en: { title, content } }`, sanitized and bounded like the Italian
   * content; left out: the stored ones stay; sent: they become exactly these (the service checks each)
   */
  @Omittable()
  @IsObject({ message: TEMPLATE_TRANSLATION_MESSAGES.shape })
  translations?: TemplateTranslations;
}

export class LayoutElementDto {
  @IsIn(LAYOUT_ELEMENT_TYPES, { message: DOCUMENT_API_MESSAGES.elementType })
  type: LayoutElementType;

  /** required for a template element; left out (or null) for the quote's table */
  @IsOptional()
  @ValidateIf((dto: LayoutElementDto) => dto.templateId !== null)
  @IsUUID('all', { message: mustBeUuid('templateId') })
  templateId?: string | null;

  /** sent by the spec's client; the position in the list is what counts */
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_LAYOUT_ELEMENTS)
  order?: number;
}

export class QuoteLayoutDto {
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId?: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.layoutNameRequired })
  @IsNotEmpty({ message: MESSAGES.layoutNameRequired })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description?: string | null;

  @Omittable()
  @IsBoolean({ message: mustBeBoolean('isActive') })
  isActive?: boolean;

  @IsArray({ message: MESSAGES.layoutElementRequired })
  @ArrayMinSize(1, { message: MESSAGES.layoutElementRequired })
  @ArrayMaxSize(MAX_LAYOUT_ELEMENTS)
  @ValidateNested({ each: true })
  @Type(() => LayoutElementDto)
  elements: LayoutElementDto[];
}

export class NormalizePathDto {
  @IsString()
  @MaxLength(2000)
  uploadURL: string;
}

export class GenerateDocumentDto {
  @IsUUID('all', { message: mustBeUuid('layoutId') })
  layoutId: string;

  @IsIn(DOCUMENT_FORMATS, { message: DOCUMENT_API_MESSAGES.format })
  format: DocumentFormat;

  /** the document's language (two-letter code); default 'it' (the preview dialog offers the agency's languages) */
  @Omittable()
  @IsString({ message: API_MESSAGES.languageCode })
  @Length(LANGUAGE_CODE_LENGTH, LANGUAGE_CODE_LENGTH, { message: API_MESSAGES.languageCode })
  language?: string;
}

/* ---------- what the documents service answers ---------- */

/**
 * A generated document, as a file in the shared storage: the preview's HTML too (with its images
 * inlined it may be larger than one message).
 */
export interface GeneratedDocument {
  format: DocumentFormat;
  /** the file's key in the shared file storage */
  storageKey: string;
  /** `preventivo-A1B2C3.pdf`; null for the preview */
  fileName: string | null;
  /** `text/html; charset=utf-8`, `application/pdf`, ... */
  contentType: string;
  /** served from the cache, without a new render */
  cached: boolean;
}

/** An upload the gateway received for a signed upload URL: the documents service claims the URL once. */
export interface SignatureUploadClaim {
  /** the token in the upload URL */
  token: string;
  /** the file's type, as its content told (png, jpg, gif, webp) */
  extension: 'png' | 'jpg' | 'gif' | 'webp';
}

/* ---------- patterns ---------- */

export type QuoteDocumentRequest = TenantItemRequest & { data: GenerateDocumentDto };

export const DOCUMENTS_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('documents.health');

/** Templates cross the bus a page at a time: each may hold 100,000 characters of HTML. */
export const TEMPLATES_LIST = rpcPattern<TenantRequest & ListPageRequest, ListPage<QuoteTemplateView>>('documents.templates.list');
export const TEMPLATES_CREATE = rpcPattern<TenantWrite<QuoteTemplateDto>, QuoteTemplateView>('documents.templates.create');
export const TEMPLATES_UPDATE = rpcPattern<TenantItemWrite<QuoteTemplateDto>, QuoteTemplateView>('documents.templates.update');
export const TEMPLATES_DELETE = rpcPattern<TenantItemRequest, { deleted: true }>('documents.templates.delete');

export const LAYOUTS_LIST = rpcPattern<TenantRequest & ListPageRequest, ListPage<QuoteLayoutView>>('documents.layouts.list');
export const LAYOUTS_CREATE = rpcPattern<TenantWrite<QuoteLayoutDto>, QuoteLayoutView>('documents.layouts.create');
export const LAYOUTS_UPDATE = rpcPattern<TenantItemWrite<QuoteLayoutDto>, QuoteLayoutView>('documents.layouts.update');
export const LAYOUTS_DELETE = rpcPattern<TenantItemRequest, { deleted: true }>('documents.layouts.delete');
export const LAYOUTS_SET_DEFAULT = rpcPattern<TenantItemRequest, QuoteLayoutView>('documents.layouts.set-default');

/** A signed, single-use upload URL for a signature image. */
export const SIGNATURE_UPLOAD_URL = rpcPattern<TenantRequest, UploadUrlView>('documents.signatures.upload-url');
/**
 * Claims an upload URL for the file the gateway received: answers where to store it (once; an
 * expired, used or unknown URL is refused). Carries no principal: the signed URL is the permission.
 */
export const SIGNATURE_CLAIM_UPLOAD = rpcPattern<SignatureUploadClaim, { tenantId: string; storageKey: string; objectPath: string }>(
  'documents.signatures.claim-upload',
);
export const SIGNATURE_NORMALIZE_PATH = rpcPattern<TenantWrite<NormalizePathDto>, ObjectPathView>('documents.signatures.normalize-path');

export const DOCUMENTS_GENERATE = rpcPattern<QuoteDocumentRequest, GeneratedDocument>('documents.generate');

/* ---------- the document jobs (BullMQ, between the documents service and its worker) ---------- */

/** The BullMQ queue the documents service adds render jobs to and documents-worker works off. */
export const DOCUMENT_QUEUE = 'documents';

/**
 * BullMQ's key prefix (its `prefix` option, on the queue, its events and the worker): stacks that share
 * one Redis keep their jobs apart by REDIS_KEY_PREFIX, as they do their session keys.
 */
export function documentQueuePrefix(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}bull`;
}

/** A file the document's HTML refers to by name (`<img src="signature-1.png">`), read from the shared storage. */
export interface DocumentAsset {
  /** the name the HTML uses; a plain file name */
  name: string;
  storageKey: string;
  contentType: string;
}

export interface DocumentJobData {
  tenantId: string;
  format: 'pdf' | 'word';
  /** the whole document, A4 with its print styles; images only by the names of `assets` */
  html: string;
  assets: DocumentAsset[];
  /** where the finished file goes in the shared storage (the cache key: a hash of the HTML and the format) */
  storageKey: string;
  /**
   * When the request that asked for the document stops waiting (epoch milliseconds): a job not done by
   * then is not rendered (again), since nobody would receive it.
   */
  answerBy: number;
  /** the request that asked for it (the first one, when several share the job): the worker's log lines carry it */
  requestId?: string;
}

/**
 * Why a render job failed for good, written first in its failure message (`[too-complex] ...`), so the
 * documents service can tell its caller what happened:
 * - `too-complex`: the converter failed on this document, or took longer than its limit;
 * - `too-large`: the document is larger than a conversion may take;
 * - `expired`: its caller had stopped waiting before it could be rendered;
 * - `refused`: the job itself is malformed (never the user's doing).
 */
export const DOCUMENT_JOB_FAILURES = ['too-complex', 'too-large', 'expired', 'refused'] as const;
export type DocumentJobFailure = (typeof DOCUMENT_JOB_FAILURES)[number];

export const documentJobFailureMessage = (failure: DocumentJobFailure, detail: string) => `[${failure}] ${detail}`;

/** The failure a job's failure message names; null for any other failure (an outage: Gotenberg, the storage). */
export function documentJobFailureOf(message: string | undefined): DocumentJobFailure | null {
  const named = /^\[([a-z-]+)\] /.exec(message ?? '')?.[1];
  return (DOCUMENT_JOB_FAILURES as readonly string[]).includes(named ?? '') ? (named as DocumentJobFailure) : null;
}

export interface DocumentJobResult {
  storageKey: string;
  bytes: number;
}
