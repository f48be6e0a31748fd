import { RpcException } from '@nestjs/microservices';
import { makeAppError, type ListPage, type ListPageRequest } from '@quotebook/contracts';

/**
 * The whole list, asked page by page over NATS (each page bounded by bytes, as one message is at most
 * 1 MB) and answered to the browser in one response: one round trip per page, never one per row.
 * When the first page says where the others start, they are asked for at once, each bounded by the
 * next one's start; should the list change meanwhile (a page ending elsewhere than the next begins),
 * the rest is asked for one page after the other from where the pages stopped agreeing.
 */
export async function collectPages<T>(fetchPage: (page: ListPageRequest) => Promise<ListPage<T>>): Promise<T[]> {
  const first = await fetchPage({ cursor: 0 });
  const items: T[] = [...first.items];
  let cursor = nextOf(0, first);
  const starts = first.pageStarts ?? [];
  if (cursor !== null && starts[0] === cursor && starts.every((start, index) => index === 0 || start > starts[index - 1])) {
    const pages = await inParallel(starts.length, (index) =>
      fetchPage(index + 1 < starts.length ? { cursor: starts[index], until: starts[index + 1] } : { cursor: starts[index] }),
    );
    for (const [index, page] of pages.entries()) {
      if (cursor !== starts[index]) break;
      items.push(...page.items);
      cursor = nextOf(starts[index], page);
    }
  }
  while (cursor !== null) {
    const page: ListPage<T> = await fetchPage({ cursor });
    items.push(...page.items);
    cursor = nextOf(cursor, page);
  }
  return items;
}

/** Pages asked for at the same time: enough to keep the service and its database busy together. */
const PARALLEL_PAGES = 4;

async function inParallel<R>(count: number, fetch: (index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await fetch(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, count) }, worker));
  return results;
}

/** Where the page after `page` (which started at `cursor`) starts; a page that does not advance is a 502. */
function nextOf<T>(cursor: number, page: ListPage<T>): number | null {
  if (page.nextCursor !== null && page.nextCursor <= cursor) {
    throw new RpcException(makeAppError('BAD_GATEWAY', 'A service answered a list page that does not advance'));
  }
  return page.nextCursor;
}
