import { RpcException } from '@nestjs/microservices';
import { LIST_PAGE_BYTES } from '@quotebook/contracts';
import { fillPage, fillPageUntil, followingPageStarts, inOrderOf, JsonItemsPage, pageEnd, pageOfItems, pageOfJsonItems, PAGE_ROWS_MAX, pageStart } from './list-page';

describe(pageOfItems.name, () => {
  const items = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40), 'd'.repeat(200)];

  it('takes items while their JSON fits the budget and says where the next page starts', () => {
    expect(pageOfItems(items, 0, 100)).toEqual({ items: items.slice(0, 2), nextCursor: 2 });
    expect(pageOfItems(items, 2, 100)).toEqual({ items: [items[2]], nextCursor: 3 });
  });

  it('sends an item larger than the budget alone, and ends the list', () => {
    expect(pageOfItems(items, 3, 100)).toEqual({ items: [items[3]], nextCursor: null });
  });

  it('answers the whole list when it fits, and nothing past its end', () => {
    expect(pageOfItems(items, undefined, 10_000)).toEqual({ items, nextCursor: null });
    expect(pageOfItems(items, 9, 100)).toEqual({ items: [], nextCursor: null });
  });

  it('counts bytes, not characters', () => {
    const wide = ['€'.repeat(20), '€'.repeat(20)];
    // 62 bytes each as JSON, 20 characters
    expect(pageOfItems(wide, 0, 100).items).toHaveLength(1);
  });
});

describe(pageOfJsonItems.name, () => {
  const objects = [{ name: 'a'.repeat(30) }, { name: 'b'.repeat(30) }, { name: 'c'.repeat(30) }, { name: '€'.repeat(60) }];
  const texts = objects.map((item) => JSON.stringify(item));

  it('pages JSON texts where pageOfItems pages their objects', () => {
    for (const [cursor, budget] of [[0, 100], [2, 100], [3, 100], [undefined, 10_000], [9, 100], [0, 150]] as const) {
      const page = pageOfJsonItems<{ name: string }>(texts, cursor, budget);
      expect(page.toJSON()).toEqual(pageOfItems(objects, cursor, budget));
    }
  });

  it('writes the page as the JSON of a list page, its items as they are', () => {
    const page = pageOfJsonItems<{ name: string }>(['{"a":1}', '{"b":"x\\"y"}'], 0);
    expect(page).toBeInstanceOf(JsonItemsPage);
    expect(page.json()).toBe('{"items":[{"a":1},{"b":"x\\"y"}],"nextCursor":null}');
    expect(JSON.parse(page.json())).toEqual({ items: [{ a: 1 }, { b: 'x"y' }], nextCursor: null });
    expect(JSON.stringify(page)).toBe(page.json());
    expect(new JsonItemsPage([], 4).json()).toBe('{"items":[],"nextCursor":4}');
    expect(page.bytes('{"response":', ',"id":"7"}').toString('utf8')).toBe(`{"response":${page.json()},"id":"7"}`);
    expect(pageOfJsonItems(['{"a":"€"}'], 0).bytes('«', '»').toString('utf8')).toBe('«{"items":[{"a":"€"}],"nextCursor":null}»');
  });

  it('refuses a cursor that is not a whole number from 0', () => {
    expect(() => pageOfJsonItems(texts, -1)).toThrow(RpcException);
  });
});

describe(pageStart.name, () => {
  it('starts at 0 when left out and at the cursor given', () => {
    expect(pageStart(undefined)).toBe(0);
    expect(pageStart(42)).toBe(42);
  });

  it.each([-1, 1.5, '3', Number.MAX_SAFE_INTEGER + 2, true])('refuses %p naming the cursor', (cursor) => {
    let thrown: unknown;
    try {
      pageStart(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RpcException);
    expect((thrown as RpcException).getError()).toMatchObject({ statusCode: 400, message: ['cursor must be a whole number from 0'] });
  });
});

const rows = (...sizes: number[]) => sizes.map((bytes, index) => ({ id: `r${index}`, bytes }));

describe(fillPage.name, () => {
  it.each([
    ['everything when it fits, and no next page', rows(10, 20, 30), 100, ['r0', 'r1', 'r2'], null],
    ['up to the budget exactly', rows(40, 60, 1), 100, ['r0', 'r1'], 7],
    ['rows while they fit, then the next page starts at the first left out', rows(60, 50, 10), 100, ['r0'], 6],
    ['a first row larger than the budget alone', rows(500, 10), 100, ['r0'], 6],
    ['a last row larger than the budget alone, and nothing after it', rows(500), 100, ['r0'], null],
    ['nothing from an empty list', rows(), 100, [], null],
  ])('takes %s', (_case, sized, budget, ids, next) => {
    const sut = fillPage(sized, 5, budget);
    expect(sut).toEqual({ ids, nextCursor: next });
  });

  it('reads sizes that PostgreSQL answers as strings', () => {
    expect(fillPage([{ id: 'a', bytes: '70' }, { id: 'b', bytes: '70' }], 0, 100)).toEqual({ ids: ['a'], nextCursor: 1 });
  });

  it('stops at PAGE_ROWS_MAX rows and says the next page starts after them', () => {
    const sized = Array.from({ length: PAGE_ROWS_MAX + 1 }, (_, index) => ({ id: `r${index}`, bytes: 1 }));
    const sut = fillPage(sized, 0, 1_000_000);
    expect(sut.ids).toHaveLength(PAGE_ROWS_MAX);
    expect(sut.nextCursor).toBe(PAGE_ROWS_MAX);
  });
});

describe(inOrderOf.name, () => {
  it('puts items in the order of the ids and leaves out ids without an item', () => {
    expect(inOrderOf(['b', 'x', 'a'], [{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'b' }, { id: 'a' }]);
  });
});

describe(followingPageStarts.name, () => {
  it('says where each page after the first starts, cutting as fillPage does', () => {
    const sized = rows(60, 50, 10, 90, 100, 5);
    expect(followingPageStarts(sized, 0, 100)).toEqual([1, 3, 4, 5]);
    expect(fillPage(sized, 0, 100).nextCursor).toBe(1);
    expect(fillPage(sized.slice(3), 3, 100).nextCursor).toBe(4);
  });

  it('knows no following page for a list that fits in one, or an empty one', () => {
    expect(followingPageStarts(rows(10, 20), 0, 100)).toEqual([]);
    expect(followingPageStarts(rows(), 0, 100)).toEqual([]);
  });

  it('starts a page after PAGE_ROWS_MAX rows', () => {
    const sized = Array.from({ length: PAGE_ROWS_MAX + 2 }, (_, index) => ({ id: `r${index}`, bytes: 1 }));
    expect(followingPageStarts(sized, 0, 1_000_000)).toEqual([PAGE_ROWS_MAX]);
  });
});

describe(fillPageUntil.name, () => {
  it('ends the page where the following one was said to start, and says it starts there', () => {
    expect(fillPageUntil(rows(10, 10, 10, 10), 5, 7)).toEqual({ ids: ['r0', 'r1'], nextCursor: 7 });
  });

  it('ends it earlier when the rows grew past the budget meanwhile', () => {
    expect(fillPageUntil(rows(LIST_PAGE_BYTES, 10, 10), 5, 7)).toEqual({ ids: ['r0'], nextCursor: 6 });
  });

  it('says nothing follows the last rows', () => {
    expect(fillPageUntil(rows(10, 10), 5, 7)).toEqual({ ids: ['r0', 'r1'], nextCursor: null });
  });
});

describe(pageEnd.name, () => {
  it('takes no end, or a whole number after the start', () => {
    expect(pageEnd(undefined, 5)).toBeUndefined();
    expect(pageEnd(9, 5)).toBe(9);
  });

  it.each([5, 4, 5.5, '9', -1])('refuses %p after 5 with a 400 naming until', (until) => {
    expect(() => pageEnd(until, 5)).toThrow(expect.objectContaining({ error: expect.objectContaining({ statusCode: 400, message: ['until must be a whole number after cursor'] }) }));
  });
});
