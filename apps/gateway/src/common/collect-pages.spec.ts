import { RpcException } from '@nestjs/microservices';
import type { ListPage } from '@quotebook/contracts';
import { collectCountedPagesAsJson, collectPages, collectPagesAsJson, PARALLEL_PAGES } from './collect-pages';
import { JsonText } from './json-text';

describe('collectPages', () => {
  it('follows the cursor from 0 until the last page and keeps the order', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => index);
    const pageEnds = [2, 6, 7];
    const asked: Array<number | undefined> = [];
    const sut = await collectPages(async ({ cursor = 0 }): Promise<ListPage<number>> => {
      asked.push(cursor);
      const end = pageEnds.find((candidate) => candidate > cursor) ?? rows.length;
      return { items: rows.slice(cursor, end), nextCursor: end < rows.length ? end : null };
    });
    expect(sut).toEqual(rows);
    expect(asked).toEqual([0, 2, 6]);
  });

  it('asks once for a list that fits in one page, also an empty one', async () => {
    const fetchPage = jest.fn(async (): Promise<ListPage<number>> => ({ items: [], nextCursor: null }));
    expect(await collectPages(fetchPage)).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('fails with a 502 instead of looping when a page does not advance', async () => {
    const failure = collectPages(async (): Promise<ListPage<number>> => ({ items: [1], nextCursor: 0 }));
    await expect(failure).rejects.toBeInstanceOf(RpcException);
    await expect(failure).rejects.toMatchObject({ error: { statusCode: 502 } });
  });
});

describe('collectPages with the starts of the pages known from the first', () => {
  const rows = Array.from({ length: 10 }, (_, index) => index);

  /** A service cutting `list` at `ends`, telling the starts on the first page; `onAsk` sees every request. */
  function service(list: number[], ends: number[], onAsk: (request: { cursor: number; until?: number }) => void) {
    return async ({ cursor = 0, until }: { cursor?: number; until?: number }): Promise<ListPage<number>> => {
      onAsk({ cursor, until });
      const end = Math.min(ends.find((candidate) => candidate > cursor) ?? list.length, until ?? list.length);
      const page: ListPage<number> = { items: list.slice(cursor, end), nextCursor: end < list.length ? end : null };
      return cursor === 0 && until === undefined ? { ...page, pageStarts: ends.filter((e) => e < list.length) } : page;
    };
  }

  /** `fetchPage` answering 5 ms later, counting the pages asked for and not answered yet. */
  function inFlightCounted<R>(fetchPage: (request: { cursor?: number; until?: number }) => Promise<R>) {
    let inFlight = 0;
    let most = 0;
    return {
      fetch: async (request: { cursor?: number; until?: number }): Promise<R> => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return fetchPage(request);
      },
      mostInFlight: () => most,
    };
  }

  it('asks for the following pages at once, each bounded by the next start, and keeps the order', async () => {
    const asked: Array<{ cursor: number; until?: number }> = [];
    const fetchPage = service(rows, [3, 6, 8], (request) => asked.push(request));
    const slow = inFlightCounted(fetchPage);
    const sut = await collectPages(slow.fetch);
    expect(sut).toEqual(rows);
    expect(asked).toEqual([{ cursor: 0 }, { cursor: 3, until: 6 }, { cursor: 6, until: 8 }, { cursor: 8 }]);
    expect(slow.mostInFlight()).toBe(3);
  });

  it('asks for as many following pages at once as PARALLEL_PAGES, and the rest as each of them ends', async () => {
    const long = Array.from({ length: 20 }, (_, index) => index);
    // the first page and eight following ones
    const fetchPage = service(long, [2, 4, 6, 8, 10, 12, 14, 16], () => undefined);
    const slow = inFlightCounted(fetchPage);
    const sut = await collectPages(slow.fetch);
    expect(sut).toEqual(long);
    expect(PARALLEL_PAGES).toBe(6);
    expect(slow.mostInFlight()).toBe(PARALLEL_PAGES);
  });

  it('bounds the last page by the length the first page gives, and reads on should the list have grown', async () => {
    const asked: Array<{ cursor: number; until?: number }> = [];
    const counted = service(rows, [3, 6], (request) => asked.push(request));
    const withLength = async (request: { cursor?: number; until?: number }) => {
      const page = await counted(request);
      return request.cursor === undefined || request.cursor === 0 ? { ...page, total: rows.length } : page;
    };
    expect(await collectPages(withLength)).toEqual(rows);
    expect(asked).toEqual([{ cursor: 0 }, { cursor: 3, until: 6 }, { cursor: 6, until: 10 }]);

    // two rows came after the first page: the last page stops at the length it was given, the rest follows
    const grown = [...rows, 10, 11];
    asked.length = 0;
    const growing = async (request: { cursor?: number; until?: number }) => {
      if (request.cursor === undefined || request.cursor === 0) return { ...(await counted(request)), total: rows.length };
      return service(grown, [3, 6], (seen) => asked.push(seen))(request);
    };
    expect(await collectPages(growing)).toEqual(grown);
    expect(asked).toEqual([{ cursor: 0 }, { cursor: 3, until: 6 }, { cursor: 6, until: 10 }, { cursor: 10 }]);
  });

  it('goes on page by page from where the pages stop agreeing when the list changed meanwhile', async () => {
    const asked: number[] = [];
    // the first page announced pages at 3 and 6, but the page from 3 now ends at 5
    const first = service(rows, [3, 6], () => undefined);
    const sut = await collectPages(async ({ cursor = 0, until }) => {
      asked.push(cursor);
      if (cursor === 0) return first({ cursor, until });
      return service(rows, [5, 8], () => undefined)({ cursor, until: cursor === 3 ? 5 : until });
    });
    expect(sut).toEqual(rows);
    expect(asked).toEqual([0, 3, 6, 5, 8]);
  });
});

describe('collectPagesAsJson', () => {
  it('joins the pages’ JSON items into one array, skipping empty pages, in order', async () => {
    const pages: Record<number, { itemsJson: Buffer; nextCursor: number | null; pageStarts?: number[] }> = {
      0: { itemsJson: Buffer.from('[{"n":0},{"n":1}]'), nextCursor: 2, pageStarts: [2, 3] },
      2: { itemsJson: Buffer.from('[]'), nextCursor: 3 },
      3: { itemsJson: Buffer.from('[{"n":"]"}]'), nextCursor: null },
    };
    const sut = await collectPagesAsJson(async ({ cursor = 0 }) => pages[cursor]);
    expect(sut).toBeInstanceOf(JsonText);
    expect(JSON.parse(sut.text)).toEqual([{ n: 0 }, { n: 1 }, { n: ']' }]);
  });

  it('answers an empty list as []', async () => {
    expect((await collectPagesAsJson(async () => ({ itemsJson: Buffer.from('[]'), nextCursor: null }))).text).toBe('[]');
  });
});

describe('collectCountedPagesAsJson over a window of the list', () => {
  const rows = Array.from({ length: 20 }, (_, index) => ({ n: index }));

  /** A service cutting pages of at most 3 rows, honouring `until`, telling the count and the starts on the window's first page. */
  function service(asked: Array<{ cursor?: number; until?: number }>, firstCursor: number) {
    return async ({ cursor = 0, until }: { cursor?: number; until?: number }) => {
      asked.push(until === undefined ? { cursor } : { cursor, until });
      const end = Math.min(cursor + 3, until ?? rows.length, rows.length);
      const itemsJson = Buffer.from(JSON.stringify(rows.slice(cursor, end)));
      const nextCursor = end < rows.length ? end : null;
      if (cursor !== firstCursor) return { itemsJson, nextCursor };
      const pageStarts = Array.from({ length: 6 }, (_, index) => end + 3 * index).filter((start) => start < rows.length);
      return { itemsJson, nextCursor, total: rows.length, pageStarts };
    };
  }

  it('starts at the window, ends before its end and answers the count of the whole list', async () => {
    const asked: Array<{ cursor?: number; until?: number }> = [];
    const sut = await collectCountedPagesAsJson(service(asked, 5), { start: 5, end: 12 });
    expect(JSON.parse(sut.items.text)).toEqual(rows.slice(5, 12));
    expect(sut.total).toBe(20);
    expect(asked).toEqual([
      { cursor: 5, until: 12 },
      { cursor: 8, until: 11 },
      { cursor: 11, until: 12 },
    ]);
  });

  it('reads to the end of the list when the window reaches past it', async () => {
    const asked: Array<{ cursor?: number; until?: number }> = [];
    const sut = await collectCountedPagesAsJson(service(asked, 17), { start: 17, end: 117 });
    expect(JSON.parse(sut.items.text)).toEqual(rows.slice(17));
    expect(asked).toEqual([{ cursor: 17, until: 117 }]);
  });

  it('answers [] for a window past the end, with the count', async () => {
    const sut = await collectCountedPagesAsJson(async () => ({ itemsJson: Buffer.from('[]'), nextCursor: null, total: 4 }), { start: 40, end: 50 });
    expect(sut).toEqual({ items: expect.any(JsonText), total: 4 });
    expect(sut.items.text).toBe('[]');
  });

  it('leaves the count out when the service gives none', async () => {
    const sut = await collectCountedPagesAsJson(async () => ({ itemsJson: Buffer.from('[1]'), nextCursor: null }));
    expect(sut.total).toBeUndefined();
  });

  it('fails with a 502 when a page runs past the end it was given', async () => {
    const failure = collectPagesAsJson(async () => ({ itemsJson: Buffer.from('[1,2,3]'), nextCursor: 3 }), { start: 0, end: 2 });
    await expect(failure).rejects.toMatchObject({ error: { statusCode: 502 } });
  });
});
