import { formatCents, formatDecimal, formatEuro, formatEuroCents, isMoneyValue, parseCents, toCents } from './money';

describe(isMoneyValue.name, () => {
  it.each([
    ['20.50', true],
    [20.5, true],
    ['0', true],
    [' 45.5 ', true],
    ['100', true],
    ['100.01', false],
    ['-1', false],
    ['1.234', false],
    ['4,50', false],
    ['', false],
    ['abc', false],
    [null, false],
  ])('isMoneyValue(%p, 100) is %p', (value, expected) => {
    expect(isMoneyValue(value, 100)).toBe(expected);
  });

  it('allows up to numeric(10,2) by default', () => {
    expect(isMoneyValue('99999999.99')).toBe(true);
    expect(isMoneyValue('100000000')).toBe(false);
  });
});

describe(parseCents.name, () => {
  it.each([
    ['120.5', 12050],
    ['120.50', 12050],
    [' 7 ', 700],
    ['007.25', 725],
    [45, 4500],
    [0.07, 7],
    [-3.25, -325],
    ['-0', 0],
    ['1.234', null],
    ['1,50', null],
    ['1e3', null],
    ['', null],
    ['abc', null],
    [Number.NaN, null],
  ])('%p → %p', (value, expected) => {
    expect(parseCents(value)).toBe(expected);
  });

  it('adds without floating-point drift', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(() => toCents('x')).toThrow(RangeError);
  });
});

describe(formatCents.name, () => {
  it.each([
    [12050, '120.50'],
    [7, '0.07'],
    [0, '0.00'],
    [-1250, '-12.50'],
    [123456789, '1234567.89'],
  ])('%p → %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});

describe('Italian euro display', () => {
  it.each([
    [4550, '€ 45,50'],
    [0, '€ 0,00'],
    [7, '€ 0,07'],
    [100000, '€ 1.000,00'],
    [123450, '€ 1.234,50'],
    [99999999, '€ 999.999,99'],
    [123456789, '€ 1.234.567,89'],
    [9999999999, '€ 99.999.999,99'],
    [-4550, '-€ 45,50'],
    [-123450, '-€ 1.234,50'],
  ])('%p cents → %s', (cents, expected) => {
    expect(formatEuroCents(cents)).toBe(expected);
  });

  it.each([
    ['45.5', '€ 45,50'],
    ['1234.50', '€ 1.234,50'],
    [45, '€ 45,00'],
    ['-12', '-€ 12,00'],
    ['n/d', 'n/d'],
  ])('formatEuro(%p) → %s', (value, expected) => {
    expect(formatEuro(value)).toBe(expected);
  });

  it('shows rates with a decimal comma', () => {
    expect(formatDecimal('22')).toBe('22,00');
    expect(formatDecimal('4.5')).toBe('4,50');
  });
});
