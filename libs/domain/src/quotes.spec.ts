import type { PricedPeriod } from './price';
import { acceptancePeriod } from './testing';
import {
  bookingDateTimeFor,
  confirmationOf,
  confirmedTotalCents,
  formatServiceDateTime,
  isDateTime,
  itemParticipants,
  priceItem,
  priceListAppliesOn,
  priceSourceOf,
  quoteShortId,
  quoteTotalCents,
  reducedCents,
  statusAfterItems,
  toWallClock,
  vatLabel,
  type PriceListReduction,
} from './quotes';

/** The acceptance product: minimum 10, € 25 per person, € 100 flat rate, € 15 additional costs. */
const summer: PricedPeriod = acceptancePeriod(2026);
const booking = (quantity: number, orderConfirmed = false, confirmedParticipants = 0) => ({ quantity, orderConfirmed, confirmedParticipants });

describe(priceItem.name, () => {
  it.each([
    ['quantity 4 pays for the minimum of 10', '2026-07-15', booking(4), 36_500],
    ['quantity 12 pays for 12', '2026-07-15', booking(12), 41_500],
    ['confirmed with 12 participants pays for 12, whatever the quantity', '2026-07-15', booking(4, true, 12), 41_500],
    ['confirmed with 0 participants pays the minimum', '2026-07-15', booking(20, true, 0), 36_500],
    ['the first day of the period counts', '2026-06-01', booking(10), 36_500],
    ['the last day of the period counts', '2026-09-30', booking(10), 36_500],
    ['the day after the period is 0', '2026-10-01', booking(4), 0],
    ['a service date outside the period is 0', '2026-12-24', booking(4), 0],
    ['no service date is 0', null, booking(4), 0],
  ])('%s', (_case, date, item, cents) => {
    expect(priceItem([summer], date, item)).toEqual({ cents, priceListApplied: false });
  });

  it.each([
    ['per person only, no minimum', { ...summer, hasMinParticipants: false, hasFlatRate: false, hasAdditionalCosts: false }, booking(3), 7_500],
    ['flat rate only', { ...summer, hasCostPerPerson: false, hasAdditionalCosts: false }, booking(3), 10_000],
    ['a minimum switched off is ignored', { ...summer, hasMinParticipants: false }, booking(2), 16_500],
    ['amounts switched off are ignored', { ...summer, hasFlatRate: false, hasAdditionalCosts: false }, booking(10), 25_000],
    ['cents are kept exactly', { ...summer, costPerPerson: '0.10', hasFlatRate: false, hasAdditionalCosts: false, hasMinParticipants: false }, booking(3), 30],
  ])('%s', (_case, period, item, cents) => {
    expect(priceItem([period as PricedPeriod], '2026-07-15', item).cents).toBe(cents);
  });

  const list = (overrides: Partial<PriceListReduction> = {}): PriceListReduction => ({
    isActive: true,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    reductionAmount: null,
    reductionPercentage: '10.00',
    ...overrides,
  });

  it.each([
    ['10% off', list(), 32_850, true],
    ['10% then € 50 off', list({ reductionAmount: '50.00' }), 27_850, true],
    ['€ 50 off alone', list({ reductionPercentage: null, reductionAmount: '50' }), 31_500, true],
    ['never below 0', list({ reductionPercentage: null, reductionAmount: '1000.00' }), 0, true],
    ['an inactive list does nothing', list({ isActive: false }), 36_500, false],
    ['a list not valid on the service date does nothing', list({ endDate: '2026-07-14' }), 36_500, false],
    ['no list', null, 36_500, false],
  ])('a customer price list: %s', (_case, priceList, cents, applied) => {
    expect(priceItem([summer], '2026-07-15', booking(4), priceList)).toEqual({ cents, priceListApplied: applied });
  });

  it('a list does not apply to a price of 0', () => {
    expect(priceItem([summer], '2026-12-01', booking(4), list())).toEqual({ cents: 0, priceListApplied: false });
  });
});

describe(reducedCents.name, () => {
  it('rounds the percentage to the cent, half up', () => {
    expect(reducedCents(1_005, { isActive: true, startDate: '2026-01-01', endDate: '2026-12-31', reductionAmount: null, reductionPercentage: '50.00' })).toBe(502);
  });
});

describe(priceListAppliesOn.name, () => {
  it('needs a date', () => {
    expect(priceListAppliesOn({ isActive: true, startDate: '2026-01-01', endDate: '2026-12-31', reductionAmount: null, reductionPercentage: null }, null)).toBe(false);
  });
});

describe(priceSourceOf.name, () => {
  it.each([
    ['nothing saved', null, 36_500, 'auto'],
    ['the computed price', 36_500, 36_500, 'auto'],
    ['a cent away is still the computed price', 36_501, 36_500, 'auto'],
    ['a cent below too', 36_499, 36_500, 'auto'],
    ['two cents away is manual', 36_502, 36_500, 'manual'],
    ['a manual 300', 30_000, 36_500, 'manual'],
    ['0 when 365 is computed', 0, 36_500, 'manual'],
  ])('%s', (_case, saved, computed, source) => {
    expect(priceSourceOf(saved, computed)).toBe(source);
  });
});

describe(itemParticipants.name, () => {
  it('counts the quantity until the order is confirmed, then the confirmed participants', () => {
    expect(itemParticipants(booking(4, false, 12))).toBe(4);
    expect(itemParticipants(booking(4, true, 12))).toBe(12);
  });
});

describe('quote totals', () => {
  const items = [
    { totalCents: 36_500, orderConfirmed: true },
    { totalCents: 30_000, orderConfirmed: false },
    { totalCents: 1, orderConfirmed: true },
  ];

  it.each([
    ['pending: every item', 'pending', 66_501],
    ['waiting: every item', 'waiting', 66_501],
    ['confirmed: the confirmed items', 'confirmed', 36_501],
  ] as const)('%s', (_case, status, cents) => {
    expect(quoteTotalCents(items, status)).toBe(cents);
  });

  it('sums in cents, without floating point drift', () => {
    expect(quoteTotalCents(Array.from({ length: 10 }, () => ({ totalCents: 10, orderConfirmed: false })), 'pending')).toBe(100);
  });

  it('the confirmed total of a quote with none confirmed is 0', () => {
    expect(confirmedTotalCents([{ totalCents: 500, orderConfirmed: false }])).toBe(0);
  });
});

describe(confirmationOf.name, () => {
  it.each([
    [[], 'none'],
    [[false, false], 'none'],
    [[true, false], 'some'],
    [[true, true], 'all'],
  ] as const)('%j → %s', (flags, expected) => {
    expect(confirmationOf(flags.map((orderConfirmed) => ({ orderConfirmed })))).toBe(expected);
  });
});

describe(statusAfterItems.name, () => {
  const confirmed = [{ orderConfirmed: true }, { orderConfirmed: false }];
  const none = [{ orderConfirmed: false }];
  it.each([
    ['a pending quote with a confirmed item becomes confirmed', 'pending', confirmed, 'confirmed'],
    ['a pending quote without one stays pending', 'pending', none, 'pending'],
    ['a confirmed quote without one returns to pending', 'confirmed', none, 'pending'],
    ['a confirmed quote without items returns to pending', 'confirmed', [], 'pending'],
    ['a confirmed quote with one stays confirmed', 'confirmed', confirmed, 'confirmed'],
    ['waiting is left alone', 'waiting', confirmed, 'waiting'],
    ['cancelled is left alone', 'cancelled', none, 'cancelled'],
    ['closed is left alone', 'closed', none, 'closed'],
  ] as const)('%s', (_case, status, items, expected) => {
    expect(statusAfterItems(status, items)).toBe(expected);
  });
});

describe(vatLabel.name, () => {
  it.each([
    [true, '22.00', 'IVA inclusa'],
    [true, null, 'IVA inclusa'],
    [false, '22.00', '+ IVA 22%'],
    [false, '10.50', '+ IVA 10,5%'],
    [false, '4', '+ IVA 4%'],
    [false, '0.00', '+ IVA 0%'],
    [null, '22.00', '+ IVA 22%'],
    [false, null, null],
  ])('includes VAT %j, rate %j → %j', (includes, rate, label) => {
    expect(vatLabel(includes, rate)).toBe(label);
  });
});

describe('times', () => {
  it.each([
    ['2026-07-15T09:30:00', true],
    ['2026-07-15T09:30', true],
    ['2026-07-15T09:30:00.000Z', true],
    ['2026-07-15T09:30:00+02:00', true],
    ['2026-07-15T24:00:00', false],
    ['2026-07-15T09:60:00', false],
    ['2026-02-30T09:00:00', false],
    ['2026-07-15', false],
    ['09:30', false],
    ['2026-07-15T09:30:00+25:00', false],
    ['', false],
  ])('%j is a date-time: %s', (value, valid) => {
    expect(isDateTime(value)).toBe(valid);
  });

  it.each([
    ['2026-07-15T09:30', '2026-07-15T09:30:00'],
    ['2026-07-15T09:30:15.250', '2026-07-15T09:30:15'],
    ['2026-07-15T07:30:00Z', '2026-07-15T09:30:00'],
    ['2026-01-15T07:30:00Z', '2026-01-15T08:30:00'],
    ['2026-07-15T23:30:00-01:00', '2026-07-16T02:30:00'],
  ])('%j on the Rome wall clock is %j', (value, wallClock) => {
    expect(toWallClock(value, 'Europe/Rome')).toBe(wallClock);
  });

  it.each([
    ['2026-07-15', '2026-07-15T09:45:00', '2026-07-15T09:45:00'],
    ['2026-07-15', null, '2026-07-15T12:00:00'],
    ['2026-07-15', '2026-07-14T18:05:59', '2026-07-15T18:05:00'],
  ])('the booking on %s starting %j is %s', (date, start, expected) => {
    expect(bookingDateTimeFor(date, start)).toBe(expected);
  });

  it('shows the service date and time the Italian way, noon without a time', () => {
    expect(formatServiceDateTime('2026-07-15', '2026-07-15T09:05:00')).toBe('15/07/2026 alle 09:05');
    expect(formatServiceDateTime('2026-07-15', null)).toBe('15/07/2026 alle 12:00');
  });
});

describe(quoteShortId.name, () => {
  it('is the last 6 characters of the id in upper case', () => {
    expect(quoteShortId('0b6f8a3e-1c2d-4e5f-8a9b-0c1d2e3fa4b5')).toBe('3FA4B5');
  });
});
