// the contracts' DTO decorators read metadata as the module loads
import 'reflect-metadata';
import { copyItalianTexts, hasItalianTitle, mergeLanguageTexts, type ProductTexts } from './translations';

const product: ProductTexts = {
  titles: { it: 'Giro in barca', en: 'Boat trip' },
  subtitles: { it: 'Al tramonto', en: 'At sunset' },
  shortDescriptions: { it: 'Due ore sul lago' },
  extendedDescriptions: {},
};

describe(mergeLanguageTexts.name, () => {
  it('changes only the given language', () => {
    const sut = mergeLanguageTexts(product, 'en', {
      title: 'Lake boat trip',
      subtitle: 'Sunset',
      shortDescription: 'Two hours on the lake',
      extendedDescription: 'Long text',
    });
    expect(sut).toEqual({
      titles: { it: 'Giro in barca', en: 'Lake boat trip' },
      subtitles: { it: 'Al tramonto', en: 'Sunset' },
      shortDescriptions: { it: 'Due ore sul lago', en: 'Two hours on the lake' },
      extendedDescriptions: { en: 'Long text' },
    });
  });

  it('adds a new language next to the others', () => {
    const sut = mergeLanguageTexts(product, 'de', { title: 'Bootsfahrt' });
    expect(sut.titles).toEqual({ it: 'Giro in barca', en: 'Boat trip', de: 'Bootsfahrt' });
    expect(sut.subtitles).toEqual(product.subtitles);
  });

  it('removes a text sent empty or null, keeps a text not sent', () => {
    const sut = mergeLanguageTexts(product, 'en', { title: 'Boat trip', subtitle: '  ', shortDescription: null });
    expect(sut.subtitles).toEqual({ it: 'Al tramonto' });
    expect(sut.shortDescriptions).toEqual({ it: 'Due ore sul lago' });
    expect(mergeLanguageTexts(product, 'it', { title: 'Giro', subtitle: null }).subtitles).toEqual({ en: 'At sunset' });
  });

  it('does not change the product it was given', () => {
    const before = structuredClone(product);
    mergeLanguageTexts(product, 'it', { title: 'Altro', subtitle: '' });
    expect(product).toEqual(before);
  });
});

describe(copyItalianTexts.name, () => {
  it('copies every Italian text into each target language, overwriting, and keeps the rest', () => {
    const sut = copyItalianTexts(product, ['en', 'de']);
    expect(sut).toEqual({
      titles: { it: 'Giro in barca', en: 'Giro in barca', de: 'Giro in barca' },
      subtitles: { it: 'Al tramonto', en: 'Al tramonto', de: 'Al tramonto' },
      shortDescriptions: { it: 'Due ore sul lago', en: 'Due ore sul lago', de: 'Due ore sul lago' },
      extendedDescriptions: {},
    });
  });

  it('leaves a target text alone when Italian has none of that kind', () => {
    const withEnglishOnly = { ...product, extendedDescriptions: { en: 'English only' } };
    expect(copyItalianTexts(withEnglishOnly, ['en']).extendedDescriptions).toEqual({ en: 'English only' });
  });

  it('ignores Italian as a target', () => {
    expect(copyItalianTexts(product, ['it'])).toEqual(product);
  });
});

describe(hasItalianTitle.name, () => {
  it.each([
    [{ it: 'Giro' }, true],
    [{ it: '   ' }, false],
    [{ en: 'Trip' }, false],
  ])('%j → %s', (titles, expected) => {
    expect(hasItalianTitle({ ...product, titles })).toBe(expected);
  });
});
