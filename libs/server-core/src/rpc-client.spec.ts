import { readRetryAfter } from './rpc-client';

describe(readRetryAfter.name, () => {
  it.each([
    [4000, 1000],
    [1000, 250],
    [6000, 1500],
    [60_000, 1500],
    [100, 25],
  ])('a read with a deadline of %i ms is asked again after %i ms', (timeoutMs, askAgainAfterMs) => {
    expect(readRetryAfter(timeoutMs)).toBe(askAgainAfterMs);
  });
});
