import {
  bookingCents,
  bookingCentsOn,
  currentPrice,
  perPersonShareCents,
  periodOn,
  priceParts,
  pricePartsOn,
  type PricedPeriod,
  type PriceParts,
} from './price';

const period = (overrides: Partial<PricedPeriod>): PricedPeriod => ({
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  hasCostPerPerson: false,
  costPerPerson: null,
  hasFlatRate: false,
  flatRate: null,
  ...overrides,
});

const both = period({ hasCostPerPerson: true, costPerPerson: '45.50', hasFlatRate: true, flatRate: '300.00' });

describe(currentPrice.name, () => {
  it.each([
    ['cost per person first', [both], '2026-06-15', '45.50'],
    ['the first day counts', [both], '2026-06-01', '45.50'],
    ['the last day counts', [both], '2026-06-30', '45.50'],
    ['the day before is outside', [both], '2026-05-31', null],
    ['no period contains the date', [both], '2026-07-01', null],
    ['no periods at all', [], '2026-06-15', null],
    ['flat rate when cost per person is off', [{ ...both, hasCostPerPerson: false }], '2026-06-15', '300.00'],
    ['flat rate when cost per person is zero', [{ ...both, costPerPerson: '0.00' }], '2026-06-15', '300.00'],
    ['flat rate when cost per person is unset', [{ ...both, costPerPerson: null }], '2026-06-15', '300.00'],
    ['null when both are zero', [{ ...both, costPerPerson: '0.00', flatRate: '0.00' }], '2026-06-15', null],
    ['null when both are off', [period({ costPerPerson: '10.00', flatRate: '20.00' })], '2026-06-15', null],
    ['two decimals whatever the stored text', [period({ hasFlatRate: true, flatRate: '120.5' })], '2026-06-15', '120.50'],
    [
      'the period of the date among several',
      [
        period({ startDate: '2026-05-01', endDate: '2026-05-31', hasFlatRate: true, flatRate: '100.00' }),
        period({ startDate: '2026-06-01', endDate: '2026-06-30', hasFlatRate: true, flatRate: '120.00' }),
      ],
      '2026-06-10',
      '120.00',
    ],
  ])('%s', (_case, periods, date, expected) => {
    expect(currentPrice(periods as PricedPeriod[], date as string)).toBe(expected);
  });
});

describe(periodOn.name, () => {
  it('finds the period by its inclusive bounds across a year end', () => {
    const winter = period({ startDate: '2026-12-15', endDate: '2027-01-15' });
    expect(periodOn([both, winter], '2027-01-01')).toBe(winter);
    expect(periodOn([both, winter], '2027-01-16')).toBeNull();
  });
});

describe(priceParts.name, () => {
  it.each([
    [
      'everything switched on',
      { ...both, hasMinParticipants: true, minParticipants: 2, hasAdditionalCosts: true, additionalCosts: '12.00' },
      { perPersonCents: 4550, flatCents: 30000, additionalCents: 1200, minParticipants: 2 },
    ],
    [
      'a value whose flag is off counts for nothing',
      { ...both, hasFlatRate: false, hasMinParticipants: false, minParticipants: 5, additionalCosts: '12.00' },
      { perPersonCents: 4550, flatCents: null, additionalCents: null, minParticipants: null },
    ],
    ['zero amounts are no part', { ...both, costPerPerson: '0', flatRate: '0.00' }, { perPersonCents: null, flatCents: null, additionalCents: null, minParticipants: null }],
  ] as [string, PricedPeriod, PriceParts][])('%s', (_case, source, expected) => {
    expect(priceParts(source)).toEqual(expected);
  });
});

describe('what a booking costs', () => {
  const parts: PriceParts = { perPersonCents: 4550, flatCents: 10000, additionalCents: null, minParticipants: 2 };

  it.each([
    ['below the minimum the minimum is charged', parts, 1, 19100],
    ['at the minimum', parts, 2, 19100],
    ['above the minimum', parts, 5, 32750],
    ['no minimum: per person times participants', { ...parts, minParticipants: null }, 3, 23650],
    ['flat rate only', { perPersonCents: null, flatCents: 10000, additionalCents: 2500, minParticipants: null }, 8, 12500],
  ] as [string, PriceParts, number, number][])('%s', (_case, source, participants, expected) => {
    expect(bookingCents(source, participants)).toBe(expected);
  });

  it.each([
    ['per person plus a share of the flat rate, at the minimum group', parts, 9550],
    ['per person only', { ...parts, flatCents: null, minParticipants: null }, 4550],
    ['a single person carries the fixed amounts', { ...parts, minParticipants: null }, 14550],
    ['rounded to the cent', { perPersonCents: 1000, flatCents: 10000, additionalCents: null, minParticipants: 3 }, 4333],
  ] as [string, PriceParts, number][])('one person pays: %s', (_case, source, expected) => {
    expect(perPersonShareCents(source)).toBe(expected);
  });

  it('prices a booking on a date from the period containing it, 0 when none does', () => {
    const summer = period({ hasCostPerPerson: true, costPerPerson: '45.50', hasFlatRate: true, flatRate: '100', hasMinParticipants: true, minParticipants: 2 });
    expect(bookingCentsOn([summer], '2026-06-30', 1)).toBe(19100);
    expect(bookingCentsOn([summer], '2026-06-30', 3)).toBe(23650);
    expect(bookingCentsOn([summer], '2026-07-01', 3)).toBe(0);
  });

  it('gives the parts of the period containing the date, or null', () => {
    expect(pricePartsOn([both], '2026-06-15')).toEqual({ perPersonCents: 4550, flatCents: 30000, additionalCents: null, minParticipants: null });
    expect(pricePartsOn([both], '2026-07-15')).toBeNull();
    expect(pricePartsOn([period({})], '2026-06-15')).toBeNull();
  });
});
