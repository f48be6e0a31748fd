import { Logger } from '@nestjs/common';
import { NatsContext, ServerNats } from '@nestjs/microservices';
import { type AppError, makeAppError } from '@quotebook/contracts';
import type { Msg, NatsConnection } from 'nats';

/** What Nest's NATS serializer hands to `msg.respond`. */
interface OutgoingReply {
  data: Uint8Array;
  headers?: Msg['headers'];
}

type ReplyPacket = { id?: string; err?: unknown; response?: unknown; isDisposed?: boolean };

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
 * be an unhandled rejection.
 */
export class SafeReplyServerNats extends ServerNats {
  private readonly replyLogger = new Logger('NatsReply');
  private readonly routes = new Map<string, string>();

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

  override getMessageHandler(channel: string): (error: unknown, message: Msg) => Promise<unknown> {
    return async (error: unknown, message: Msg) => {
      if (error) {
        this.replyLogger.error(`${channel}: ${describe(error)}`);
        return;
      }
      try {
        return await this.handleMessage(channel, message);
      } catch (failure) {
        this.replyLogger.error(`${message.subject}: the message could not be handled: ${describe(failure)}`);
        this.respondWithError(message, undefined, makeAppError('INTERNAL', 'The message could not be handled'));
      }
    };
  }

  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: ReplyPacket) => unknown {
    if (!natsMsg.reply) return () => undefined;
    return (packet: ReplyPacket) => {
      const withId = { ...packet, id };
      try {
        const outgoing = this.serializer.serialize(withId) as OutgoingReply;
        this.onProcessingEndHook?.(this.transportId, ctx);
        const size = outgoing.data.length;
        const maxPayload = this.maxPayload();
        if (maxPayload !== undefined && size > maxPayload) {
          this.replyLogger.error(
            `${natsMsg.subject}: reply of ${size} bytes is over the bus limit of ${maxPayload} bytes; answered with an error instead`,
          );
          return this.respondWithError(natsMsg, id, makeAppError('BAD_GATEWAY', REPLY_TOO_LARGE_MESSAGE));
        }
        try {
          return natsMsg.respond(outgoing.data, { headers: outgoing.headers });
        } catch (failure) {
          this.replyLogger.error(`${natsMsg.subject}: reply of ${size} bytes could not be sent: ${describe(failure)}`);
          return this.respondWithError(natsMsg, id, makeAppError('BAD_GATEWAY', REPLY_FAILED_MESSAGE));
        }
      } catch (failure) {
        this.replyLogger.error(`${natsMsg.subject}: reply could not be serialized: ${describe(failure)}`);
        return this.respondWithError(natsMsg, id, makeAppError('INTERNAL', REPLY_FAILED_MESSAGE));
      }
    };
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
  private respondWithError(natsMsg: Msg, id: string | undefined, error: AppError): boolean {
    if (!natsMsg.reply) return false;
    try {
      const outgoing = this.serializer.serialize({ id: id ?? '', err: error, isDisposed: true }) as OutgoingReply;
      return natsMsg.respond(outgoing.data);
    } catch (failure) {
      this.replyLogger.error(`${natsMsg.subject}: the error reply could not be sent either: ${describe(failure)}`);
      return false;
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${(error as { code?: string }).code ?? error.name}: ${error.message}`;
  return String(error);
}
