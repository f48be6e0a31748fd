const { balancedRounds, turnOrder } = require('./turn-order.js') as {
  balancedRounds(count: number): number;
  turnOrder(count: number, round: number): number[];
};

/** How often each ordered pair (before → after) of targets is adjacent inside a round, over `rounds` rounds. */
function followings(count: number, rounds: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let round = 0; round < rounds; round += 1) {
    const order = turnOrder(count, round);
    for (let at = 1; at < order.length; at += 1) {
      const pair = `${order[at - 1]}→${order[at]}`;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
  }
  return counts;
}

describe('the order of the bench targets\' turns', () => {
  it.each([2, 3, 4, 5, 6, 7])('with %i targets, every round holds each target once', (count) => {
    for (let round = 0; round < 3 * balancedRounds(count); round += 1) {
      expect([...turnOrder(count, round)].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => index));
    }
  });

  it.each([2, 3, 4, 5, 6, 7])('with %i targets, each target follows every other one equally often over balancedRounds rounds', (count) => {
    const counts = followings(count, balancedRounds(count));
    // every ordered pair of two different targets, and no other
    expect(counts.size).toBe(count * (count - 1));
    expect(new Set(counts.values())).toEqual(new Set([count % 2 === 0 ? 1 : 2]));
  });

  it.each([3, 4, 5])('with %i targets, each target takes every position equally often', (count) => {
    for (let target = 0; target < count; target += 1) {
      const positions = Array.from({ length: balancedRounds(count) }, (_, round) => turnOrder(count, round).indexOf(target));
      expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: balancedRounds(count) }, (_, index) => Math.floor(index / (balancedRounds(count) / count))));
    }
  });

  it('with the catalogue bench\'s four targets, the stack (1) no longer always follows the baseline (0)', () => {
    // a rotation (round r starts with target r) put target 1 right after target 0 in 3 rounds of 4
    const afterBaseline = Array.from({ length: 4 }, (_, round) => turnOrder(4, round)).filter((order) => order.indexOf(1) === order.indexOf(0) + 1);
    expect(afterBaseline).toHaveLength(1);
  });

  it('repeats after balancedRounds rounds, and refuses what is not a count or a round', () => {
    expect(turnOrder(4, 5)).toEqual(turnOrder(4, 1));
    expect(turnOrder(5, 12)).toEqual(turnOrder(5, 2));
    expect(turnOrder(1, 7)).toEqual([0]);
    expect(() => turnOrder(0, 0)).toThrow('count');
    expect(() => turnOrder(3, -1)).toThrow('round');
    expect(() => turnOrder(2.5, 0)).toThrow('count');
  });
});
