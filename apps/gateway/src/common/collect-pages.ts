import { RpcException } from '@nestjs/microservices';
import { makeAppError, type ListPage, type ListPageRequest } from '@quotebook/contracts';
import type { JsonListPage } from '@quotebook/server-core';
import { JsonText } from './json-text';

/** What the walk over the pages reads of each: where the next one starts, and on the first, all starts. */
type PageCursors = Pick<ListPage<unknown>, 'nextCursor' | 'pageStarts'>;

/**
 * The whole list, asked page by page over NATS (each page bounded by bytes, as one message is at most
 * 1 MB) and answered to the browser in one response: one round trip per page, never one per row.
 * When the first page says where the others start, they are asked for at once, each bounded by the
 * next one's start; should the list change meanwhile (a page ending elsewhere than the next begins),
 * the rest is asked for one page after the other from where the pages stopped agreeing.
 */
export async function collectPages<T>(fetchPage: (page: ListPageRequest) => Promise<ListPage<T>>): Promise<T[]> {
  return (await allPages(fetchPage)).flatMap((page) => page.items);
}

/**
 * The same walk over pages whose items are JSON text: the whole list as one JSON array, the items
 * passed on as the service wrote them.
 */
export async function collectPagesAsJson<T>(fetchPage: (page: ListPageRequest) => Promise<JsonListPage<T>>): Promise<JsonText<T[]>> {
  const parts = (await allPages(fetchPage)).map((page) => page.itemsJson.slice(1, -1)).filter((part) => part.length > 0);
  return new JsonText<T[]>(`[${parts.join(',')}]`);
}

async function allPages<P extends PageCursors>(fetchPage: (page: ListPageRequest) => Promise<P>): Promise<P[]> {
  const first = await fetchPage({ cursor: 0 });
  const pages: P[] = [first];
  let cursor = nextOf(0, first);
  const starts = first.pageStarts ?? [];
  if (cursor !== null && starts[0] === cursor && starts.every((start, index) => index === 0 || start > starts[index - 1])) {
    const following = await inParallel(starts.length, (index) =>
      fetchPage(index + 1 < starts.length ? { cursor: starts[index], until: starts[index + 1] } : { cursor: starts[index] }),
    );
    for (const [index, page] of following.entries()) {
      if (cursor !== starts[index]) break;
      pages.push(page);
      cursor = nextOf(starts[index], page);
    }
  }
  while (cursor !== null) {
    const page = await fetchPage({ cursor });
    pages.push(page);
    cursor = nextOf(cursor, page);
  }
  return pages;
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
function nextOf(cursor: number, page: PageCursors): number | null {
  if (page.nextCursor !== null && page.nextCursor <= cursor) {
    throw new RpcException(makeAppError('BAD_GATEWAY', 'A service answered a list page that does not advance'));
  }
  return page.nextCursor;
}
