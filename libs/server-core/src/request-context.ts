import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/*
 * What a process knows about the request it is working for, wherever it is in the call chain: the
 * gateway opens a context for each HTTP request, a service for each NATS message it handles, the
 * worker for each job. Loggers, metrics and the bus client read it; nothing passes it by hand.
 */

/** The HTTP header a client may send (and always gets back), and the NATS message header that carries it on. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** NATS header names are case-sensitive on the wire: the bus always uses this spelling. */
export const NATS_REQUEST_ID_HEADER = 'X-Request-Id';

export interface RequestContext {
  /** one id per request, shared by every process that works for it */
  requestId: string;
  /**
   * Whether what the request asks for only reads (an HTTP GET or HEAD): such a call over the bus may
   * be asked again of another replica when the first does not answer in time. Writes never are.
   */
  readOnly?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with `context` as the current request's. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The current request's context, or undefined outside any request (start-up, timers). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Ids a client may choose: 1–128 visible ASCII characters without spaces; anything else is replaced. */
const ACCEPTED_ID = /^[\x21-\x7e]{1,128}$/;

/** The client's id when it is a sensible one, else a new UUID. */
export function requestIdFrom(given: string | string[] | undefined | null): string {
  const value = Array.isArray(given) ? given[0] : given;
  return value && ACCEPTED_ID.test(value) ? value : randomUUID();
}
