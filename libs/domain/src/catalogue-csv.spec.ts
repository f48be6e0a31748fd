import {
  CSV_MESSAGES,
  formatCsvPeriods,
  parseCsvPeriods,
  productCsvColumns,
  productTextColumnOf,
  splitCsvList,
  unescapeCsvCell,
} from './catalogue-csv';

const STORED = new Set(['startDate', 'endDate', 'hasMinParticipants', 'minParticipants', 'hasCostPerPerson', 'costPerPerson', 'hasFlatRate', 'flatRate', 'hasAdditionalCosts', 'additionalCosts', 'priceIncludesVat']);

const period = (overrides: Record<string, unknown> = {}) => ({
  startDate: '2026-04-01',
  endDate: '2026-06-30',
  hasMinParticipants: false,
  minParticipants: null,
  hasCostPerPerson: false,
  costPerPerson: null,
  hasFlatRate: false,
  flatRate: null,
  hasAdditionalCosts: false,
  additionalCosts: null,
  priceIncludesVat: false,
  ...overrides,
});

describe('the periods cell', () => {
  it.each([
    ['dates only', [period()], '2026-04-01..2026-06-30'],
    ['what a period charges', [period({ hasMinParticipants: true, minParticipants: 10, hasCostPerPerson: true, costPerPerson: '45.00', priceIncludesVat: true })], '2026-04-01..2026-06-30 min_participants=10 per_person=45.00 vat_included'],
    ['a value whose switch is off is not charged, so not written', [period({ hasFlatRate: false, flatRate: '100.00', hasAdditionalCosts: true, additionalCosts: '5.50' })], '2026-04-01..2026-06-30 additional_costs=5.50'],
    ['two periods', [period({ hasFlatRate: true, flatRate: '300.00' }), period({ startDate: '2026-07-01', endDate: '2026-08-31' })], '2026-04-01..2026-06-30 flat_rate=300.00; 2026-07-01..2026-08-31'],
  ])('writes %s', (_case, periods, cell) => {
    expect(formatCsvPeriods(periods, STORED)).toBe(cell);
  });

  it('writes supplier costs and free places when the catalogue has them', () => {
    const withCosts = period({ supplierCostPerPerson: '30.00', supplierCostPerBooking: null, freePlacesEvery: 20, freePlacesCount: 1 });
    expect(formatCsvPeriods([withCosts])).toBe('2026-04-01..2026-06-30 supplier_cost_per_person=30.00 free_places=20+1');
    expect(formatCsvPeriods([withCosts], STORED)).toBe('2026-04-01..2026-06-30');
  });

  it.each([
    ['', []],
    ['2026-04-01..2026-06-30', [{ startDate: '2026-04-01', endDate: '2026-06-30' }]],
    [
      ' 2026-04-01..2026-06-30  per_person=45 min_participants=2 vat_included ;2026-07-01..2026-07-31 flat_rate=abc;',
      [
        { startDate: '2026-04-01', endDate: '2026-06-30', hasCostPerPerson: true, costPerPerson: '45', hasMinParticipants: true, minParticipants: 2, priceIncludesVat: true },
        { startDate: '2026-07-01', endDate: '2026-07-31', hasFlatRate: true, flatRate: 'abc' },
      ],
    ],
    ['2026-04-01..2026-06-30 min_participants=2.5', [{ startDate: '2026-04-01', endDate: '2026-06-30', hasMinParticipants: true, minParticipants: '2.5' }]],
  ])('reads %j', (cell, periods) => {
    expect(parseCsvPeriods(cell, STORED)).toEqual({ periods });
  });

  it('reads back what it writes', () => {
    const periods = [period({ hasCostPerPerson: true, costPerPerson: '45.00', hasFlatRate: true, flatRate: '10.00' }), period({ startDate: '2027-01-01', endDate: '2027-01-31', priceIncludesVat: true })];
    const parsed = parseCsvPeriods(formatCsvPeriods(periods, STORED), STORED);
    expect(parsed).toEqual({
      periods: [
        { startDate: '2026-04-01', endDate: '2026-06-30', hasCostPerPerson: true, costPerPerson: '45.00', hasFlatRate: true, flatRate: '10.00' },
        { startDate: '2027-01-01', endDate: '2027-01-31', priceIncludesVat: true },
      ],
    });
  });

  it.each([
    ['01/04/2026..30/06/2026', CSV_MESSAGES.periodDates(1)],
    ['2026-04-01..2026-06-30; 2026-07-01', CSV_MESSAGES.periodDates(2)],
    ['2026-04-01..2026-06-30 price=4', CSV_MESSAGES.periodUnknownValue(1, 'price=4')],
    ['2026-04-01..2026-06-30 vat_included=yes', CSV_MESSAGES.periodUnknownValue(1, 'vat_included=yes')],
    ['2026-04-01..2026-06-30 per_person=4 per_person=5', CSV_MESSAGES.periodRepeatedValue(1, 'per_person')],
    ['2026-04-01..2026-06-30 supplier_cost_per_person=4', CSV_MESSAGES.periodUnknownValue(1, 'supplier_cost_per_person=4')],
  ])('refuses %j naming the period', (cell, error) => {
    expect(parseCsvPeriods(cell, STORED)).toEqual({ error });
  });

  it('reads free places as every+count, and refuses another writing', () => {
    expect(parseCsvPeriods('2026-04-01..2026-06-30 free_places=20+1')).toEqual({ periods: [{ startDate: '2026-04-01', endDate: '2026-06-30', freePlacesEvery: 20, freePlacesCount: 1 }] });
    expect(parseCsvPeriods('2026-04-01..2026-06-30 free_places=20')).toEqual({ error: CSV_MESSAGES.periodFreePlaces(1) });
  });
});

describe('columns and cells', () => {
  it('puts Italian first, the four texts per language, then the other columns', () => {
    expect(productCsvColumns(['en', 'it'])).toEqual([
      'code',
      'title_it', 'subtitle_it', 'short_description_it', 'extended_description_it',
      'title_en', 'subtitle_en', 'short_description_en', 'extended_description_en',
      'duration_hours', 'duration_minutes', 'vat_rate', 'tags', 'periods',
    ]);
  });

  it('tells a text column by its prefix and language', () => {
    expect(productTextColumnOf('short_description_en')).toMatchObject({ text: { field: 'shortDescription' }, language: 'en' });
    expect(productTextColumnOf('title')).toBeNull();
    expect(productTextColumnOf('colour_en')).toBeNull();
  });

  it('splits a list cell on "|", trimming and dropping empty names', () => {
    expect(splitCsvList(' Arte | Scuole||')).toEqual(['Arte', 'Scuole']);
    expect(splitCsvList(undefined)).toEqual([]);
  });

  it('takes away the apostrophe the export put before a formula, and nothing else', () => {
    expect(unescapeCsvCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unescapeCsvCell("'+39 06 123")).toBe('+39 06 123');
    expect(unescapeCsvCell("l'Aquila")).toBe("l'Aquila");
    expect(unescapeCsvCell("'quoted'")).toBe("'quoted'");
  });
});
