/**
 * Lists cross NATS in pages bounded by bytes, not by a number of items: one NATS message is at most
 * 1 MB (the server's default max_payload) and what an agency types has no fixed size. The service
 * fills a page while its items stay within LIST_PAGE_BYTES (a single larger item still goes alone)
 * and says where the next page starts; the gateway follows `nextCursor` until it is null and answers
 * the browser with the whole list in one HTTP response. A service that can tell where every page
 * starts says so on the first page (`pageStarts`): the gateway then asks for the others at once.
 */
export interface ListPageRequest {
  /** where the page starts: 0, then the previous page's nextCursor */
  cursor?: number;
  /** where the next page was said to start (a first page's `pageStarts`): this page ends before it */
  until?: number;
}
export interface ListPage<T> {
  items: T[];
  /** null on the last page */
  nextCursor: number | null;
  /** on a first page, where each following page starts as the list stands (omitted when unknown) */
  pageStarts?: number[];
  /** on a first page, how many items the list holds as it stands (omitted when unknown) */
  total?: number;
}
/**
 * The JSON size of one page's items: under the 1 MB bus limit with 128 KB to spare for the reply's
 * envelope (its keys, the cursors and the following pages' starts). Fewer, fuller pages make a long
 * list cheaper: each page is a message and a set of queries of its own.
 */
export const LIST_PAGE_BYTES = 896 * 1024;
