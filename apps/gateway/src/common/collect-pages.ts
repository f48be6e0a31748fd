import { RpcException } from '@nestjs/microservices';
import { makeAppError, type ListPage, type ListPageRequest } from '@quotebook/contracts';

/**
 * The whole list, asked page by page over NATS (each page bounded by bytes, as one message is at most
 * 1 MB) and answered to the browser in one response: one round trip per page, never one per row.
 */
export async function collectPages<T>(fetchPage: (page: ListPageRequest) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: number | null = 0;
  while (cursor !== null) {
    const page: ListPage<T> = await fetchPage({ cursor });
    items.push(...page.items);
    if (page.nextCursor !== null && page.nextCursor <= cursor) {
      throw new RpcException(makeAppError('BAD_GATEWAY', 'A service answered a list page that does not advance'));
    }
    cursor = page.nextCursor;
  }
  return items;
}
