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

  it('shows two decimals without floating point', () => {
    expect(twoDecimals('45')).toBe('45.00');
    expect(twoDecimals('0.1')).toBe('0.10');
    expect(twoDecimals('007.25')).toBe('7.25');
    expect(formatEuro('1234.5')).toBe('€ 1234.50');
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
