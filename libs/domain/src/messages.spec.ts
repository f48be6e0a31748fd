import { API_MESSAGES, AUTH_MESSAGES, keywordReserved, MESSAGES, DOCUMENT_MESSAGES, mustBeMoney, QUOTE_MESSAGES } from './messages';

describe('messages', () => {
  it('gives each text one name', () => {
    const texts = [...Object.values(MESSAGES), ...Object.values(AUTH_MESSAGES), ...Object.values(API_MESSAGES), ...Object.values(QUOTE_MESSAGES), ...Object.values(DOCUMENT_MESSAGES)];
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
  });

  it.each([
    [MESSAGES.usernameTooShort, 'Username must be at least 3 characters'],
    [MESSAGES.nameTooShort, 'Name must be at least 2 characters'],
    [MESSAGES.passwordTooShort, 'Password must be at least 6 characters'],
    [MESSAGES.resetPasswordTooShort, 'La password deve essere di almeno 6 caratteri.'],
    [MESSAGES.keywordLength, 'Keyword must be 2 to 40 characters'],
    [API_MESSAGES.expiryDate, 'Expiry date is required (YYYY-MM-DD)'],
    [keywordReserved('api'), 'Keyword "api" is reserved'],
    [mustBeMoney('reductionPercentage', 100), 'reductionPercentage must be a number from 0 to 100 with at most 2 decimals'],
    [MESSAGES.quantityRange, 'Quantity must be a whole number from 1 to 999'],
    [API_MESSAGES.quantity, 'quantity must be a whole number from 1 to 999'],
  ])('words built from the limits read %j', (built, expected) => {
    expect(built).toBe(expected);
  });
});
