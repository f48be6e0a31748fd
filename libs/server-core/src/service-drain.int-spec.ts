import {
  BeforeApplicationShutdown,
  CallHandler,
  Controller,
  DynamicModule,
  INestApplicationContext,
  INestMicroservice,
  Injectable,
  Module,
  NestInterceptor,
  OnApplicationShutdown,
  OnModuleDestroy,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { rpcPattern } from '@quotebook/contracts';
import { map } from 'rxjs';
import { RpcClient } from './rpc-client';
import { RpcClientModule } from './rpc-client.module';
import { createServiceApp, listenOnBus } from './service-bootstrap';
import { failureOf } from './test/failure-of';

// server-core sits below libs/testing, so this file connects on its own
const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';

const SLOW = rpcPattern<{ n: number }, { n: number; resourceOpen: boolean }>('drain-test.slow');
const PING = rpcPattern<Record<string, never>, { pong: true }>('drain-test.ping');

/** What happened, in order: handlers starting and ending, and the modules' shutdown hooks. */
const timeline: string[] = [];

/** Holds every handler until the test lets them go. */
class Gate {
  private release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));
  open(): void {
    this.release();
  }
}
let gate = new Gate();

/** Stands for the database, Redis or a queue: each hook the app runs when it closes says so. */
@Injectable()
class Resource implements OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown {
  open = true;
  onModuleDestroy() {
    this.open = false;
    timeline.push('onModuleDestroy');
  }
  beforeApplicationShutdown() {
    timeline.push('beforeApplicationShutdown');
  }
  onApplicationShutdown() {
    timeline.push('onApplicationShutdown');
  }
}

@Controller()
class DrainTestController {
  constructor(private readonly resource: Resource) {}

  @MessagePattern(SLOW.subject)
  async slow({ n }: { n: number }) {
    timeline.push(`start ${n}`);
    await gate.opened;
    timeline.push(`end ${n}`);
    return { n, resourceOpen: this.resource.open };
  }

  @MessagePattern(PING.subject)
  ping() {
    return { pong: true };
  }
}

/**
 * An interceptor, as logging or metrics add: Nest then calls the handler only when the reply's stream
 * is subscribed, after its message handling has returned.
 */
class AroundInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler) {
    return next.handle().pipe(map((value: unknown) => value));
  }
}

@Module({ controllers: [DrainTestController], providers: [Resource] })
class DrainTestModule {}


async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await condition()); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a service closing with requests in flight (integration)', () => {
  let client: INestApplicationContext;
  let rpc: RpcClient;
  let service: INestMicroservice | undefined;

  const startService = async (drainTimeoutMs: number, options: { intercepted?: true } = {}) => {
    const module: DynamicModule = { module: DrainTestModule };
    // a bare test service: its messages carry no principal
    service = await createServiceApp(module, { natsUrl: NATS_URL, queue: 'drain-test', logLevel: 'fatal', sessionChecks: false, drainTimeoutMs });
    if (options.intercepted) service.useGlobalInterceptors(new AroundInterceptor());
    await listenOnBus(service);
    return service;
  };

  beforeAll(async () => {
    client = await NestFactory.createApplicationContext(RpcClientModule.forRoot({ natsUrl: NATS_URL, timeoutMs: 5000 }), { logger: false });
    rpc = client.get(RpcClient);
  });

  beforeEach(() => {
    timeline.length = 0;
    gate = new Gate();
  });

  afterEach(async () => {
    gate.open();
    await service?.close();
    service = undefined;
  });

  afterAll(async () => {
    await client?.close();
  });

  it.each([
    ['', {}],
    [' (handlers behind an interceptor)', { intercepted: true as const }],
  ])('takes no new request, answers those in flight, and only then runs the shutdown hooks%s', async (_case, options) => {
    const app = await startService(5000, options);
    // settled as they come, so that a failure is reported by the assertion below, not as unhandled
    const inFlight = Promise.allSettled([1, 2, 3].map((n) => rpc.send(SLOW, { n })));
    await until(() => timeline.filter((event) => event.startsWith('start')).length === 3, 'three handlers running');

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    // a new request finds nobody listening, while the three are still being handled
    await until(async () => (await failureOf(rpc.send(PING, {})).catch(() => null))?.statusCode === 503, 'no new request taken');
    // time enough for a close that does not wait for them to end the connection
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    expect(timeline).toEqual(['start 1', 'start 2', 'start 3']);

    gate.open();
    expect(await inFlight).toEqual([1, 2, 3].map((n) => ({ status: 'fulfilled', value: { n, resourceOpen: true } })));
    await closing;
    expect(timeline.slice(3, 6).sort()).toEqual(['end 1', 'end 2', 'end 3']);
    expect(timeline.slice(6)).toEqual(['onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown']);
    service = undefined;
  });

  it('closes without waiting when nothing is in flight', async () => {
    const app = await startService(5000);
    await expect(rpc.send(PING, {})).resolves.toEqual({ pong: true });
    await app.close();
    expect(timeline).toEqual(['onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown']);
    service = undefined;
  });

  it('closes anyway once its drain time is over, the handler still running', async () => {
    const app = await startService(300);
    const stuck = failureOf(rpc.send(SLOW, { n: 1 }, 2000));
    await until(() => timeline.includes('start 1'), 'the handler running');

    await app.close();
    service = undefined;
    expect(timeline).toEqual(['start 1', 'onModuleDestroy', 'beforeApplicationShutdown', 'onApplicationShutdown']);

    gate.open();
    // its reply cannot go out any more: the caller's deadline answers for it
    expect(await stuck).toMatchObject({ reason: 'SERVICE_TIMEOUT', statusCode: 504 });
  });
});
