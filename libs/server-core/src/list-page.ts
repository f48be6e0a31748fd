import { LIST_PAGE_BYTES, type ListPage } from '@quotebook/contracts';
import { appError } from './app-error';

/** Where a page starts, as the gateway sends it: a whole number from 0 (0 when left out). */
export function pageStart(cursor: unknown): number {
  if (cursor === undefined || cursor === null) return 0;
  if (typeof cursor !== 'number' || !Number.isSafeInteger(cursor) || cursor < 0) {
    throw appError('VALIDATION_FAILED', ['cursor must be a whole number from 0']);
  }
  return cursor;
}

/**
 * One page of a list the service holds whole in memory (the bus, not memory, is what is small): the
 * items from the cursor on while their JSON stays within the budget, and always the first one, so an
 * item larger than the budget still goes alone.
 */
export function pageOfItems<T>(items: readonly T[], cursor: unknown, budget: number = LIST_PAGE_BYTES): ListPage<T> {
  const { start, end } = pageBounds(items, (item) => Buffer.byteLength(JSON.stringify(item)), cursor, budget);
  return { items: items.slice(start, end), nextCursor: end < items.length ? end : null };
}

/**
 * A list page whose items are JSON text already (each item's JSON, as the database wrote it): the
 * services' NATS server writes it into the reply as it is (SafeReplyServerNats), so a list of
 * thousands of rows is neither built as objects nor serialized in the service. Anything else that
 * serializes it (JSON.stringify) gets the same JSON through toJSON().
 */
export class JsonItemsPage<T> {
  /** never set: ties the texts to the item type they hold */
  declare readonly itemType?: T;

  /** The UTF-8 bytes of the items' JSON, all together (counted once, by whoever paged them). */
  private readonly itemsBytes: number;

  constructor(
    /** each item's JSON */
    readonly itemsJson: readonly string[],
    readonly nextCursor: number | null,
    itemsBytes?: number,
  ) {
    this.itemsBytes = itemsBytes ?? itemsJson.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  }

  /** The items as one JSON array. */
  itemsArrayJson(): string {
    return `[${this.itemsJson.join(',')}]`;
  }

  /** The page as JSON text: {"items":[…],"nextCursor":…}, the layout of a ListPage. */
  json(): string {
    return this.bytes().toString('utf8');
  }

  /**
   * The page's JSON between `before` and `after`, written item by item into one buffer: a page of
   * hundreds of kilobytes never becomes one string (a string that large goes to the old generation
   * and costs a full collection soon after).
   */
  bytes(before = '', after = ''): Buffer {
    const open = `${before}{"items":[`;
    const close = `],"nextCursor":${JSON.stringify(this.nextCursor)}}${after}`;
    const { itemsJson } = this;
    const out = Buffer.allocUnsafe(Buffer.byteLength(open) + this.itemsBytes + Math.max(0, itemsJson.length - 1) + Buffer.byteLength(close));
    let at = out.write(open, 0, 'utf8');
    for (const [index, text] of itemsJson.entries()) {
      if (index > 0) at = out.writeUInt8(0x2c, at);
      at += out.write(text, at, 'utf8');
    }
    out.write(close, at, 'utf8');
    return out;
  }

  toJSON(): ListPage<T> {
    return { items: this.itemsJson.map((text) => JSON.parse(text) as T), nextCursor: this.nextCursor };
  }
}

/** One page of a list of items held as JSON text, paged as pageOfItems pages. */
export function pageOfJsonItems<T>(itemsJson: readonly string[], cursor: unknown, budget: number = LIST_PAGE_BYTES): JsonItemsPage<T> {
  const { start, end, bytes } = pageBounds(itemsJson, (text) => Buffer.byteLength(text), cursor, budget);
  return new JsonItemsPage<T>(itemsJson.slice(start, end), end < itemsJson.length ? end : null, bytes);
}

/**
 * Where a page of `items` ends when it starts at the cursor: within the budget (each item's bytes and
 * a separator), and never empty; `bytes` is what its items take without separators.
 */
function pageBounds<T>(items: readonly T[], bytesOf: (item: T) => number, cursor: unknown, budget: number): { start: number; end: number; bytes: number } {
  const start = pageStart(cursor);
  let end = start;
  let bytes = 0;
  for (; end < items.length; end += 1) {
    const size = bytesOf(items[end]);
    if (end > start && bytes + (end - start) + size + 1 > budget) break;
    bytes += size;
  }
  return { start, end, bytes };
}

/* ---------- lists read from the database a page at a time ---------- */

/** Items read for one page at most: a page of small items ends here before it reaches its bytes. */
export const PAGE_ROWS_MAX = 1000;

/** A row of the list in its order, with an upper bound of its item's JSON size. */
export interface SizedRow {
  id: string;
  /** PostgreSQL answers sums as strings */
  bytes: number | string;
}

/**
 * The ids of one page and where the next one starts. `rows` are the list's rows from `start` on, up to
 * PAGE_ROWS_MAX + 1 of them (one more than a page takes tells whether more follow). The page takes
 * rows while their sizes add up to at most `budget`, and always the first one, so an item larger
 * than the budget still goes alone in its page.
 */
export function fillPage(
  rows: readonly SizedRow[],
  start: number,
  budget: number = LIST_PAGE_BYTES,
): { ids: string[]; nextCursor: number | null } {
  const ids: string[] = [];
  let bytes = 0;
  for (const row of rows.slice(0, PAGE_ROWS_MAX)) {
    const size = Number(row.bytes);
    if (ids.length > 0 && bytes + size > budget) break;
    ids.push(row.id);
    bytes += size;
  }
  return { ids, nextCursor: ids.length < rows.length ? start + ids.length : null };
}

/** `items` in the order of `ids` (a query by ids answers in any order). */
export function inOrderOf<T extends { id: string }>(ids: readonly string[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Where each page after the first starts, when `rows` are the whole list from `start` on: the pages
 * fillPage would cut one after the other.
 */
export function followingPageStarts(rows: readonly SizedRow[], start: number, budget: number = LIST_PAGE_BYTES): number[] {
  const starts: number[] = [];
  let bytes = 0;
  let count = 0;
  for (const [index, row] of rows.entries()) {
    const size = Number(row.bytes);
    if (count === PAGE_ROWS_MAX || (count > 0 && bytes + size > budget)) {
      starts.push(start + index);
      bytes = 0;
      count = 0;
    }
    bytes += size;
    count += 1;
  }
  return starts;
}

/**
 * The page as fillPage cuts it, but ending at `until` at the latest (where the following page was
 * said to start); `rows` then hold at most one row past it, telling whether more follow.
 */
export function fillPageUntil(
  rows: readonly SizedRow[],
  start: number,
  until: number | undefined,
): { ids: string[]; nextCursor: number | null } {
  if (until === undefined) return fillPage(rows, start);
  const within = rows.slice(0, until - start);
  const page = fillPage(within, start);
  return page.nextCursor === null && rows.length > within.length ? { ids: page.ids, nextCursor: until } : page;
}

/** Where a page must end, as the gateway sends it: after its start, or unbounded when left out. */
export function pageEnd(until: unknown, start: number): number | undefined {
  if (until === undefined || until === null) return undefined;
  if (typeof until !== 'number' || !Number.isSafeInteger(until) || until <= start) {
    throw appError('VALIDATION_FAILED', ['until must be a whole number after cursor']);
  }
  return until;
}
