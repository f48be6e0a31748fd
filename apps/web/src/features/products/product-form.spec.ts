import { aPeriod, aProduct } from '../../test/gateway-stub';
import {
  availabilityFormFrom,
  availabilityRequestFrom,
  periodSummary,
  validateAvailabilityForm,
  type AvailabilityFormValues,
} from './availability-form';
import {
  canCopyFromItalian,
  filterProducts,
  formatDuration,
  productDisplayTitle,
  productFormFrom,
  productRequestFrom,
  validateProductForm,
} from './product-form';
import { hasTexts, languagesToCreate, sameTexts, textsByLanguage } from './product-texts';

const colosseum = aProduct({
  titles: { it: 'Tour del Colosseo', en: 'Colosseum Tour' },
  subtitles: { it: 'Con guida', en: 'Guided' },
  tagIds: ['tag-art'],
  vatRateId: 'vat-22',
});
const boat = aProduct({ id: 'product-2', code: 'ZZ99XY', titles: { de: 'Bootsfahrt' }, tagIds: ['tag-sea'] });

describe('product texts by language', () => {
  it('loads the Italian texts with duration, VAT rate and tags', () => {
    expect(productFormFrom(colosseum)).toEqual(
      expect.objectContaining({ language: 'it', title: 'Tour del Colosseo', subtitle: 'Con guida', vatRateId: 'vat-22' }),
    );
  });

  it("keeps each language's texts apart, empty for a language not written yet", () => {
    const texts = textsByLanguage(colosseum, ['it', 'en', 'fr']);
    expect(texts['it']).toEqual({ title: 'Tour del Colosseo', subtitle: 'Con guida', shortDescription: '', extendedDescription: '' });
    expect(texts['en']).toEqual({ title: 'Colosseum Tour', subtitle: 'Guided', shortDescription: '', extendedDescription: '' });
    expect(hasTexts(texts['fr'])).toBe(false);
    expect(hasTexts({ ...texts['fr'], shortDescription: '  ' })).toBe(false);
    expect(sameTexts(texts['en'], { ...texts['en'], title: 'Colosseum Tour ' })).toBe(true);
    expect(sameTexts(texts['en'], { ...texts['en'], title: 'Forum Tour' })).toBe(false);
  });

  it('creates a new product in Italian, then in each other language something was written in', () => {
    const drafts = textsByLanguage(undefined, ['it', 'en', 'de']);
    expect(languagesToCreate(drafts, ['it', 'en', 'de'])).toEqual(['it']);
    drafts['de'] = { ...drafts['de'], title: 'Bootsfahrt' };
    expect(languagesToCreate(drafts, ['it', 'en', 'de'])).toEqual(['it', 'de']);
  });

  it('offers copy from Italian only for another language of a product with an Italian title', () => {
    expect(canCopyFromItalian(colosseum, 'en')).toBe(true);
    expect(canCopyFromItalian(colosseum, 'it')).toBe(false);
    expect(canCopyFromItalian(boat, 'en')).toBe(false);
    expect(canCopyFromItalian(undefined, 'en')).toBe(false);
  });

  it("requires a title ('Title is required') and sends numbers and nulls", () => {
    expect(validateProductForm(productFormFrom(undefined))).toEqual({ title: 'Title is required' });
    expect(productRequestFrom({ ...productFormFrom(colosseum, 'en'), durationMinutes: '45', subtitle: ' ' })).toEqual({
      language: 'en',
      title: 'Colosseum Tour',
      subtitle: null,
      shortDescription: null,
      extendedDescription: null,
      durationHours: 2,
      durationMinutes: 45,
      vatRateId: 'vat-22',
    });
  });
});

describe('product list helpers', () => {
  it('shows the Italian title, else the code', () => {
    expect(productDisplayTitle(colosseum)).toBe('Tour del Colosseo');
    expect(productDisplayTitle(boat)).toBe('ZZ99XY');
  });

  it.each([
    [0, 0, '—'],
    [2, 0, '2h'],
    [0, 45, '45m'],
    [2, 30, '2h 30m'],
  ])('duration %ih %im → %s', (hours, minutes, shown) => {
    expect(formatDuration(hours, minutes)).toBe(shown);
  });

  it('searches the code and the titles in every language, and filters by tag', () => {
    expect(filterProducts([colosseum, boat], { search: 'colosseum', tagId: 'all' })).toEqual([colosseum]);
    expect(filterProducts([colosseum, boat], { search: 'BOOTS', tagId: 'all' })).toEqual([boat]);
    expect(filterProducts([colosseum, boat], { search: 'zz99', tagId: 'all' })).toEqual([boat]);
    expect(filterProducts([colosseum, boat], { search: '', tagId: 'tag-sea' })).toEqual([boat]);
    expect(filterProducts([colosseum, boat], { search: 'tour', tagId: 'tag-sea' })).toEqual([]);
  });
});

describe('availability form', () => {
  const base: AvailabilityFormValues = { ...availabilityFormFrom(), startDate: '2025-04-01', endDate: '2025-06-30' };

  it('requires both dates in order', () => {
    expect(validateAvailabilityForm(availabilityFormFrom())).toEqual({
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    expect(validateAvailabilityForm({ ...base, endDate: '2025-03-31' })).toEqual({
      endDate: 'End date must be on or after the start date',
    });
    expect(validateAvailabilityForm({ ...base, endDate: '2025-04-01' })).toEqual({});
  });

  it('checks a value only while its checkbox is on', () => {
    expect(validateAvailabilityForm({ ...base, minParticipants: '0', costPerPerson: 'abc' })).toEqual({});
    expect(
      validateAvailabilityForm({
        ...base,
        hasMinParticipants: true,
        minParticipants: '0',
        hasCostPerPerson: true,
        costPerPerson: '-1',
        hasFlatRate: true,
        flatRate: '10.555',
        hasAdditionalCosts: true,
        additionalCosts: '',
      }),
    ).toEqual({
      minParticipants: 'Minimum participants must be a whole number of at least 1',
      costPerPerson: 'Enter an amount of at least 0 with at most 2 decimals',
      flatRate: 'Enter an amount of at least 0 with at most 2 decimals',
      additionalCosts: 'Enter an amount of at least 0 with at most 2 decimals',
    });
  });

  it('sends a value whose checkbox is off as null', () => {
    expect(
      availabilityRequestFrom({ ...base, hasCostPerPerson: true, costPerPerson: '45', flatRate: '99', hasMinParticipants: true, minParticipants: '2' }),
    ).toEqual({
      startDate: '2025-04-01',
      endDate: '2025-06-30',
      hasMinParticipants: true,
      minParticipants: 2,
      hasCostPerPerson: true,
      costPerPerson: '45',
      hasFlatRate: false,
      flatRate: null,
      hasAdditionalCosts: false,
      additionalCosts: null,
      priceIncludesVat: false,
      supplierCostPerPerson: null,
      supplierCostPerBooking: null,
      freePlacesCount: null,
      freePlacesEvery: null,
    });
  });

  it('summarises what a period charges', () => {
    expect(periodSummary(aPeriod({ hasMinParticipants: true, minParticipants: 2, hasFlatRate: true, flatRate: '100.00' }))).toBe(
      'Min. 2 participants · € 45,00 per person · Flat rate € 100,00 · VAT excluded',
    );
  });
});
