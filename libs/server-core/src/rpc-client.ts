import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { isAppError, type ListPage, makeAppError, RpcPattern } from '@quotebook/contracts';
import { connect, createInbox, type Msg, type NatsConnection } from 'nats';
import { type JsonListPage, listPageOfReply, type ReplyPacket } from './rpc-reply-pages';

/** Where RpcClientModule puts the client's options. */
export const RPC_CLIENT_OPTIONS = Symbol('RPC_CLIENT_OPTIONS');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface RpcClientOptions {
  natsUrl: string;
  timeoutMs: number;
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

/** A request waiting for its reply on the client's inbox. */
interface PendingReply {
  resolve(reply: Uint8Array): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

/** The client's connection and the one subscription all its replies arrive on (`<inbox>.<request id>`). */
interface ReplyChannel {
  connection: NatsConnection;
  inbox: string;
}

/**
 * Typed request/reply over NATS. Never hangs (every call has a deadline) and always fails with an
 * AppError inside an RpcException: 503 when nobody listens, 504 on timeout, the remote AppError as is,
 * 502 for anything else.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);

  private channel?: Promise<ReplyChannel>;
  private nextId = 0;
  private readonly pending = new Map<string, PendingReply>();

  constructor(@Inject(RPC_CLIENT_OPTIONS) private readonly options: RpcClientOptions) {}

  /** The service's response, or its AppError. */
  async send<Req, Res>(pattern: RpcPattern<Req, Res>, request: Req, timeoutMs = this.options.timeoutMs): Promise<Res> {
    try {
      const reply = JSON.parse(decoder.decode(await this.replyBytes(pattern.subject, request, timeoutMs))) as ReplyPacket<Res>;
      if (reply.err !== undefined && reply.err !== null) throw reply.err;
      return reply.response as Res;
    } catch (error) {
      throw new RpcException(this.describeFailure(error, pattern.subject, timeoutMs));
    }
  }

  /**
   * One page of a list with its items left as the service's JSON text, to be passed on as it is: a
   * large list is then neither parsed nor written again on its way through. Fails as send() does.
   */
  async sendListPage<Req, T>(pattern: RpcPattern<Req, ListPage<T>>, request: Req, timeoutMs = this.options.timeoutMs): Promise<JsonListPage<T>> {
    try {
      return listPageOfReply<T>(await this.replyBytes(pattern.subject, request, timeoutMs));
    } catch (error) {
      throw new RpcException(this.describeFailure(error, pattern.subject, timeoutMs));
    }
  }

  /**
   * One request over the client's own reply subscription: published with a reply subject of the
   * client's inbox and the request's id, answered when that reply arrives, or failed at its deadline.
   * (nats' own request() makes, and throws away, an Error with its stack for every answered request.)
   * The packet format is the services' NATS server's: { pattern, data, id } out, { response | err } back.
   */
  private async replyBytes(subject: string, request: unknown, timeoutMs: number): Promise<Uint8Array> {
    const { connection, inbox } = await this.connected();
    this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(this.nextId);
    const packet = encoder.encode(JSON.stringify({ pattern: subject, data: request, id }));
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BusFailure('TIMEOUT'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      try {
        connection.publish(subject, packet, { reply: `${inbox}.${id}` });
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(error);
      }
    });
  }

  /** A reply on the inbox: its request's answer, or (a status message of the server) nobody listening. */
  private settle(message: Msg): void {
    const id = message.subject.slice(message.subject.lastIndexOf('.') + 1);
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    clearTimeout(waiting.timer);
    if (message.headers?.hasError && message.headers.code === 503) waiting.reject(new BusFailure('503'));
    else waiting.resolve(message.data);
  }

  /** Connects on first use and reconnects forever; a first connection that failed is tried again next time. */
  private connected(): Promise<ReplyChannel> {
    this.channel ??= connect({ servers: [this.options.natsUrl], maxReconnectAttempts: -1, reconnectTimeWait: 500 }).then(
      (connection) => {
        const inbox = createInbox();
        connection.subscribe(`${inbox}.*`, { callback: (error, message) => (error ? undefined : this.settle(message)) });
        void connection.closed().then(() => this.failPending(new BusFailure('CONNECTION_CLOSED')));
        return { connection, inbox };
      },
      (error: unknown) => {
        this.channel = undefined;
        throw error;
      },
    );
    return this.channel;
  }

  private failPending(error: unknown): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      this.pending.delete(id);
      waiting.reject(error);
    }
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
