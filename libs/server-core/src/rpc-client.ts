import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { isAppError, type ListPage, makeAppError, RpcPattern } from '@quotebook/contracts';
import { connect, createInbox, Events, type Msg, type NatsConnection } from 'nats';
import { sizeMessagesUpFront } from './nats-message-buffers';
import { CoalescedWrites } from './bus-writes';
import { requestIdHeaders } from './logging-context';
import { currentRequestContext } from './request-context';
import { type JsonBytes, type JsonListPage, listPageOfReply, type ReplyPacket, responseJsonOfReply } from './rpc-reply-pages';

/** Where RpcClientModule puts the client's options. */
export const RPC_CLIENT_OPTIONS = Symbol('RPC_CLIENT_OPTIONS');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface RpcClientOptions {
  natsUrl: string;
  timeoutMs: number;
  /** when a read without an answer is asked again (readRetryAfter(timeoutMs) unless given) */
  readRetryAfterMs?: number;
  /** how long a call made while the bus is away waits for it to come back (BUS_AWAY_WAIT_MS unless given) */
  busAwayWaitMs?: number;
}

/**
 * How long a call made while the connection to NATS is lost waits for it to come back before it is
 * refused as unavailable (503), rather than held until its deadline (504): a NATS restart or a short
 * network cut is ridden out, a bus that stays away is said at once.
 */
export const BUS_AWAY_WAIT_MS = 1000;

/** One call's own terms; a number alone is its deadline. */
export interface RpcCallOptions {
  /** how long to wait for the answer (the client's timeout unless given) */
  timeoutMs?: number;
  /**
   * Whether the call only reads, so that it may be asked again of another replica. Unless given: when
   * the current request only reads (an HTTP GET or HEAD) and the call waits the client's ordinary
   * deadline. A call given a longer deadline of its own (a document render) is work known to take
   * long: asked again, it would be done twice.
   */
  read?: boolean;
}

/**
 * When a read that has had no answer is asked again: after a quarter of its deadline, at most 1.5 s.
 * A healthy replica answers well within that (the big lists' p95 under load is a fraction of it), so a
 * slow but alive one is rarely asked twice; the second ask still has three quarters of the deadline.
 * A replica that died holding the request costs the caller this delay instead of the whole deadline.
 */
export function readRetryAfter(timeoutMs: number): number {
  return Math.min(1500, Math.floor(timeoutMs / 4));
}

/** The service a subject belongs to, for error texts: "qb.tenancy.tenants.list" → "tenancy". */
function serviceOf(subject: string): string {
  return subject.split('.')[1] ?? subject;
}

/** A failure of the bus itself, with the code the failure descriptions read. */
class BusFailure extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * A call waiting for its reply on the client's inbox, under each id it was published with (a read
 * asked again has two): the first reply to either settles it.
 */
interface PendingReply {
  ids: string[];
  resolve(reply: Uint8Array): void;
  reject(error: unknown): void;
  /** the call's one timer: a read's first wakes it to ask again, then waits out the rest of the deadline */
  timer?: NodeJS.Timeout;
}

/** A call's deadline, and when it is asked again (a read only). */
interface CallTerms {
  timeoutMs: number;
  askAgainAfterMs?: number;
}

/** The client's connection and the one subscription all its replies arrive on (`<inbox>.<request id>`). */
interface ReplyChannel {
  connection: NatsConnection;
  inbox: string;
}

/**
 * Typed request/reply over NATS. Never hangs (every call has a deadline) and always fails with an
 * AppError inside an RpcException: 503 when nobody listens or the bus stays away (BUS_AWAY_WAIT_MS),
 * 504 on timeout, the remote AppError as is, 502 for anything else. A read without an answer after
 * readRetryAfter() is published once more, and the queue group hands it to a replica that is alive: a
 * replica that dies holding it costs a delay, not a 504. The first ask stays open (a hedge, not a
 * cancel: a slow replica's answer still counts) and the deadline stays the first ask's. A write is
 * never asked twice.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);

  private channel?: Promise<ReplyChannel>;
  /** The channel once made, read without waiting for `channel`. */
  private open?: ReplyChannel;
  /** Set while the connection to NATS is lost; `back` resolves when it is made again. */
  private busAway?: { back: Promise<void>; arrived: () => void };
  private nextId = 0;
  private readonly pending = new Map<string, PendingReply>();
  /** Requests published in the same turn of the event loop go out in one write (CoalescedWrites). */
  private readonly writes = new CoalescedWrites();

  constructor(@Inject(RPC_CLIENT_OPTIONS) private readonly options: RpcClientOptions) {}

  /** The service's response, or its AppError. */
  send<Req, Res>(pattern: RpcPattern<Req, Res>, request: Req, options: RpcCallOptions | number = {}): Promise<Res> {
    return this.call(pattern.subject, request, options, (reply) => {
      const packet = JSON.parse(decoder.decode(reply)) as ReplyPacket<Res>;
      if (packet.err !== undefined && packet.err !== null) throw packet.err;
      return packet.response as Res;
    });
  }

  /**
   * The service's response as the JSON it wrote, to be passed on as it is (a read's answer): neither
   * parsed nor written again on its way through. Fails as send() does.
   */
  sendAsJson<Req, Res>(pattern: RpcPattern<Req, Res>, request: Req, options: RpcCallOptions | number = {}): Promise<JsonBytes<Res>> {
    return this.call(pattern.subject, request, options, (reply) => responseJsonOfReply<Res>(reply));
  }

  /**
   * One page of a list with its items left as the service's JSON text, to be passed on as it is: a
   * large list is then neither parsed nor written again on its way through. Fails as send() does.
   */
  sendListPage<Req, T>(pattern: RpcPattern<Req, ListPage<T>>, request: Req, options: RpcCallOptions | number = {}): Promise<JsonListPage<T>> {
    return this.call(pattern.subject, request, options, (reply) => listPageOfReply<T>(reply));
  }

  /** One call: its reply read by `read`, which throws the service's error; any failure as an RpcException. */
  private async call<T>(subject: string, request: unknown, options: RpcCallOptions | number, read: (reply: Uint8Array) => T): Promise<T> {
    const terms = this.termsOf(options);
    try {
      return read(await this.replyBytes(subject, request, terms));
    } catch (error) {
      throw new RpcException(this.describeFailure(error, subject, terms.timeoutMs));
    }
  }

  /** The call's deadline, and when it is asked again (a read only), read where the call is made. */
  private termsOf(options: RpcCallOptions | number): CallTerms {
    const { timeoutMs = this.options.timeoutMs, read } = typeof options === 'number' ? { timeoutMs: options } : options;
    const reads = read ?? (timeoutMs === this.options.timeoutMs && currentRequestContext()?.readOnly === true);
    if (!reads) return { timeoutMs };
    const askAgainAfterMs = this.options.readRetryAfterMs ?? readRetryAfter(timeoutMs);
    return askAgainAfterMs < timeoutMs ? { timeoutMs, askAgainAfterMs } : { timeoutMs };
  }

  /**
   * One request over the client's own reply subscription: published with a reply subject of the
   * client's inbox and the request's id, answered when that reply arrives, or failed at its deadline.
   * (nats' own request() makes, and throws away, an Error with its stack for every answered request.)
   * The packet format is the services' NATS server's: { pattern, data, id } out, { response | err } back.
   * Asked again, the same packet goes out under a new reply id: replies are matched by their subject,
   * never by the packet's id, which the server only echoes.
   */
  private replyBytes(subject: string, request: unknown, call: CallTerms): Promise<Uint8Array> {
    // connected and the bus here (nearly every call): asked at once, not a turn of the queue later
    if (this.open && !this.busAway) return this.ask(this.open, subject, request, call.timeoutMs, call.askAgainAfterMs);
    return this.replyBytesOnceConnected(subject, request, call);
  }

  /** replyBytes() before the first connection is made, or while the bus is away. */
  private async replyBytesOnceConnected(subject: string, request: unknown, call: CallTerms): Promise<Uint8Array> {
    const channel = await this.connected();
    let deadlineMs = call.timeoutMs;
    if (this.busAway) {
      // a call made while the bus is away waits for it within its deadline
      const startedAt = Date.now();
      await this.busBack(Math.min(this.options.busAwayWaitMs ?? BUS_AWAY_WAIT_MS, call.timeoutMs));
      deadlineMs = Math.max(1, call.timeoutMs - (Date.now() - startedAt));
    }
    return this.ask(channel, subject, request, deadlineMs, call.askAgainAfterMs);
  }

  /** The request published on `channel`, answered by its reply or failed at `deadlineMs` (see replyBytes). */
  private ask({ connection, inbox }: ReplyChannel, subject: string, request: unknown, deadlineMs: number, askAgainAfterMs: number | undefined): Promise<Uint8Array> {
    const firstId = this.newId();
    const packet = encoder.encode(JSON.stringify({ pattern: subject, data: request, id: firstId }));
    // the request this call is made for goes with it: the service's lines carry its id
    const headers = requestIdHeaders();
    const publish = (id: string) => connection.publish(subject, packet, { reply: `${inbox}.${id}`, headers });
    return new Promise<Uint8Array>((resolve, reject) => {
      const waiting: PendingReply = { ids: [firstId], resolve, reject };
      const timedOut = () => this.finish(waiting).reject(new BusFailure('TIMEOUT'));
      // one timer per call (a timer made and stopped for each call is a cost of its own)
      waiting.timer =
        askAgainAfterMs === undefined || askAgainAfterMs >= deadlineMs
          ? setTimeout(timedOut, deadlineMs)
          : setTimeout(() => {
              waiting.timer = setTimeout(timedOut, deadlineMs - askAgainAfterMs);
              this.askAgain(waiting, publish, `${subject}: no answer within ${askAgainAfterMs} ms, asked again`);
            }, askAgainAfterMs);
      this.pending.set(firstId, waiting);
      this.writes.defer(() => {
        // settled meanwhile (the connection closed): nothing to ask
        if (this.pending.get(firstId) !== waiting) return;
        try {
          publish(firstId);
        } catch (error) {
          this.finish(waiting).reject(error);
        }
      });
    });
  }

  /** Publishes a read once more under a new id; the first ask stays open. */
  private askAgain(waiting: PendingReply, publish: (id: string) => void, warning: string): void {
    const id = this.newId();
    try {
      publish(id);
    } catch {
      // the first ask is still open; its answer or the deadline settles the call
      return;
    }
    waiting.ids.push(id);
    this.pending.set(id, waiting);
    this.logger.warn(warning);
  }

  /** Returns once the bus is back, or fails as disconnected (503) when it is still away after `waitMs`. */
  private async busBack(waitMs: number): Promise<void> {
    const away = this.busAway;
    if (!away) return;
    let timer: NodeJS.Timeout | undefined;
    const given = new Promise<'away'>((resolve) => (timer = setTimeout(() => resolve('away'), waitMs)));
    const outcome = await Promise.race([away.back, given]).finally(() => clearTimeout(timer));
    if (outcome === 'away') throw new BusFailure('DISCONNECT');
  }

  /** Follows the connection's state: lost (a call then waits for it, see busBack) and made again. */
  private followBus(connection: NatsConnection): void {
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === Events.Disconnect && !this.busAway) {
          let arrived = () => undefined as void;
          const back = new Promise<void>((resolve) => (arrived = resolve));
          this.busAway = { back, arrived };
        } else if (status.type === Events.Reconnect && this.busAway) {
          this.busAway.arrived();
          this.busAway = undefined;
        }
      }
      // closed: a call made now is refused by the closed connection itself, without waiting
      this.busAway?.arrived();
      this.busAway = undefined;
    })().catch(() => undefined);
  }

  private newId(): string {
    this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER;
    return String(this.nextId);
  }

  /** Forgets a call under all its ids and stops its timers: its first settlement is its only one. */
  private finish(waiting: PendingReply): PendingReply {
    for (const id of waiting.ids) this.pending.delete(id);
    clearTimeout(waiting.timer);
    return waiting;
  }

  /**
   * A reply on the inbox: its call's answer, or (a status message of the server) nobody listening. An
   * ask that found nobody while the call's other ask is still open leaves the call to that one: a
   * replica that stopped taking requests still answers those it holds.
   */
  private settle(message: Msg): void {
    const id = message.subject.slice(message.subject.lastIndexOf('.') + 1);
    const waiting = this.pending.get(id);
    if (!waiting) return;
    if (message.headers?.hasError && message.headers.code === 503) {
      if (waiting.ids.length > 1) {
        this.pending.delete(id);
        waiting.ids = waiting.ids.filter((other) => other !== id);
        return;
      }
      this.finish(waiting).reject(new BusFailure('503'));
      return;
    }
    this.finish(waiting).resolve(message.data);
  }

  /** Connects on first use and reconnects forever; a first connection that failed is tried again next time. */
  private connected(): Promise<ReplyChannel> {
    // its replies are the bus's large messages (list pages, documents)
    if (this.channel === undefined) sizeMessagesUpFront();
    this.channel ??= connect({ servers: [this.options.natsUrl], maxReconnectAttempts: -1, reconnectTimeWait: 500 }).then(
      (connection) => {
        const inbox = createInbox();
        connection.subscribe(`${inbox}.*`, { callback: (error, message) => (error ? undefined : this.settle(message)) });
        this.followBus(connection);
        void connection.closed().then(() => this.failPending(new BusFailure('CONNECTION_CLOSED')));
        this.open = { connection, inbox };
        return this.open;
      },
      (error: unknown) => {
        this.channel = undefined;
        throw error;
      },
    );
    return this.channel;
  }

  private failPending(error: unknown): void {
    for (const waiting of new Set(this.pending.values())) this.finish(waiting).reject(error);
  }

  private describeFailure(error: unknown, subject: string, timeoutMs: number) {
    const service = serviceOf(subject);
    if (isAppError(error)) return error;
    if (isTimeout(error)) {
      return makeAppError('SERVICE_TIMEOUT', `The ${service} service did not answer within ${timeoutMs} ms`);
    }
    if (isNoResponders(error)) {
      return makeAppError('SERVICE_UNAVAILABLE', `The ${service} service is unavailable`);
    }
    if (isPayloadTooLarge(error)) {
      return makeAppError('PAYLOAD_TOO_LARGE', `The request is too large to pass to the ${service} service`);
    }
    if (isConnectionProblem(error)) {
      return makeAppError('SERVICE_UNAVAILABLE', `The message bus is unavailable (${service} service not reached)`);
    }
    this.logger.error(`${subject} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    return makeAppError('BAD_GATEWAY', `The ${service} service failed to answer`);
  }

  /**
   * Publishes an empty message on `subject` and returns once the NATS server has it (a flush): a
   * subscriber receives it before any message this process sends afterwards, its replies included.
   * A bus that does not confirm within `waitMs` is not waited for longer (the announcement may be lost).
   */
  async announce(subject: string, waitMs = 1000): Promise<void> {
    const { connection } = await this.connected();
    connection.publish(subject);
    let timer: NodeJS.Timeout | undefined;
    const given = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([connection.flush(), given]).finally(() => clearTimeout(timer));
  }

  /**
   * Calls `listener` for every message on `subject`, received on the connection that also receives this
   * client's replies: an announcement published before a reply is heard before that reply arrives.
   */
  async listen(subject: string, listener: () => void): Promise<void> {
    const { connection } = await this.connected();
    connection.subscribe(subject, { callback: () => listener() });
  }

  async onApplicationShutdown(): Promise<void> {
    const channel = await this.channel?.catch(() => undefined);
    this.channel = undefined;
    this.open = undefined;
    await channel?.connection.close();
  }
}

function isTimeout(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'TIMEOUT';
}

function isNoResponders(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '503';
}

/** The request itself is over the bus's message limit (the gateway's body limit is close to it). */
function isPayloadTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'MAX_PAYLOAD_EXCEEDED';
}

function isConnectionProblem(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'CONNECTION_REFUSED' || code === 'CONNECTION_CLOSED' || code === 'DISCONNECT';
}
