import { Controller, DynamicModule, INestApplicationContext, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { type ListPage, rpcPattern, type RpcRequest } from '@quotebook/contracts';
import { appError } from './app-error';
import { pageOfJsonItems } from './list-page';
import { RpcClient } from './rpc-client';
import { RpcClientModule } from './rpc-client.module';
import { REPLY_FAILED_MESSAGE, REPLY_TOO_LARGE_MESSAGE } from './safe-reply-server-nats';
import { createServiceApp } from './service-bootstrap';
import { connect, StringCodec } from 'nats';
import { failureOf } from './test/failure-of';
import { Handles } from './typed-handler';

// server-core sits below libs/testing, so this file connects on its own
const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';

const PING = rpcPattern<Record<string, never>, { pong: true }>('reply-test.ping');
const HUGE = rpcPattern<Record<string, never>, { text: string }>('reply-test.huge');
const JUST_FITS = rpcPattern<Record<string, never>, { text: string }>('reply-test.just-fits');
const UNSERIALIZABLE = rpcPattern<Record<string, never>, { count: bigint }>('reply-test.unserializable');

const JSON_PAGE = rpcPattern<Record<string, never>, ListPage<{ name: string; n: number }>>('reply-test.json-page');
/**
 * Items as JSON text: quotes, backslashes, non-ASCII, and a character escaped and a space where
 * JSON.stringify writes neither (so the bytes show whether the texts went out as they are).
 */
const JSON_ITEMS = ['{"name":"Tour \\"del\\" lago","n":1}', '{"name":"Città\\\\Museo €","n":2}', '{"name": "Citt\\u00e0","n":3}'];

const TWO_MEGABYTES = 2 * 1024 * 1024;

/** Answered by a handler called directly (Handles), and by one through Nest's pipeline. */
const DIRECT_ECHO = rpcPattern<{ value: unknown }, { echoed: unknown }>('reply-test.direct-echo');
const PIPELINE_ECHO = rpcPattern<{ value: unknown }, { echoed: unknown }>('reply-test.pipeline-echo');
/** A value whose JSON holds what the gateway cuts a response at, inside strings and as a key. */
const AWKWARD = { text: 'a ,"isDisposed":true,"id":"1"} and {"response": inside, città 🏛️', isDisposed: false, list: [1.5, null, { id: 'x' }] };

@Controller()
class ReplyTestController {
  @MessagePattern(PING.subject)
  ping() {
    return { pong: true };
  }

  @MessagePattern(HUGE.subject)
  huge() {
    return { text: 'x'.repeat(TWO_MEGABYTES) };
  }

  @MessagePattern(JUST_FITS.subject)
  justFits() {
    return { text: 'y'.repeat(900 * 1024) };
  }

  @MessagePattern(JSON_PAGE.subject)
  jsonPage() {
    return pageOfJsonItems(JSON_ITEMS, 0);
  }

  @Handles(DIRECT_ECHO)
  async directEcho({ value }: RpcRequest<typeof DIRECT_ECHO>) {
    if (value === 'fail') throw appError('NOT_FOUND', 'Nothing to echo');
    return { echoed: value };
  }

  @MessagePattern(PIPELINE_ECHO.subject)
  pipelineEcho(data: { value: unknown }) {
    return { echoed: data.value };
  }

  @MessagePattern(UNSERIALIZABLE.subject)
  unserializable() {
    return { count: BigInt(1) };
  }
}

@Module({ controllers: [ReplyTestController] })
class ReplyTestModule {}


describe('a service whose reply cannot be sent (integration)', () => {
  let service: INestMicroservice;
  let client: INestApplicationContext;
  let rpc: RpcClient;

  beforeAll(async () => {
    const module: DynamicModule = { module: ReplyTestModule };
    // a bare test service: its messages carry no principal
    service = await createServiceApp(module, { natsUrl: NATS_URL, queue: 'reply-test', logLevel: 'fatal', sessionChecks: false });
    await service.listen();
    client = await NestFactory.createApplicationContext(RpcClientModule.forRoot({ natsUrl: NATS_URL, timeoutMs: 5000 }), {
      logger: false,
    });
    rpc = client.get(RpcClient);
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
  });

  it('answers a reply over the bus limit with a small error at once, and answers the next request', async () => {
    const began = Date.now();
    const error = await failureOf(rpc.send(HUGE, {}));
    expect(Date.now() - began).toBeLessThan(4000);
    expect(error).toMatchObject({ reason: 'BAD_GATEWAY', statusCode: 502, message: REPLY_TOO_LARGE_MESSAGE });
    await expect(rpc.send(PING, {})).resolves.toEqual({ pong: true });
  });

  it('keeps answering after several oversized replies in parallel', async () => {
    const failures = await Promise.all([1, 2, 3].map(() => failureOf(rpc.send(HUGE, {}))));
    expect(failures.map((failure) => failure.statusCode)).toEqual([502, 502, 502]);
    await expect(rpc.send(PING, {})).resolves.toEqual({ pong: true });
  });

  it('still sends a large reply that fits', async () => {
    const reply = await rpc.send(JUST_FITS, {});
    expect(reply.text).toHaveLength(900 * 1024);
  });

  it('sends a page of items that are JSON already as a list page, its items written as they are', async () => {
    await expect(rpc.send(JSON_PAGE, {})).resolves.toEqual({ items: [{ name: 'Tour "del" lago', n: 1 }, { name: 'Città\\Museo €', n: 2 }, { name: 'Città', n: 3 }], nextCursor: null });
    const page = await rpc.sendListPage(JSON_PAGE, {});
    expect(page.itemsJson.toString('utf8')).toBe(`[${JSON_ITEMS.join(',')}]`);
    expect(page.nextCursor).toBeNull();
  });

  it("writes a reply as {\"response\":…,\"isDisposed\":…,\"id\":…}, from which the caller cuts the response as the handler's JSON", async () => {
    for (const pattern of [DIRECT_ECHO, PIPELINE_ECHO]) {
      const cut = await rpc.sendAsJson(pattern, { value: AWKWARD });
      expect(cut.toString('utf8')).toBe(JSON.stringify({ echoed: AWKWARD }));
    }
    const connection = await connect({ servers: [NATS_URL] });
    try {
      const reply = await connection.request(DIRECT_ECHO.subject, StringCodec().encode(JSON.stringify({ pattern: DIRECT_ECHO.subject, data: { value: 1 }, id: '42' })), { timeout: 4000 });
      expect(StringCodec().decode(reply.data)).toBe('{"response":{"echoed":1},"isDisposed":true,"id":"42"}');
    } finally {
      await connection.close();
    }
  });

  it("fails a response asked for as JSON with the handler's error", async () => {
    await expect(failureOf(rpc.sendAsJson(DIRECT_ECHO, { value: 'fail' }))).resolves.toMatchObject({ reason: 'NOT_FOUND', statusCode: 404, message: 'Nothing to echo' });
  });

  it('answers a reply that cannot be serialized with an error, and answers the next request', async () => {
    const error = await failureOf(rpc.send(UNSERIALIZABLE, {}));
    expect(error).toMatchObject({ reason: 'INTERNAL', statusCode: 500, message: REPLY_FAILED_MESSAGE });
    await expect(rpc.send(PING, {})).resolves.toEqual({ pong: true });
  });

  it('refuses a request over the bus limit at once with a 413 (nothing is sent)', async () => {
    const error = await failureOf(rpc.send(PING, { padding: 'p'.repeat(1024 * 1024) } as unknown as Record<string, never>));
    expect(error).toMatchObject({ reason: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
    await expect(rpc.send(PING, {})).resolves.toEqual({ pong: true });
  });

  it('answers a message that is not JSON with an error instead of failing in the background', async () => {
    const connection = await connect({ servers: [NATS_URL] });
    try {
      const reply = await connection.request(PING.subject, StringCodec().encode('{not json'), { timeout: 4000 });
      expect(JSON.parse(StringCodec().decode(reply.data))).toMatchObject({ err: { reason: 'INTERNAL', statusCode: 500 }, isDisposed: true });
    } finally {
      await connection.close();
    }
    await expect(rpc.send(PING, {})).resolves.toEqual({ pong: true });
  });
});
