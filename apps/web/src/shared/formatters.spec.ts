import { formatDate, languageLabel } from './formatters';
import { isValidEmail, isValidWebsite } from './validation';

describe('formatDate', () => {
  it.each([
    ['2025-03-09', '09/03/2025'],
    ['2025-12-31T23:30:00.000Z', '31/12/2025'],
    [null, ''],
    ['not a date', ''],
  ])('%s → %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('languageLabel', () => {
  it('names the checklist languages and upper-cases the others', () => {
    expect(languageLabel('de')).toBe('Deutsch');
    expect(languageLabel('pt')).toBe('PT');
  });
});

describe('validation helpers', () => {
  it.each([
    ['info@agency.it', true],
    [' info@agency.it ', true],
    ['info@agency', false],
    ['agency.it', false],
  ])('email %s → %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it.each([
    ['https://www.agency.it', true],
    ['www.agency.it', true],
    ['agency.it/contatti', true],
    ['ftp://agency.it', false],
    ['not a url', false],
    ['localhost', false],
  ])('website %s → %s', (value, expected) => {
    expect(isValidWebsite(value)).toBe(expected);
  });
});
