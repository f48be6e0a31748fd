import { LIST_PAGE_BYTES } from '@quotebook/contracts';

/** Items read for one page at most: a page of small items ends here before it reaches its bytes. */
export const PAGE_ROWS_MAX = 1000;

/** The JSON size of a tag id inside an item's `tagIds`: 36 characters, quotes and a comma. */
export const TAG_ID_BYTES = 40;

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
