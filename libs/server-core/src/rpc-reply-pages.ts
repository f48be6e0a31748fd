/**
 * Reply cutting: a list page taken from the bytes of a service's reply with its items left as the JSON
 * the service wrote. A large page then crosses the gateway without being parsed and written again.
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

/** Where a list page's items begin and end in the service's reply: {"response":{"items":[…],"nextCursor":…}…}. */
const ITEMS_OPEN = Buffer.from('{"response":{"items":[');
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
