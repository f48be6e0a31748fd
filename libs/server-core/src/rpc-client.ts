import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, CustomStrategy, RpcException, Transport } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { isAppError, makeAppError, RpcPattern } from '@quotebook/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { SafeReplyServerNats } from './safe-reply-server-nats';

const NATS_CLIENT = Symbol('NATS_CLIENT');
const RPC_OPTIONS = Symbol('RPC_OPTIONS');

export interface RpcClientOptions {
  natsUrl: string;
  timeoutMs: number;
}

/** The service a subject belongs to, for error texts: "qb.tenancy.tenants.list" → "tenancy". */
function serviceOf(subject: string): string {
  return subject.split('.')[1] ?? subject;
}

/**
 * Typed request/reply over NATS. Never hangs (every call has a deadline) and always fails with an
 * AppError inside an RpcException: 503 when nobody listens, 504 on timeout, the remote AppError as is,
 * 502 for anything else.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);

  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(RPC_OPTIONS) private readonly options: RpcClientOptions,
  ) {}

  async send<Req, Res>(pattern: RpcPattern<Req, Res>, request: Req, timeoutMs = this.options.timeoutMs): Promise<Res> {
    try {
      return await firstValueFrom(this.client.send<Res, Req>(pattern.subject, request).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw new RpcException(this.describeFailure(error, pattern.subject, timeoutMs));
    }
  }

  private describeFailure(error: unknown, subject: string, timeoutMs: number) {
    const service = serviceOf(subject);
    if (isAppError(error)) return error;
    if (error instanceof TimeoutError) {
      return makeAppError('SERVICE_TIMEOUT', `The ${service} service did not answer within ${timeoutMs} ms`);
    }
    if (error instanceof EmptyResponseException || isNoResponders(error)) {
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

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
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

@Module({})
export class RpcClientModule {
  static forRoot(options: RpcClientOptions): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        { provide: RPC_OPTIONS, useValue: options },
        {
          provide: NATS_CLIENT,
          useFactory: () =>
            ClientProxyFactory.create({
              transport: Transport.NATS,
              options: { servers: [options.natsUrl], maxReconnectAttempts: -1, reconnectTimeWait: 500 },
            }),
        },
        RpcClient,
      ],
      exports: [RpcClient],
    };
  }
}

/** A service's NATS server: a queue group, reconnecting forever, and replies that cannot crash it. */
export function natsServerOptions(natsUrl: string, queue: string): CustomStrategy {
  return {
    strategy: new SafeReplyServerNats({ servers: [natsUrl], queue, maxReconnectAttempts: -1, reconnectTimeWait: 500 }),
  };
}
