import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ListPage, rpcPattern } from '@quotebook/contracts';
import { connect, type Msg, type NatsConnection, StringCodec, type Subscription } from 'nats';
import { runWithRequestContext } from './request-context';
import { RpcClient } from './rpc-client';
import { RpcClientModule } from './rpc-client.module';
import { failureOf } from './test/failure-of';

// server-core sits below libs/testing, so this file connects on its own
const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';
const QUEUE = 'hedge-test';
const TIMEOUT_MS = 1500;
const ASK_AGAIN_AFTER_MS = 300;

const codec = StringCodec();

/**
 * A replica as the bus sees it: a member of the queue group on its own connection, recording what it
 * receives and answering as told (or not at all).
 */
class Replica {
  readonly received: string[] = [];
  private subscription?: Subscription;

  private constructor(
    readonly name: string,
    private readonly connection: NatsConnection,
    private readonly onRequest: (replica: Replica, message: Msg) => void,
  ) {}

  static async join(subject: string, name: string, onRequest: (replica: Replica, message: Msg) => void = (replica, message) => replica.answer(message)) {
    const replica = new Replica(name, await connect({ servers: [NATS_URL] }), onRequest);
    replica.subscription = replica.connection.subscribe(subject, {
      queue: QUEUE,
      callback: (error, message) => {
        if (error) return;
        replica.received.push(message.reply ?? '');
        replica.onRequest(replica, message);
      },
    });
    await replica.connection.flush();
    return replica;
  }

  /** Replies as a service does: `{ id, response }` with the request's id. */
  answer(message: Msg): void {
    const { id } = JSON.parse(codec.decode(message.data)) as { id: string };
    if (!this.connection.isClosed()) message.respond(codec.encode(JSON.stringify({ id, response: { from: this.name }, isDisposed: true })));
  }

  /** Takes no more requests (the server has the unsubscription once this resolves), still able to answer. */
  async leave(): Promise<void> {
    this.subscription?.unsubscribe();
    await this.connection.flush();
  }

  /** Dies: its connection goes, with every request it held. */
  async die(): Promise<void> {
    await this.connection.close();
  }
}


const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RpcClient asking a read again (integration)', () => {
  let client: INestApplicationContext;
  let rpc: RpcClient;
  const replicas: Replica[] = [];
  let subjectCount = 0;

  /** Each test its own subject, so no replica of another test answers. */
  const nextPattern = () => rpcPattern<{ q: number }, { from: string }>(`hedge-test.read-${(subjectCount += 1)}`);
  const join = async (...args: Parameters<typeof Replica.join>) => {
    const replica = await Replica.join(...args);
    replicas.push(replica);
    return replica;
  };
  const asRead = <T>(work: () => Promise<T>) => runWithRequestContext({ requestId: 'hedge-test', readOnly: true }, work);
  const asWrite = <T>(work: () => Promise<T>) => runWithRequestContext({ requestId: 'hedge-test', readOnly: false }, work);

  /**
   * The first ask goes to a replica alone in the group, which then lets `second` join: the ask made
   * again can only go to `second`.
   */
  const firstAskTo = async (subject: string, then: (first: Replica, message: Msg) => Promise<void>) => {
    return join(subject, 'first', (replica, message) => void then(replica, message));
  };

  beforeAll(async () => {
    client = await NestFactory.createApplicationContext(
      RpcClientModule.forRoot({ natsUrl: NATS_URL, timeoutMs: TIMEOUT_MS, readRetryAfterMs: ASK_AGAIN_AFTER_MS }),
      { logger: false },
    );
    rpc = client.get(RpcClient);
  });

  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((replica) => replica.die().catch(() => undefined)));
  });

  afterAll(async () => {
    await client?.close();
  });

  it('asks a read that a replica died holding once more, and the living replica answers it', async () => {
    const pattern = nextPattern();
    let second: Replica | undefined;
    const first = await firstAskTo(pattern.subject, async (replica) => {
      second = await join(pattern.subject, 'second');
      await replica.die();
    });

    await expect(asRead(() => rpc.send(pattern, { q: 1 }))).resolves.toEqual({ from: 'second' });
    expect(first.received).toHaveLength(1);
    expect(second?.received).toHaveLength(1);
    // a new reply id: the two asks are told apart by their reply subjects
    expect(second?.received[0]).not.toBe(first.received[0]);
  });

  it('asks a list page again too', async () => {
    const pattern = rpcPattern<{ q: number }, ListPage<string>>(`hedge-test.page-${(subjectCount += 1)}`);
    await firstAskTo(pattern.subject, async (replica) => {
      await join(pattern.subject, 'second', (_second, message) => {
        message.respond(codec.encode(JSON.stringify({ response: { items: ['a'], nextCursor: null } })));
      });
      await replica.die();
    });

    const page = await asRead(() => rpc.sendListPage(pattern, { q: 1 }));
    expect({ items: page.itemsJson.toString(), nextCursor: page.nextCursor }).toEqual({ items: '["a"]', nextCursor: null });
  });

  it('never asks a write twice: the call fails at its deadline and the other replica never sees it', async () => {
    const pattern = nextPattern();
    let second: Replica | undefined;
    await firstAskTo(pattern.subject, async (replica) => {
      second = await join(pattern.subject, 'second');
      await replica.die();
    });

    const error = await failureOf(asWrite(() => rpc.send(pattern, { q: 1 })));
    expect(error).toMatchObject({ reason: 'SERVICE_TIMEOUT', statusCode: 504 });
    expect(second?.received).toEqual([]);
  });

  it('asks again outside a read-only request only when the caller says it reads, and never when it says it writes', async () => {
    const outside = nextPattern();
    await firstAskTo(outside.subject, async (replica) => {
      await join(outside.subject, 'second');
      await replica.die();
    });
    await expect(rpc.send(outside, { q: 1 }, { read: true })).resolves.toEqual({ from: 'second' });

    const inside = nextPattern();
    let second: Replica | undefined;
    await firstAskTo(inside.subject, async (replica) => {
      second = await join(inside.subject, 'second');
      await replica.die();
    });
    expect(await failureOf(asRead(() => rpc.send(inside, { q: 1 }, { read: false })))).toMatchObject({ statusCode: 504 });
    expect(second?.received).toEqual([]);
  });

  it('does not ask again a read given a longer deadline of its own (work known to take long)', async () => {
    const pattern = nextPattern();
    let second: Replica | undefined;
    await firstAskTo(pattern.subject, async (replica, message) => {
      second = await join(pattern.subject, 'second');
      await delay(ASK_AGAIN_AFTER_MS * 2);
      replica.answer(message);
    });

    await expect(asRead(() => rpc.send(pattern, { q: 1 }, TIMEOUT_MS * 2))).resolves.toEqual({ from: 'first' });
    expect(second?.received).toEqual([]);
  });

  it('keeps the first ask open: a slow replica that answers first is the answer, and it is asked again only once', async () => {
    const pattern = nextPattern();
    let second: Replica | undefined;
    const first = await firstAskTo(pattern.subject, async (replica, message) => {
      // the second replica holds the ask made again without answering it
      second = await join(pattern.subject, 'second', () => undefined);
      await replica.leave();
      await delay(ASK_AGAIN_AFTER_MS * 2.5);
      replica.answer(message);
    });

    await expect(asRead(() => rpc.send(pattern, { q: 1 }))).resolves.toEqual({ from: 'first' });
    expect(first.received).toHaveLength(1);
    expect(second?.received).toHaveLength(1);
  });

  it('waits for a replica that stopped taking requests but still holds the read, when nobody else listens', async () => {
    const pattern = nextPattern();
    await firstAskTo(pattern.subject, async (replica, message) => {
      // the ask made again meets no responders (503): the first ask still counts
      await replica.leave();
      await delay(ASK_AGAIN_AFTER_MS * 2);
      replica.answer(message);
    });

    await expect(asRead(() => rpc.send(pattern, { q: 1 }))).resolves.toEqual({ from: 'first' });
  });

  it('keeps the deadline of the first ask: no answer to either fails at it with a 504', async () => {
    const pattern = nextPattern();
    let second: Replica | undefined;
    await firstAskTo(pattern.subject, async (replica) => {
      second = await join(pattern.subject, 'second', () => undefined);
      await replica.leave();
    });

    const began = Date.now();
    const error = await failureOf(asRead(() => rpc.send(pattern, { q: 1 })));
    expect(error).toMatchObject({ reason: 'SERVICE_TIMEOUT', statusCode: 504, message: expect.stringContaining(`${TIMEOUT_MS} ms`) });
    // the deadline did not start again with the second ask
    expect(Date.now() - began).toBeLessThan(TIMEOUT_MS + ASK_AGAIN_AFTER_MS);
    expect(second?.received).toHaveLength(1);
  });

  it('answers a read nobody listens to with a 503 at once, without waiting to ask again', async () => {
    const error = await failureOf(asRead(() => rpc.send(nextPattern(), { q: 1 })));
    expect(error).toMatchObject({ reason: 'SERVICE_UNAVAILABLE', statusCode: 503 });
  });
});
