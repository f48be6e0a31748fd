import { randomBytes } from 'node:crypto';
import { connect, headers, type Msg, type NatsConnection } from 'nats';
import { sizedMessages, sizeMessagesUpFront } from './nats-message-buffers';

// server-core sits below libs/testing, so this file connects on its own
const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';

/** Sizes around a socket read (64 KB) and up to the server's default limit of 1 MB for a message. */
const SIZES = [0, 1, 100, 65_535, 65_536, 65_537, 200_000, 512 * 1024, 1_000_000];

describe('messages larger than a socket read, read into a buffer of their own size', () => {
  let sender: NatsConnection;
  let receiver: NatsConnection;

  beforeAll(async () => {
    sizeMessagesUpFront();
    [sender, receiver] = await Promise.all([connect({ servers: NATS_URL }), connect({ servers: NATS_URL })]);
  });

  afterAll(async () => {
    await Promise.all([sender?.close(), receiver?.close()]);
  });

  /** Publishes `payloads` (with the headers of `withHeaders`) in one go; answers the messages as received, in order. */
  async function relay(payloads: Uint8Array[], withHeaders: (index: number) => boolean = () => false): Promise<Msg[]> {
    const subject = `sized.${randomBytes(6).toString('hex')}`;
    const received: Msg[] = [];
    const all = new Promise<void>((resolve) => {
      receiver.subscribe(subject, {
        max: payloads.length,
        callback: (_error, message) => {
          received.push(message);
          if (received.length === payloads.length) resolve();
        },
      });
    });
    await receiver.flush();
    payloads.forEach((payload, index) => {
      const carried = withHeaders(index) ? headers() : undefined;
      carried?.set('X-Request-Id', `request-${index}`);
      sender.publish(subject, payload, carried ? { headers: carried } : undefined);
    });
    await sender.flush();
    await all;
    return received;
  }

  it('hands on every message byte for byte, whatever its size, in order, small and large interleaved', async () => {
    const payloads = [...SIZES, ...SIZES.slice().reverse()].map((size) => randomBytes(size));
    const received = await relay(payloads);
    expect(received.map((message) => message.data.length)).toEqual(payloads.map((payload) => payload.length));
    received.forEach((message, index) => expect(Buffer.from(message.data).equals(payloads[index])).toBe(true));
  });

  it('hands on the headers and the payload of a large message with headers', async () => {
    const payloads = [randomBytes(700_000), randomBytes(10), randomBytes(300_000)];
    const received = await relay(payloads, (index) => index !== 1);
    received.forEach((message, index) => {
      expect(Buffer.from(message.data).equals(payloads[index])).toBe(true);
      expect(message.headers?.get('X-Request-Id')).toBe(index === 1 ? undefined : `request-${index}`);
    });
  });

  it('reads a message of several socket reads into one buffer of its size, not a buffer doubled as it arrived', async () => {
    const before = sizedMessages.count;
    const [large] = await relay([randomBytes(1_000_000)]);
    // nats.js's own buffer for it grows to 2x its capacity plus a read at each step: about 2 MB here
    expect(sizedMessages.count).toBeGreaterThan(before);
    expect(large.data.buffer.byteLength).toBeLessThan(1_000_000 + 1024);
  });
});
