import { fillPage, inOrderOf, PAGE_ROWS_MAX } from './list-pages';

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
