import { BoundedMap } from './bounded-map';

describe(BoundedMap.name, () => {
  it('starts over when a new key comes to a full map', () => {
    const sut = new BoundedMap<string, number>(2);
    sut.set('a', 1).set('b', 2);
    sut.set('c', 3);
    expect([...sut]).toEqual([['c', 3]]);
  });

  it('keeps what it holds when a key it has is set again', () => {
    const sut = new BoundedMap<string, number>(2);
    sut.set('a', 1).set('b', 2).set('a', 3);
    expect([...sut]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });
});
