/**
 * Reply cutting: a response, or a list page's items, taken from the bytes of a service's reply as the
 * JSON the service wrote. It then crosses the gateway without being parsed and written again.
 */
import type { ListPage } from '@quotebook/contracts';

/** A reply as the services' NATS server sends it. */
export interface ReplyPacket<Res> {
  response?: Res;
  err?: unknown;
}

/** A list page whose items are still the JSON the service wrote (an array), as UTF-8 bytes. */
export interface JsonListPage<T> {
  /** the items as a JSON array in UTF-8, never decoded; its element type is T */
  itemsJson: Buffer;
  nextCursor: number | null;
  pageStarts?: number[];
  /** on a first page of a list that counts its matches (the quote list), how many there are */
  total?: number;
  /** never set: ties the page to its item type */
  readonly itemType?: T;
}

/** How a service's reply begins when it holds a response: {"response":…,"isDisposed":…,"id":"…"} (SafeReplyServerNats writes it). */
export const REPLY_RESPONSE_OPEN = '{"response":';

/** Where a list page's items begin and end in the service's reply: {"response":{"items":[…],"nextCursor":…}…}. */
const ITEMS_OPEN = Buffer.from(`${REPLY_RESPONSE_OPEN}{"items":[`);
const ITEMS_CLOSE = Buffer.from('],"nextCursor":');

/**
 * A list page from the reply's bytes without decoding its items: the reply with its items left out is
 * parsed (it holds the cursors, or the error), the items are cut out as they are, still UTF-8. A JSON
 * string holds no unescaped quote, so the last `],"nextCursor":` is where the page's own items end
 * (in UTF-8 no byte of a multi-byte character is ASCII). Any other layout is parsed whole.
 */
export function listPageOfReply<T>(reply: Uint8Array): JsonListPage<T> {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  const open = ITEMS_OPEN.length - 1;
  const close = bytes.lastIndexOf(ITEMS_CLOSE);
  if (close >= open && bytes.subarray(0, ITEMS_OPEN.length).equals(ITEMS_OPEN)) {
    const rest = JSON.parse(`${bytes.toString('utf8', 0, open)}[]${bytes.toString('utf8', close + 1)}`) as ReplyPacket<ListPage<T>>;
    // a view, not a copy: the bus reads each message into memory of its own, never reused
    return { ...cursorsOf(rest), itemsJson: bytes.subarray(open, close + 1) };
  }
  const whole = JSON.parse(bytes.toString('utf8')) as ReplyPacket<ListPage<T>>;
  return { ...cursorsOf(whole), itemsJson: Buffer.from(JSON.stringify(whole.response?.items ?? [])) };
}

/** JSON of a `T` as UTF-8 bytes, as a service wrote it. */
export type JsonBytes<T> = Buffer & {
  /** never set: ties the bytes to the type they hold */
  readonly holds?: T;
};

/** Where a response begins and ends in the service's reply. */
const RESPONSE_OPEN = Buffer.from(REPLY_RESPONSE_OPEN);
const RESPONSE_CLOSE = Buffer.from(',"isDisposed":');
/** What follows the response in such a reply: nothing but the reply's own fields (no error). */
const RESPONSE_TAIL = /^,"isDisposed":(?:true|false),"id":"[^"\\]*"\}$/;

/**
 * The response of a reply as the JSON the service wrote (UTF-8 bytes, never decoded); the reply's
 * error is thrown. A reply holds a response or an error, never both (the services' NATS server, as
 * Nest's, sends them as separate packets). A JSON string holds no unescaped quote, so the last
 * `,"isDisposed":` is the reply's own, after the whole response; the response is cut out as it is
 * when only the reply's own fields follow it. Any other layout is parsed whole and its response
 * written as JSON.
 */
export function responseJsonOfReply<T>(reply: Uint8Array): JsonBytes<T> {
  const bytes = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  const open = RESPONSE_OPEN.length;
  const close = bytes.lastIndexOf(RESPONSE_CLOSE);
  if (close > open && RESPONSE_OPEN.compare(bytes, 0, open) === 0 && RESPONSE_TAIL.test(bytes.toString('latin1', close))) {
    // a view, not a copy: the bus reads each message into memory of its own, never reused
    return bytes.subarray(open, close);
  }
  const whole = JSON.parse(bytes.toString('utf8')) as ReplyPacket<unknown>;
  if (whole.err !== undefined && whole.err !== null) throw whole.err;
  return Buffer.from(JSON.stringify(whole.response ?? null), 'utf8');
}

function cursorsOf<T>(reply: ReplyPacket<ListPage<T> & { total?: unknown }>): Omit<JsonListPage<T>, 'itemsJson'> {
  if (reply.err !== undefined && reply.err !== null) throw reply.err;
  const page = reply.response;
  if (!page || !Array.isArray(page.items)) throw new Error('the reply is not a list page');
  return {
    nextCursor: page.nextCursor,
    ...(page.pageStarts === undefined ? {} : { pageStarts: page.pageStarts }),
    ...(typeof page.total === 'number' ? { total: page.total } : {}),
  };
}
