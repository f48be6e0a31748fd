// The order in which the bench's targets take their turns, round by round (CommonJS, so that the unit
// layer tests it: turn-order.spec.ts).
//
// A target's figures move with what ran just before it: the baseline runs in the bench's own process
// and, at 8 clients, leaves that process and the database busy for a moment after its turn; a target
// that always followed it measured 6-8% slower than after the bare hops. Rotating one order (each round
// starting one target later) does not help: within a round each target still follows the one before it
// in the list, in every round but one. A Williams design does: over its rounds every target follows
// every other target equally often.

/**
 * How many rounds make the order balanced for `count` targets: `count` when it is even, twice as many
 * when it is odd (a round and its mirror).
 */
function balancedRounds(count) {
  return count % 2 === 0 || count === 1 ? count : 2 * count;
}

/**
 * The targets (indexes 0..count-1) in the order they take their turns in `round` (0, 1, ...): row
 * `round` of a Williams Latin square, which repeats every balancedRounds(count) rounds. Over those
 * rounds each target takes every position equally often, and each target comes right after each other
 * target equally often (once for an even count, twice for an odd one), inside a round.
 */
function turnOrder(count, round) {
  if (!Number.isInteger(count) || count < 1) throw new Error(`turnOrder: count must be a positive integer (${count})`);
  if (!Number.isInteger(round) || round < 0) throw new Error(`turnOrder: round must be a non-negative integer (${round})`);
  // the first row takes from both ends in turn: 0, 1, n-1, 2, n-2, ...; row r adds r to each entry (mod n)
  const first = [0];
  for (let low = 1, high = count - 1, fromLow = true; first.length < count; fromLow = !fromLow) first.push(fromLow ? low++ : high--);
  const row = round % balancedRounds(count);
  // an odd count also needs each row's mirror: rows n..2n-1 are rows 0..n-1 reversed
  const shift = row % count;
  const order = first.map((index) => (index + shift) % count);
  return row >= count ? order.reverse() : order;
}

module.exports = { balancedRounds, turnOrder };
