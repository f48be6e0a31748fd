// the contracts' DTO decorators read metadata as the module loads
import 'reflect-metadata';
import { currentPrice, type PricedPeriod } from './current-price';

const period = (overrides: Partial<PricedPeriod>): PricedPeriod => ({
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  hasCostPerPerson: false,
  costPerPerson: null,
  hasFlatRate: false,
  flatRate: null,
  ...overrides,
});

describe(currentPrice.name, () => {
  const both = period({ hasCostPerPerson: true, costPerPerson: '45.50', hasFlatRate: true, flatRate: '300.00' });

  it.each([
    ['cost per person first', [both], '2026-06-15', '45.50'],
    ['the first day counts', [both], '2026-06-01', '45.50'],
    ['the last day counts', [both], '2026-06-30', '45.50'],
    ['no period contains today', [both], '2026-07-01', null],
    ['no periods at all', [], '2026-06-15', null],
    ['flat rate when cost per person is off', [{ ...both, hasCostPerPerson: false }], '2026-06-15', '300.00'],
    ['flat rate when cost per person is zero', [{ ...both, costPerPerson: '0.00' }], '2026-06-15', '300.00'],
    ['flat rate when cost per person is unset', [{ ...both, costPerPerson: null }], '2026-06-15', '300.00'],
    ['null when both are zero', [{ ...both, costPerPerson: '0.00', flatRate: '0.00' }], '2026-06-15', null],
    ['null when both are off', [period({ costPerPerson: '10.00', flatRate: '20.00' })], '2026-06-15', null],
    [
      "the period of today among several",
      [
        period({ startDate: '2026-05-01', endDate: '2026-05-31', hasFlatRate: true, flatRate: '100.00' }),
        period({ startDate: '2026-06-01', endDate: '2026-06-30', hasFlatRate: true, flatRate: '120.00' }),
      ],
      '2026-06-10',
      '120.00',
    ],
  ])('%s', (_case, periods, today, expected) => {
    expect(currentPrice(periods as PricedPeriod[], today as string)).toBe(expected);
  });
});
