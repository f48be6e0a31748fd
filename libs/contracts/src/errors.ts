/**
 * The error shape that crosses process boundaries unchanged: services reply with it over NATS and the
 * gateway turns it into the HTTP answer.
 */
export type AppErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'SERVICE_TIMEOUT';

export interface AppError {
  code: AppErrorCode;
  statusCode: number;
  /** one message per broken rule for validation errors, else one sentence */
  message: string | string[];
  /** the HTTP reason phrase of statusCode */
  error: string;
}

function assertUnreachable(value: never): never {
  throw new Error(`Unmapped error code: ${String(value)}`);
}

export function statusForCode(code: AppErrorCode): { statusCode: number; error: string } {
  switch (code) {
    case 'VALIDATION_FAILED':
      return { statusCode: 400, error: 'Bad Request' };
    case 'UNAUTHENTICATED':
      return { statusCode: 401, error: 'Unauthorized' };
    case 'FORBIDDEN':
      return { statusCode: 403, error: 'Forbidden' };
    case 'NOT_FOUND':
      return { statusCode: 404, error: 'Not Found' };
    case 'CONFLICT':
      return { statusCode: 409, error: 'Conflict' };
    case 'PAYLOAD_TOO_LARGE':
      return { statusCode: 413, error: 'Payload Too Large' };
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { statusCode: 415, error: 'Unsupported Media Type' };
    case 'RATE_LIMITED':
      return { statusCode: 429, error: 'Too Many Requests' };
    case 'INTERNAL':
      return { statusCode: 500, error: 'Internal Server Error' };
    case 'BAD_GATEWAY':
      return { statusCode: 502, error: 'Bad Gateway' };
    case 'SERVICE_UNAVAILABLE':
      return { statusCode: 503, error: 'Service Unavailable' };
    case 'SERVICE_TIMEOUT':
      return { statusCode: 504, error: 'Gateway Timeout' };
    default:
      return assertUnreachable(code);
  }
}

export function makeAppError(code: AppErrorCode, message: string | string[]): AppError {
  return { code, message, ...statusForCode(code) };
}

const CODES_BY_STATUS: Record<number, AppErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_TIMEOUT',
};

export function codeForStatus(statusCode: number): AppErrorCode {
  return CODES_BY_STATUS[statusCode] ?? 'INTERNAL';
}

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AppError>;
  return (
    typeof candidate.statusCode === 'number' &&
    typeof candidate.code === 'string' &&
    (typeof candidate.message === 'string' || Array.isArray(candidate.message))
  );
}
