/**
 * The error shape that crosses process boundaries unchanged: services reply with it over NATS and the
 * gateway turns it into the HTTP answer.
 */

/** Reasons that say no more than their status: the class of failure, when no domain rule names it. */
export const GENERIC_ERROR_REASONS = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'SERVICE_TIMEOUT',
] as const;

/** Reasons that name the broken rule, so a client can act on it (e.g. show it on the field) without reading the text. */
export const DOMAIN_ERROR_REASONS = [
  // the request
  'LIMIT_REACHED',
  'ITALIAN_TITLE_MISSING',
  'RESET_LINK_INVALID',
  // who may do what
  'INVALID_CREDENTIALS',
  'SESSION_ENDED',
  'TENANT_DISABLED',
  'TENANT_EXPIRED',
  'TENANT_NOT_FOUND',
  'LAST_ADMINISTRATOR',
  'OWN_ACCOUNT',
  // names that must be unique
  'KEYWORD_TAKEN',
  'KEYWORD_RESERVED',
  'USERNAME_TAKEN',
  'TAG_NAME_TAKEN',
  'VAT_RATE_DESCRIPTION_TAKEN',
  'PRODUCT_CODE_EXHAUSTED',
  // records other records still use
  'VAT_RATE_IN_USE',
  'PRICE_LIST_IN_USE',
  'TAG_IN_USE',
  'PERIOD_OVERLAP',
  'CUSTOMER_IN_USE',
  'PRODUCT_IN_USE',
  // quotes
  'QUOTE_CHANGED',
  'QUOTE_ITEM_DUPLICATE',
  // documents
  'TEMPLATE_IN_USE',
  'UPLOAD_URL_INVALID',
  'DOCUMENT_TOO_LARGE',
  'DOCUMENT_TOO_COMPLEX',
  'DOCUMENTS_BUSY',
  // the customer loop
  'REVISION_SUPERSEDED',
  'ALREADY_ANSWERED',
  'LINK_EXPIRED',
  'MAILER_UNAVAILABLE',
  // the electronic invoice
  'INVOICE_NOT_ALLOWED',
  'INVOICE_DATA_MISSING',
] as const;

export const APP_ERROR_REASONS = [...GENERIC_ERROR_REASONS, ...DOMAIN_ERROR_REASONS] as const;

export type GenericErrorReason = (typeof GENERIC_ERROR_REASONS)[number];
export type DomainErrorReason = (typeof DOMAIN_ERROR_REASONS)[number];
export type AppErrorReason = GenericErrorReason | DomainErrorReason;

export interface AppError {
  /** stable: clients switch on it, never on the message text */
  reason: AppErrorReason;
  statusCode: number;
  /** one message per broken rule for validation errors, else one sentence */
  message: string | string[];
  /** the HTTP reason phrase of statusCode */
  error: string;
}

export function assertUnreachable(value: never): never {
  throw new Error(`Unmapped error reason: ${String(value)}`);
}

const BAD_REQUEST = { statusCode: 400, error: 'Bad Request' } as const;
const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized' } as const;
const FORBIDDEN = { statusCode: 403, error: 'Forbidden' } as const;
const NOT_FOUND = { statusCode: 404, error: 'Not Found' } as const;
const CONFLICT = { statusCode: 409, error: 'Conflict' } as const;

/** The one mapping of reasons to statuses: a reason added above and not mapped here fails to compile. */
export function statusForReason(reason: AppErrorReason): { statusCode: number; error: string } {
  switch (reason) {
    case 'VALIDATION_FAILED':
    case 'LIMIT_REACHED':
    case 'ITALIAN_TITLE_MISSING':
    case 'RESET_LINK_INVALID':
    case 'UPLOAD_URL_INVALID':
    case 'KEYWORD_RESERVED':
    case 'LAST_ADMINISTRATOR':
    case 'OWN_ACCOUNT':
      return BAD_REQUEST;
    case 'UNAUTHENTICATED':
    case 'INVALID_CREDENTIALS':
    case 'SESSION_ENDED':
      return UNAUTHORIZED;
    case 'FORBIDDEN':
    case 'TENANT_DISABLED':
    case 'TENANT_EXPIRED':
      return FORBIDDEN;
    case 'NOT_FOUND':
    case 'TENANT_NOT_FOUND':
      return NOT_FOUND;
    case 'CONFLICT':
    case 'KEYWORD_TAKEN':
    case 'USERNAME_TAKEN':
    case 'TAG_NAME_TAKEN':
    case 'VAT_RATE_DESCRIPTION_TAKEN':
    case 'PRODUCT_CODE_EXHAUSTED':
    case 'VAT_RATE_IN_USE':
    case 'PRICE_LIST_IN_USE':
    case 'TAG_IN_USE':
    case 'PERIOD_OVERLAP':
    case 'CUSTOMER_IN_USE':
    case 'PRODUCT_IN_USE':
    case 'QUOTE_CHANGED':
    case 'QUOTE_ITEM_DUPLICATE':
    case 'TEMPLATE_IN_USE':
    case 'REVISION_SUPERSEDED':
    case 'ALREADY_ANSWERED':
    case 'INVOICE_NOT_ALLOWED':
    case 'INVOICE_DATA_MISSING':
      return CONFLICT;
    case 'GONE':
    case 'LINK_EXPIRED':
      return { statusCode: 410, error: 'Gone' };
    case 'PAYLOAD_TOO_LARGE':
    case 'DOCUMENT_TOO_LARGE':
      return { statusCode: 413, error: 'Payload Too Large' };
    case 'UNPROCESSABLE':
    case 'DOCUMENT_TOO_COMPLEX':
      return { statusCode: 422, error: 'Unprocessable Entity' };
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { statusCode: 415, error: 'Unsupported Media Type' };
    case 'RATE_LIMITED':
    case 'DOCUMENTS_BUSY':
      return { statusCode: 429, error: 'Too Many Requests' };
    case 'INTERNAL':
      return { statusCode: 500, error: 'Internal Server Error' };
    case 'BAD_GATEWAY':
      return { statusCode: 502, error: 'Bad Gateway' };
    case 'SERVICE_UNAVAILABLE':
    case 'MAILER_UNAVAILABLE':
      return { statusCode: 503, error: 'Service Unavailable' };
    case 'SERVICE_TIMEOUT':
      return { statusCode: 504, error: 'Gateway Timeout' };
    default:
      return assertUnreachable(reason);
  }
}

export function makeAppError(reason: AppErrorReason, message: string | string[]): AppError {
  return { reason, message, ...statusForReason(reason) };
}

const GENERIC_REASONS_BY_STATUS: Record<number, GenericErrorReason> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_TIMEOUT',
};

/** The generic reason of a status, for failures no domain rule names (framework errors, HTTP exceptions). */
export function reasonForStatus(statusCode: number): GenericErrorReason {
  return GENERIC_REASONS_BY_STATUS[statusCode] ?? 'INTERNAL';
}

export function isAppErrorReason(value: unknown): value is AppErrorReason {
  return typeof value === 'string' && (APP_ERROR_REASONS as readonly string[]).includes(value);
}

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AppError>;
  return (
    typeof candidate.statusCode === 'number' &&
    isAppErrorReason(candidate.reason) &&
    (typeof candidate.message === 'string' || Array.isArray(candidate.message))
  );
}

