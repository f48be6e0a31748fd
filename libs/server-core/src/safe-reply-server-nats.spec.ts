import { Logger } from '@nestjs/common';
import { ServerNats } from '@nestjs/microservices';
import type { Msg } from 'nats';
import { appError } from './app-error';
import { SafeReplyServerNats } from './safe-reply-server-nats';
import type { DirectHandler } from './typed-handler';

/** Nest's own server, its (protected) route of a pattern reachable for the comparison. */
class NestRoutes extends ServerNats {
  routeOf(pattern: string): string {
    return this.getRouteFromPattern(pattern);
  }
}

describe('SafeReplyServerNats routes', () => {
  const sut = new SafeReplyServerNats({ servers: ['nats://127.0.0.1:4222'] });
  const nest = new NestRoutes({ servers: ['nats://127.0.0.1:4222'] });

  it('gives the route Nest gives, for a plain subject and for a JSON pattern', () => {
    for (const pattern of ['qb.catalogue.vat-rates.list', '{"cmd":"sum","b":1}']) {
      expect(sut.getRouteFromPattern(pattern)).toBe(nest.routeOf(pattern));
    }
  });

  it('works a subject out once, not on every message (no parse failure per message)', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 3; i += 1) expect(sut.getRouteFromPattern('qb.catalogue.products.list')).toBe('qb.catalogue.products.list');
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('SafeReplyServerNats handlers called directly', () => {
  const SUBJECT = 'qb.test.notes.find';

  /** Replies are handed to the bus at the end of the event loop's turn (CoalescedWrites). */
  const turnEnded = () => new Promise((resolve) => setImmediate(resolve));

  /** A request as RpcClient sends it, with what the server answers on it. */
  function request(data: unknown, id = '7') {
    const respond = jest.fn((_bytes: Uint8Array) => true);
    const message = { subject: SUBJECT, reply: `_INBOX.test.${id}`, headers: undefined, data: new TextEncoder().encode(JSON.stringify({ pattern: SUBJECT, data, id })), respond };
    const replies = () => respond.mock.calls.map(([bytes]) => JSON.parse(new TextDecoder().decode(bytes)) as unknown);
    return { message: message as unknown as Msg, replies };
  }

  function serverWith(handler: DirectHandler) {
    const sut = new SafeReplyServerNats({ servers: ['nats://127.0.0.1:4222'] });
    sut.dispatchDirectly(new Map([[SUBJECT, handler]]));
    const viaNest = jest.spyOn(sut, 'handleMessage').mockResolvedValue(undefined);
    return { onMessage: sut.getMessageHandler(SUBJECT), viaNest };
  }

  it("answers with the handler's response in one reply, as Nest's pipeline would, without going through it", async () => {
    const { onMessage, viaNest } = serverWith(async (data) => ({ echo: data }));
    const { message, replies } = request({ text: 'Lago' });
    await onMessage(undefined, message);
    await turnEnded();
    expect(replies()).toEqual([{ response: { echo: { text: 'Lago' } }, isDisposed: true, id: '7' }]);
    expect(viaNest).not.toHaveBeenCalled();
  });

  it('answers a failure with the AppError it carries, and anything else with a 500 that tells nothing', async () => {
    const refused = request({}, '8');
    await serverWith(async () => Promise.reject(appError('NOT_FOUND', 'Note not found'))).onMessage(undefined, refused.message);
    await turnEnded();
    expect(refused.replies()).toEqual([{ err: expect.objectContaining({ statusCode: 404, message: 'Note not found' }), isDisposed: true, id: '8' }]);

    const broken = request({}, '9');
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await serverWith(async () => Promise.reject(new TypeError('x is undefined'))).onMessage(undefined, broken.message);
      await turnEnded();
    } finally {
      log.mockRestore();
    }
    expect(broken.replies()).toEqual([{ err: expect.objectContaining({ statusCode: 500, message: 'Internal server error' }), isDisposed: true, id: '9' }]);
  });

  it('hands the replies of requests answered in separate tasks of one turn to the bus together, at its end', async () => {
    const { onMessage } = serverWith(async (data) => data);
    const first = request({ n: 1 }, '1');
    const second = request({ n: 2 }, '2');
    const order: string[] = [];
    (first.message.respond as jest.Mock).mockImplementation(() => order.push('first') > 0);
    (second.message.respond as jest.Mock).mockImplementation(() => order.push('second') > 0);
    // two answers that come in as separate tasks (as two database answers do), each its own microtask queue
    await new Promise<void>((resolve) => {
      setImmediate(() => void onMessage(undefined, first.message));
      setImmediate(() => void onMessage(undefined, second.message).then(() => {
        expect(order).toEqual([]);
        resolve();
      }));
    });
    await turnEnded();
    expect(order).toEqual(['first', 'second']);
  });

  it("leaves a subject without a direct handler to Nest's pipeline", async () => {
    const sut = new SafeReplyServerNats({ servers: ['nats://127.0.0.1:4222'] });
    const viaNest = jest.spyOn(sut, 'handleMessage').mockResolvedValue(undefined);
    const { message } = request({});
    await sut.getMessageHandler(SUBJECT)(undefined, message);
    expect(viaNest).toHaveBeenCalledWith(SUBJECT, message);
  });
});
