import { formatEuro, isMoneyText, moneyOrNull, twoDecimals } from './money';
import { failureToast, successToast } from './toast/outcome-toasts';

describe('money text', () => {
  it.each([
    ['0', true],
    ['45', true],
    ['45.5', true],
    ['45.50', true],
    [' 45.50 ', true],
    ['45.505', false],
    ['-1', false],
    ['4,50', false],
    ['', false],
  ])('%j is money: %s', (value, expected) => {
    expect(isMoneyText(value)).toBe(expected);
  });

  it.each([
    ['45.5', '€ 45,50'],
    ['45', '€ 45,00'],
    ['0.07', '€ 0,07'],
    ['1234.5', '€ 1.234,50'],
    ['1234567.89', '€ 1.234.567,89'],
    ['-1234.5', '-€ 1.234,50'],
  ])('shows %s in euro the Italian way: %s', (value, shown) => {
    expect(formatEuro(value)).toBe(shown);
  });

  it('shows two decimals with a decimal comma, without floating point', () => {
    expect(twoDecimals('45')).toBe('45,00');
    expect(twoDecimals('0.1')).toBe('0,10');
    expect(twoDecimals('007.25')).toBe('7,25');
    expect(moneyOrNull('  ')).toBeNull();
    expect(moneyOrNull(' 12.30 ')).toBe('12.30');
  });
});

describe('outcome toasts', () => {
  it('titles a failure with the spec sentence and puts the server reason under it', () => {
    expect(failureToast({ status: 409, message: '409: …', serverMessage: 'In use' }, 'Failed to delete tag')).toEqual({
      title: 'Failed to delete tag',
      description: 'In use',
      variant: 'destructive',
    });
    expect(failureToast(new Error('network'), 'Failed to delete tag')).toEqual({
      title: 'Failed to delete tag',
      description: undefined,
      variant: 'destructive',
    });
    expect(successToast('Tag deleted successfully')).toEqual({ title: 'Success', description: 'Tag deleted successfully' });
  });
});
