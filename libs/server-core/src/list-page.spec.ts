import { RpcException } from '@nestjs/microservices';
import { pageOfItems, pageStart } from './list-page';

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
