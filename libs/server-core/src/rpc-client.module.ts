import { DynamicModule, Module } from '@nestjs/common';
import { CustomStrategy } from '@nestjs/microservices';
import { RPC_CLIENT_OPTIONS, RpcClient, type RpcClientOptions } from './rpc-client';
import { SafeReplyServerNats } from './safe-reply-server-nats';

@Module({})
export class RpcClientModule {
  static forRoot(options: RpcClientOptions): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        { provide: RPC_CLIENT_OPTIONS, useValue: options },
        RpcClient,
      ],
      exports: [RpcClient],
    };
  }
}

/**
 * A service's NATS server: a queue group, reconnecting forever, replies that cannot crash it, and a
 * close that answers the requests in flight first (waiting at most `drainTimeoutMs`).
 */
export function natsServerOptions(natsUrl: string, queue: string, drainTimeoutMs?: number): CustomStrategy & { strategy: SafeReplyServerNats } {
  return {
    strategy: new SafeReplyServerNats({ servers: [natsUrl], queue, maxReconnectAttempts: -1, reconnectTimeWait: 500 }, drainTimeoutMs),
  };
}
