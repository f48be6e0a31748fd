import { Logger } from '@nestjs/common';
import { NatsContext, type NatsOptions, ServerNats, type WritePacket } from '@nestjs/microservices';
import { type AppError, makeAppError } from '@quotebook/contracts';
import type { Msg, NatsConnection, Subscription as NatsSubscription } from 'nats';
import type { Observable, Subscription } from 'rxjs';
import { toAppError } from './app-error';
import { CoalescedWrites } from './bus-writes';
import { JsonItemsPage } from './list-page';
import { REPLY_RESPONSE_OPEN } from './rpc-reply-pages';
import { requestIdOf } from './logging-context';
import { type HandlingTimer, timeNatsHandler } from './metrics';
import { runWithRequestContext } from './request-context';
import type { DirectHandler } from './typed-handler';

/** What Nest's NATS serializer hands to `msg.respond`. */
interface OutgoingReply {
  data: Uint8Array;
  headers?: Msg['headers'];
}

type ReplyPacket = { id?: string; err?: unknown; response?: unknown; isDisposed?: boolean };

/** A request as the services' callers send it (RpcClient): `{ pattern, data, id }`. */
type RequestPacket = { pattern?: unknown; data?: unknown; id?: unknown };

const decoder = new TextDecoder();

/** How long close() waits for the requests in flight unless told: Nest's own grace period. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

/** Routes remembered at most: far more than a service's handlers. */
const ROUTES_KEPT = 1000;

/** The reply sent instead of one the bus cannot carry; small, so it always fits. */
export const REPLY_TOO_LARGE_MESSAGE = 'The answer was too large to send over the message bus';
export const REPLY_FAILED_MESSAGE = 'The answer could not be sent over the message bus';

/**
 * Nest's NATS server, except that no message can end the process: a reply larger than the server's
 * `max_payload`, a reply that cannot be serialized, or any bus error while replying is logged with
 * the subject and size and answered with a small AppError instead (the caller gets an error, not a
 * timeout), and a failure while reading or dispatching a message is logged and answered the same way.
 * Nest awaits the publisher inside `process.nextTick` without a catch, so an error escaping it would
 * be an unhandled rejection. Closing it answers the requests in flight first (close()).
 */
export class SafeReplyServerNats extends ServerNats {
  private readonly replyLogger = new Logger('NatsReply');
  /** As Nest's pipeline logs through AppErrorRpcFilter. */
  private readonly errorLogger = new Logger('RpcError');
  private direct = new Map<string, DirectHandler>();
  private readonly routes = new Map<string, string>();
  /** Messages taken and not done with: being handled, or their reply not sent yet. */
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();
  /** Replies ready in the same turn of the event loop go out in one write (CoalescedWrites). */
  private readonly writes = new CoalescedWrites();

  /** `drainTimeoutMs`: how long close() waits for the requests in flight before it closes anyway. */
  constructor(
    options: Required<NatsOptions>['options'],
    private readonly drainTimeoutMs = DEFAULT_DRAIN_TIMEOUT_MS,
  ) {
    super(options);
  }

  /**
   * The route of a subscribed subject, worked out once: Nest tries each message's subject as JSON
   * first, and a plain subject makes that throw (and capture a stack) on every message otherwise.
   * Only subscribed subjects come here, so the map stays as small as the handlers.
   */
  override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < ROUTES_KEPT) this.routes.set(pattern, route);
    }
    return route;
  }

  /**
   * The handlers (by subject) that are called directly (directHandlersOf), not through Nest's
   * pipeline; set before listen(). Nest still knows them all: they are subscribed as every handler is.
   */
  dispatchDirectly(handlers: Map<string, DirectHandler>): void {
    this.direct = handlers;
  }

  override getMessageHandler(channel: string): (error: unknown, message: Msg) => Promise<unknown> {
    const direct = this.direct.get(channel);
    return async (error: unknown, message: Msg) => {
      if (error) {
        this.replyLogger.error(`${channel}: ${describe(error)}`);
        return;
      }
      // the message's work, and every line logged for it, belongs to the request that sent it
      return runWithRequestContext({ requestId: requestIdOf(message) }, async () => {
        try {
          return await (direct && message.reply ? this.handleDirectly(message, direct) : this.handleMessage(channel, message));
        } catch (failure) {
          this.replyLogger.error(`${message.subject}: the message could not be handled: ${describe(failure)}`);
          this.respondWithError(message, undefined, makeAppError('INTERNAL', 'The message could not be handled'));
        }
      });
    };
  }

  /**
   * Nest makes the publisher when it dispatches a request to its handler, so the handler's time runs
   * from here to the first packet of its reply, recorded under the subscribed pattern with the error
   * the caller actually receives.
   */
  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: ReplyPacket) => unknown {
    if (!natsMsg.reply) return () => undefined;
    const handling = timeNatsHandler(this.getHandlerByPattern(natsMsg.subject) ? natsMsg.subject : null);
    return (packet: ReplyPacket) => {
      this.onProcessingEndHook?.(this.transportId, ctx);
      return this.reply(natsMsg, { ...packet, id }, handling);
    };
  }

  /**
   * Sends `packet` as the reply to `natsMsg` at the end of the current turn (CoalescedWrites); one
   * over the bus's limit, or one that cannot be serialized or sent, is logged and answered with a
   * small AppError instead. The handler's time ends once the reply is written.
   */
  private reply(natsMsg: Msg, packet: ReplyPacket & { id: string }, handling: HandlingTimer): boolean {
    try {
      const outgoing = this.outgoingOf(packet);
      const size = outgoing.data.length;
      const maxPayload = this.maxPayload();
      if (maxPayload !== undefined && size > maxPayload) {
        this.replyLogger.error(`${natsMsg.subject}: reply of ${size} bytes is over the bus limit of ${maxPayload} bytes; answered with an error instead`);
        return this.respondWithError(natsMsg, packet.id, makeAppError('BAD_GATEWAY', REPLY_TOO_LARGE_MESSAGE), handling);
      }
      this.writes.defer(() => {
        try {
          natsMsg.respond(outgoing.data, outgoing.headers ? { headers: outgoing.headers } : undefined);
          // after the write (the bus writes at the end of this task): the reply does not wait for the metrics
          queueMicrotask(() => handling.end(packet.err));
        } catch (failure) {
          this.replyLogger.error(`${natsMsg.subject}: reply of ${size} bytes could not be sent: ${describe(failure)}`);
          this.respondWithError(natsMsg, packet.id, makeAppError('BAD_GATEWAY', REPLY_FAILED_MESSAGE), handling);
        }
      });
      return true;
    } catch (failure) {
      this.replyLogger.error(`${natsMsg.subject}: reply could not be serialized: ${describe(failure)}`);
      return this.respondWithError(natsMsg, packet.id, makeAppError('INTERNAL', REPLY_FAILED_MESSAGE), handling);
    }
  }

  /**
   * The reply's bytes, as Nest's serializer writes them (`{"response":…,"isDisposed":…,"id":…}`, the
   * layout the gateway cuts a response out of), written without its record builder; a page of items
   * that are JSON text already (JsonItemsPage) goes in as it is, without building its items as objects
   * to serialize them. Anything else (an error, an empty packet) goes through Nest's serializer.
   */
  private outgoingOf(packet: ReplyPacket & { id: string }): OutgoingReply {
    const { response, ...rest } = packet;
    if (response === undefined || rest.err !== undefined) return this.serializer.serialize(packet) as OutgoingReply;
    const others = JSON.stringify(rest);
    const after = others === '{}' ? '}' : `,${others.slice(1)}`;
    if (response instanceof JsonItemsPage) return { data: response.bytes(REPLY_RESPONSE_OPEN, after) };
    const json = JSON.stringify(response) as string | undefined;
    if (json === undefined) return this.serializer.serialize(packet) as OutgoingReply;
    // written piece by piece: a page's JSON is large, and joined to the rest as a string it would be copied into another
    const out = Buffer.allocUnsafe(REPLY_RESPONSE_OPEN.length + Buffer.byteLength(json) + Buffer.byteLength(after));
    let at = out.write(REPLY_RESPONSE_OPEN, 0, 'utf8');
    at += out.write(json, at, 'utf8');
    out.write(after, at, 'utf8');
    return { data: out };
  }

  /** The server's limit for one message, known once connected (1 MB by default). */
  private maxPayload(): number | undefined {
    try {
      return this.unwrap<NatsConnection>().info?.max_payload;
    } catch {
      return undefined;
    }
  }

  /**
   * Best effort: if even the small error reply cannot go out, the caller's deadline answers for it. A
   * message that could not be read has no known id; Nest's client accepts a reply with an empty one.
   */
  private respondWithError(natsMsg: Msg, id: string | undefined, error: AppError, handling?: HandlingTimer): boolean {
    handling?.end(error);
    if (!natsMsg.reply) return false;
    try {
      const outgoing = this.serializer.serialize({ id: id ?? '', err: error, isDisposed: true }) as OutgoingReply;
      return natsMsg.respond(outgoing.data);
    } catch (failure) {
      this.replyLogger.error(`${natsMsg.subject}: the error reply could not be sent either: ${describe(failure)}`);
      return false;
    }
  }

  /**
   * A request to a handler called directly: its answer, or the AppError its failure is (as
   * AppErrorRpcFilter makes it), goes out in one reply as Nest's would, `{ response | err,
   * isDisposed, id }`, the way Nest's publisher's replies go (reply()), without making a publisher
   * for it. Counted in flight until the reply is handed to the bus.
   */
  private async handleDirectly(message: Msg, handler: DirectHandler): Promise<void> {
    this.inFlight += 1;
    try {
      const packet = JSON.parse(decoder.decode(message.data)) as RequestPacket;
      const id = typeof packet.id === 'string' ? packet.id : String(packet.id ?? '');
      // a direct handler is one of the subscribed patterns
      const handling = timeNatsHandler(message.subject);
      let reply: ReplyPacket;
      try {
        reply = { response: await handler(packet.data), isDisposed: true };
      } catch (failure) {
        reply = { err: toAppError(failure, this.errorLogger), isDisposed: true };
      }
      if (this.onProcessingEndHook) this.onProcessingEndHook(this.transportId, new NatsContext([message.subject, message.headers]));
      this.reply(message, { ...reply, id }, handling);
    } finally {
      this.settleOne();
    }
  }

  /** Counts the message in flight until its handling ends (its reply, if any, is counted by send()). */
  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    this.inFlight += 1;
    try {
      return await super.handleMessage(channel, message);
    } finally {
      this.settleOne();
    }
  }

  /**
   * Counts a reply in flight until its last packet (Nest marks it `isDisposed`) has been handed to the
   * bus. Nest calls send() inside handleMessage, so a request is never uncounted between the two; and
   * it publishes on the next tick, after the handler has returned.
   */
  override send(stream$: Observable<unknown>, respond: (data: WritePacket) => Promise<unknown> | void): Subscription {
    this.inFlight += 1;
    return super.send(stream$, async (packet) => {
      try {
        return await respond(packet);
      } finally {
        if (packet.isDisposed) this.settleOne();
      }
    });
  }

  private settleOne(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0) return;
    for (const wake of this.idleWaiters) wake();
    this.idleWaiters.clear();
  }

  /**
   * Stops taking requests, answers those in flight, then closes: each subscription is drained (the bus
   * stops sending; what it sent before is still handled), the handlers are waited for, at most
   * `drainTimeoutMs`, and the connection drains (the replies go out) before it closes. Nest's own close
   * ends the connection at once, and the replies of the handlers still running are lost: their
   * callers wait out their deadline. The replicas in the queue group take the new requests meanwhile.
   * Relies on Nest's ServerNats keeping its subscriptions in the private `subscriptions` (without them
   * close() fails, and so does service-drain.int-spec).
   */
  override async close(): Promise<void> {
    const connection = this.openConnection();
    if (connection) {
      const drained = await this.drainWithin(connection, this.drainTimeoutMs);
      if (!drained) {
        this.replyLogger.warn(`${this.inFlight} request(s) still in flight after ${this.drainTimeoutMs} ms: closing the bus connection anyway`);
      }
    }
    await super.close();
  }

  private openConnection(): NatsConnection | undefined {
    try {
      const connection = this.unwrap<NatsConnection>();
      return connection.isClosed() ? undefined : connection;
    } catch {
      // never listened
      return undefined;
    }
  }

  /** True when every request in flight was answered and the connection drained within `limitMs`. */
  private async drainWithin(connection: NatsConnection, limitMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limitMs)));
    const drain = async (): Promise<true> => {
      const subscriptions = (this as unknown as { subscriptions: NatsSubscription[] }).subscriptions;
      await Promise.allSettled(subscriptions.map((subscription) => subscription.drain()));
      if (this.inFlight > 0) this.replyLogger.log(`stopping: ${this.inFlight} request(s) in flight are finished first`);
      await this.idle();
      // a reply counted done is deferred to the end of its turn (CoalescedWrites): let those go out first
      await this.writes.settled();
      await connection.drain();
      return true;
    };
    try {
      return await Promise.race([drain(), limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  private idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${(error as { code?: string }).code ?? error.name}: ${error.message}`;
  return String(error);
}
