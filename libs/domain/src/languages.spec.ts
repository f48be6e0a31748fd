import { normalizeTenantLanguages } from './languages';

describe(normalizeTenantLanguages.name, () => {
  it.each([
    [['en', 'en', 'de'], ['it', 'en', 'de']],
    [['es', 'en'], ['it', 'en', 'es']],
    [['de', 'it'], ['it', 'de']],
    [['pt', 'fr'], ['it', 'fr', 'pt']],
    [[], ['it']],
    [undefined, ['it']],
  ])('%j → %j', (languages, expected) => {
    expect(normalizeTenantLanguages(languages)).toEqual(expected);
  });
});
