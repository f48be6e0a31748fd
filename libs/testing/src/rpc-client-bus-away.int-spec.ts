import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { rpcPattern } from '@quotebook/contracts';
import { carriedAppError, RpcClient, RpcClientModule } from '@quotebook/server-core';
import { connect, type NatsConnection, StringCodec } from 'nats';
import { type NatsServer, startNatsServer } from './nats-server';

/**
 * The RpcClient when its connection to NATS is lost (it lives below this library, whose NATS server of
 * a test's own it needs to stop and start): a call made then waits a little for the bus, then is
 * refused as unavailable, not held to its deadline.
 */
const TIMEOUT_MS = 4000;
const codec = StringCodec();
const pattern = rpcPattern<{ q: number }, { answered: number }>('bus-away-test.read');

/** What a call ended with and how long it took. */
async function timed(call: Promise<unknown>): Promise<{ ms: number; value?: unknown; error?: ReturnType<typeof carriedAppError> }> {
  const started = Date.now();
  try {
    const value = await call;
    return { ms: Date.now() - started, value };
  } catch (error) {
    return { ms: Date.now() - started, error: carriedAppError(error) };
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RpcClient while NATS is away (integration)', () => {
  let nats: NatsServer;
  let responder: NatsConnection;
  const clients: INestApplicationContext[] = [];

  const rpcClient = async (busAwayWaitMs: number) => {
    const context = await NestFactory.createApplicationContext(RpcClientModule.forRoot({ natsUrl: nats.url, timeoutMs: TIMEOUT_MS, busAwayWaitMs }), { logger: false });
    clients.push(context);
    const rpc = context.get(RpcClient);
    // connected, answered once
    expect(await rpc.send(pattern, { q: 0 })).toEqual({ answered: 0 });
    return rpc;
  };

  let away = false;
  /** A call answered, once the service is subscribed again. */
  const eventuallyAnswered = async (rpc: RpcClient, q: number) => {
    for (let tries = 0; ; tries += 1) {
      const outcome = await timed(rpc.send(pattern, { q }));
      if (!outcome.error || tries >= 50) return expect(outcome.value).toEqual({ answered: q });
      await delay(100);
    }
  };

  /** Stops NATS and waits until the client's connection has noticed (its next call waits for the bus). */
  const natsAway = async () => {
    away = true;
    await nats.stop();
    await delay(300);
  };
  const natsBack = async () => {
    await nats.start();
    away = false;
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    // a service as the bus sees it, reconnecting as the services do
    responder = await connect({ servers: [nats.url], maxReconnectAttempts: -1, reconnectTimeWait: 20, reconnectJitter: 0 });
    responder.subscribe(pattern.subject, {
      callback: (error, message) => {
        if (error) return;
        const { id, data } = JSON.parse(codec.decode(message.data)) as { id: string; data: { q: number } };
        message.respond(codec.encode(JSON.stringify({ id, response: { answered: data.q }, isDisposed: true })));
      },
    });
  });

  afterEach(async () => {
    if (away) await natsBack();
    await Promise.all(clients.splice(0).map((client) => client.close()));
    // the service is subscribed again before the next test's client asks it (a flush sent before it reconnected fails)
    for (let tries = 0; ; tries += 1) {
      try {
        await responder.flush();
        break;
      } catch (error) {
        if (tries >= 50) throw error;
        await delay(100);
      }
    }
  });

  afterAll(async () => {
    await responder?.close().catch(() => undefined);
    await nats?.destroy();
  });

  it('refuses a call made while NATS stays away with a 503 after the wait, not a 504 at the deadline', async () => {
    const rpc = await rpcClient(600);
    await natsAway();
    const outcome = await timed(rpc.send(pattern, { q: 1 }));
    expect(outcome.error).toMatchObject({ statusCode: 503, reason: 'SERVICE_UNAVAILABLE', message: 'The message bus is unavailable (bus-away-test service not reached)' });
    expect(outcome.ms).toBeGreaterThanOrEqual(550);
    expect(outcome.ms).toBeLessThan(TIMEOUT_MS / 2);
  });

  it('answers a call made while NATS is away once it is back within the wait, and every call after', async () => {
    const rpc = await rpcClient(TIMEOUT_MS);
    await natsAway();
    const pending = timed(rpc.send(pattern, { q: 2 }));
    await delay(200);
    await natsBack();
    const outcome = await pending;
    // sent once the client's connection is back: answered, or, when the client reconnected before the
    // service did (both retry on their own timers), told by NATS that nobody listens yet; never refused
    // as the bus being away, never lost until the deadline
    expect(outcome.ms).toBeLessThan(TIMEOUT_MS);
    if (outcome.error) expect(outcome.error).toMatchObject({ statusCode: 503, message: 'The bus-away-test service is unavailable' });
    else expect(outcome.value).toEqual({ answered: 2 });
    await eventuallyAnswered(rpc, 3);
  });

  it('keeps the deadline of a call that waited for the bus: the wait counts toward it', async () => {
    const rpc = await rpcClient(TIMEOUT_MS);
    await natsAway();
    const outcome = await timed(rpc.send(pattern, { q: 4 }, 1200));
    // away the whole time: refused at the call's own deadline, as unavailable
    expect(outcome.error).toMatchObject({ statusCode: 503, reason: 'SERVICE_UNAVAILABLE' });
    expect(outcome.ms).toBeGreaterThanOrEqual(1150);
    expect(outcome.ms).toBeLessThan(2000);
  });
});
