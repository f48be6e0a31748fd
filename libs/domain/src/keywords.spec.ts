import { keywordProblem } from './keywords';

describe(keywordProblem.name, () => {
  it.each([
    ['sole', null],
    ['agenzia-sole-2', null],
    ['ab', null],
    ['a'.repeat(40), null],
    ['', 'Keyword is required'],
    ['a', 'Keyword must be 2 to 40 characters'],
    ['a'.repeat(41), 'Keyword must be 2 to 40 characters'],
    ['Sole', 'Keyword may contain only lowercase letters, digits and dashes'],
    ['sole mare', 'Keyword may contain only lowercase letters, digits and dashes'],
    ['-sole', 'Keyword may contain only lowercase letters, digits and dashes'],
    ['sole--mare', 'Keyword may contain only lowercase letters, digits and dashes'],
    ['api', 'Keyword "api" is reserved'],
    ['superadmin', 'Keyword "superadmin" is reserved'],
    ['reset-password', 'Keyword "reset-password" is reserved'],
  ])('%j → %p', (keyword, expected) => {
    expect(keywordProblem(keyword)).toBe(expected);
  });
});
