/**
 * NATS subjects. Every subject carries a deployment prefix (NATS_SUBJECT_PREFIX, default "qb") so that
 * two stacks sharing one NATS server (a developer's and a test run's) never answer each other.
 * The prefix is read once when this module loads, which is before any handler is declared.
 */
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

export const SUBJECT_PREFIX = env['NATS_SUBJECT_PREFIX'] || 'qb';

/**
 * A request/reply pattern with its request and response types attached (types only, no runtime cost).
 * The request is held as a parameter, so a pattern only fits where every request a caller builds is one
 * its handler accepts: a field the pattern adds or retypes fails the build of the caller, and a new
 * response type fails the build of the handler.
 */
export interface RpcPattern<Req, Res> {
  readonly subject: string;
  /** phantom fields: never set, only carry the types */
  readonly __request?: (request: Req) => void;
  readonly __response?: Res;
}

export type RpcRequest<P> = P extends RpcPattern<infer Req, unknown> ? Req : never;
export type RpcResponse<P> = P extends RpcPattern<never, infer Res> ? Res : never;

export function rpcPattern<Req, Res>(name: string): RpcPattern<Req, Res> {
  return { subject: `${SUBJECT_PREFIX}.${name}` };
}

/** A durable event published on JetStream. */
export interface EventSubject<Payload> {
  readonly subject: string;
  readonly __payload?: Payload;
}

export type EventPayload<E> = E extends EventSubject<infer P> ? P : never;

export function eventSubject<Payload>(name: string): EventSubject<Payload> {
  return { subject: `${SUBJECT_PREFIX}.events.${name}` };
}

/** The JetStream stream holding every event subject of this deployment. */
export const EVENTS_STREAM = `${SUBJECT_PREFIX.replace(/[^A-Za-z0-9_-]/g, '_')}_events`;
export const EVENTS_STREAM_SUBJECTS = `${SUBJECT_PREFIX}.events.>`;
