import { RpcException } from '@nestjs/microservices';
import type { ListPage } from '@quotebook/contracts';
import { collectPages } from './collect-pages';

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
