import { compactCode, isFiscalCode, isIban, isProvinceCode, REGIME_FISCALE_CODES } from './e-invoice';

describe('isFiscalCode', () => {
  it.each([
    ['RSSMRA85T10A562S', true],
    ['rssmra85t10a562s', true],
    ['RSS MRA 85T10 A562S', true],
    // omocodia: the digits of a namesake's code replaced by letters, the check letter recomputed
    ['RSSMRA85T10A56NH', true],
    ['RSSMRA85T10A562T', false],
    ['RSSMRA85Z10A562S', false],
    ['RSSMRA85T10A562', false],
    ['12345678901', true],
    ['1234567890', false],
    ['1234567890A', false],
    ['', false],
  ])('%s → %s', (code, valid) => {
    expect(isFiscalCode(code)).toBe(valid);
  });
});

describe('isIban', () => {
  it.each([
    ['IT60X0542811101000000123456', true],
    ['it60 x054 2811 1010 0000 0123 456', true],
    ['GB82WEST12345698765432', true],
    ['DE89370400440532013000', true],
    ['IT61X0542811101000000123456', false],
    ['IT60X054281110100000012345', false],
    ['GB82WEST1234569876543X', false],
    ['60X0542811101000000123456', false],
    ['', false],
  ])('%s → %s', (iban, valid) => {
    expect(isIban(iban)).toBe(valid);
  });
});

describe('REA and tax regime', () => {
  it('takes a province of two letters as the REA office', () => {
    expect([isProvinceCode('MI'), isProvinceCode('rm'), isProvinceCode('MIL'), isProvinceCode('M1')]).toEqual([true, true, false, false]);
  });

  it('lists the schema regimes RF01–RF19 (RF03 is no longer one), RF11 the travel agencies', () => {
    expect(REGIME_FISCALE_CODES).toHaveLength(18);
    expect(REGIME_FISCALE_CODES).toContain('RF11');
    expect(REGIME_FISCALE_CODES).not.toContain('RF03');
  });

  it('compacts codes as they are typed', () => {
    expect(compactCode(' it60 x054 ')).toBe('IT60X054');
  });
});
