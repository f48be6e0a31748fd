/**
 * The error every API call rejects with. `message` is the status, a colon and the body, for diagnostics
 * (`404: <body text or status text>`); `serverMessage` is the human sentence(s) the gateway put in the
 * body's `message` field, when there is one, for toasts.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  serverMessage?: string;
  data?: unknown;
}

export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** The gateway answers `{ statusCode, message: string | string[], error }`; arrays are joined. */
export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  if (Array.isArray(message)) {
    const parts = message.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    return parts.length ? parts.join(', ') : undefined;
  }
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function bodyText(body: unknown): string {
  if (body === null || body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/**
 * The stable domain reason the gateway puts in an error body (`{ statusCode, message, error, reason }`),
 * e.g. `USERNAME_TAKEN`: what a screen decides on, never the message's wording.
 */
export function reasonOf(error: unknown): string | undefined {
  const body = isApiError(error) ? error.data : undefined;
  if (typeof body !== 'object' || body === null || !('reason' in body)) return undefined;
  const { reason } = body as { reason: unknown };
  return typeof reason === 'string' && reason !== '' ? reason : undefined;
}

/** What a toast should say about a failed call: the server's words, else the screen's fallback. */
export function messageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}
