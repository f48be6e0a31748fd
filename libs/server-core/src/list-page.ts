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
