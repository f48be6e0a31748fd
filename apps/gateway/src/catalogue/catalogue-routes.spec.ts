import { collectPages } from './catalogue-routes';

describe('collectPages', () => {
  it('asks page after page until a short page and keeps the order', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => index);
    const asked: Array<{ offset: number; limit: number }> = [];
    const sut = await collectPages(async (page) => {
      asked.push(page);
      return rows.slice(page.offset, page.offset + page.limit);
    }, 3);
    expect(sut).toEqual(rows);
    expect(asked).toEqual([
      { offset: 0, limit: 3 },
      { offset: 3, limit: 3 },
      { offset: 6, limit: 3 },
    ]);
  });

  it('asks one extra empty page when the list fills its pages exactly', async () => {
    const fetchPage = jest.fn(async (page: { offset: number; limit: number }) => (page.offset < 4 ? [page.offset, page.offset + 1] : []));
    expect(await collectPages(fetchPage, 2)).toEqual([0, 1, 2, 3]);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });
});
