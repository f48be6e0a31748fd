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
  const start = pageStart(cursor);
  const page: T[] = [];
  let bytes = 0;
  for (let index = start; index < items.length; index += 1) {
    const size = Buffer.byteLength(JSON.stringify(items[index])) + 1;
    if (page.length > 0 && bytes + size > budget) break;
    page.push(items[index]);
    bytes += size;
  }
  const next = start + page.length;
  return { items: page, nextCursor: next < items.length ? next : null };
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
