import type { RpcPattern } from '@quotebook/contracts';
import * as nats from 'nats';
import { readRetryAfter, RpcClient } from './rpc-client';

describe(readRetryAfter.name, () => {
  it.each([
    [4000, 1000],
    [1000, 250],
    [6000, 1500],
    [60_000, 1500],
    [100, 25],
  ])('a read with a deadline of %i ms is asked again after %i ms', (timeoutMs, askAgainAfterMs) => {
    expect(readRetryAfter(timeoutMs)).toBe(askAgainAfterMs);
  });
});

describe('RpcClient publishing', () => {
  /** A bus connection that records when each request is published, and never answers. */
  function fakeBus() {
    const published: string[] = [];
    const connection = {
      publish: jest.fn((subject: string) => published.push(subject)),
      subscribe: jest.fn(),
      status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => undefined) }) }),
      closed: () => new Promise<never>(() => undefined),
    };
    return { connection, published };
  }

  it('publishes the requests made by separate tasks of one turn together, at its end', async () => {
    const { connection, published } = fakeBus();
    const connect = jest.spyOn(nats, 'connect').mockResolvedValue(connection as unknown as nats.NatsConnection);
    const client = new RpcClient({ natsUrl: 'nats://bus.invalid:4222', timeoutMs: 50 });
    const pattern = (subject: string) => ({ subject }) as RpcPattern<unknown, unknown>;
    try {
      // connected once, before the calls
      await client.send(pattern('qb.test.warm'), {}).catch(() => undefined);
      published.length = 0;
      const calls: Promise<unknown>[] = [];
      await new Promise<void>((resolve) => {
        // two HTTP requests read in one turn: each its own task, each call made in its microtasks
        setImmediate(() => calls.push(client.send(pattern('qb.test.first'), {}).catch(() => undefined)));
        setImmediate(() => {
          calls.push(client.send(pattern('qb.test.second'), {}).catch(() => undefined));
          void Promise.resolve()
            .then(() => undefined)
            .then(() => {
              expect(published).toEqual([]);
              resolve();
            });
        });
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(published).toEqual(['qb.test.first', 'qb.test.second']);
      await Promise.all(calls);
    } finally {
      connect.mockRestore();
    }
  });
});
