import { DenoBuffer } from 'nats/lib/nats-base-client/denobuffer';
import { Parser, State } from 'nats/lib/nats-base-client/parser';

/** Set once the parser's prototype has been wrapped (in this process, whatever loads this module). */
const SIZED = Symbol.for('quotebook.natsMessageBuffersSized');

type SizedPrototype = { [SIZED]?: true; parse(buf: Uint8Array): void };

/** How many messages were given a buffer of their own size (sizeMessagesUpFront): for the tests. */
export const sizedMessages = { count: 0 };

/**
 * nats.js (2.x) reads a message that arrives over several socket reads into a buffer that starts as
 * the first read's remainder and doubles as the rest arrives: a list page of 1 MB cost about 3.6 MB of
 * buffers and as many bytes copied, and a products list (3.8 MB of JSON, six pages) some 17 MB in the
 * gateway. V8 counts such buffers as memory held outside its heap, and marks the whole heap for them
 * once they outgrow what the last collection left. Here, as soon as the parser has begun a message
 * (its `msgBuf`), that buffer is replaced by one of the message's own size (known from its MSG line)
 * holding what has arrived: the rest is copied in place, and the message is handed on as that buffer,
 * without another copy. Messages that arrive in one read are untouched (the parser hands on a view of
 * the read). Installed once per process; every connection of the process then reads this way.
 *
 * Relies on the parser's `state`, `ma.size` and `msgBuf` and on DenoBuffer's `capacity` and `bytes()`
 * (public in nats.js's typings, not in its documentation): nats-message-buffers.int-spec.ts fails on a
 * release that changes them.
 */
export function sizeMessagesUpFront(): void {
  const prototype = Parser.prototype as unknown as SizedPrototype;
  if (prototype[SIZED]) return;
  const parse = prototype.parse;
  prototype.parse = function (this: Parser, buf: Uint8Array): void {
    parse.call(this, buf);
    const begun = this.msgBuf;
    // a message begun in this read, its buffer still the read's remainder
    if (begun === undefined || this.state !== State.MSG_PAYLOAD || begun.capacity >= this.ma.size) return;
    const arrived = begun.bytes({ copy: false });
    if (arrived.length > this.ma.size) return;
    const whole = new ArrayBuffer(this.ma.size);
    new Uint8Array(whole).set(arrived);
    // over the whole message (DenoBuffer copies a view it is given), holding what has arrived: the rest is written in place
    const sized = new DenoBuffer(whole);
    sized.truncate(arrived.length);
    this.msgBuf = sized;
    sizedMessages.count += 1;
  };
  prototype[SIZED] = true;
}
