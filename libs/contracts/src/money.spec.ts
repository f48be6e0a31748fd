import { formatCents, isMoneyValue, toCents } from './money';

describe('money', () => {
  it.each([
    ['20.50', true],
    [20.5, true],
    ['0', true],
    ['100', true],
    ['100.01', false],
    ['-1', false],
    ['1.234', false],
    ['abc', false],
    [null, false],
  ])('isMoneyValue(%p, 100) is %p', (value, expected) => {
    expect(isMoneyValue(value, 100)).toBe(expected);
  });

  it('computes in integer cents and formats two decimals', () => {
    expect(toCents('120.5')).toBe(12050);
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(formatCents(12050)).toBe('120.50');
    expect(formatCents(7)).toBe('0.07');
  });
});
