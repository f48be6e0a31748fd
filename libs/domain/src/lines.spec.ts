import type { PricedPeriod } from './price';
import { countsInTotal, confirmedTotalCents, optionalTotalCents, priceLine, quoteTotalCents, type PriceListReduction } from './quotes';

/** € 50 per person, cost € 30 per person + € 100 per booking, 1 free every 20 paying. */
const tour: PricedPeriod = {
  startDate: '2026-06-01',
  endDate: '2026-09-30',
  hasCostPerPerson: true,
  costPerPerson: '50.00',
  hasFlatRate: false,
  flatRate: null,
  supplierCostPerPerson: '30.00',
  supplierCostPerBooking: '100.00',
  freePlacesEvery: 20,
  freePlacesCount: 1,
};
const booking = (quantity: number, orderConfirmed = false, confirmedParticipants = 0) => ({ quantity, orderConfirmed, confirmedParticipants });
const markup = (markupPercentage: string | null, overrides: Partial<PriceListReduction> = {}): PriceListReduction => ({
  isActive: true,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  reductionAmount: null,
  reductionPercentage: null,
  markupPercentage,
  ...overrides,
});

describe(priceLine.name, () => {
  it.each([
    ['20 participants all pay', booking(20), { cents: 100_000, freePlaces: 0, payingParticipants: 20, costCents: 70_000 }],
    ['21 participants: 20 paying + 1 free', booking(21), { cents: 100_000, freePlaces: 1, payingParticipants: 20, costCents: 73_000 }],
    ['confirmed participants count, not the quantity', booking(5, true, 42), { cents: 200_000, freePlaces: 2, payingParticipants: 40, costCents: 136_000 }],
    ['a small group', booking(3), { cents: 15_000, freePlaces: 0, payingParticipants: 3, costCents: 19_000 }],
  ])('%s', (_case, item, expected) => {
    expect(priceLine([tour], '2026-07-15', item)).toMatchObject({ ...expected, available: true, priceListApplied: false, markupApplied: false });
  });

  it('a minimum applies to the paying participants', () => {
    const withMinimum = { ...tour, hasMinParticipants: true, minParticipants: 25 };
    expect(priceLine([withMinimum], '2026-07-15', booking(21)).cents).toBe(125_000);
  });

  it('a period without cost or free places prices as before: cost unknown, everyone pays', () => {
    const plain = { ...tour, supplierCostPerPerson: null, supplierCostPerBooking: null, freePlacesEvery: null, freePlacesCount: null };
    expect(priceLine([plain], '2026-07-15', booking(21))).toMatchObject({ cents: 105_000, freePlaces: 0, payingParticipants: 21, costCents: null, automaticCostCents: null });
  });

  it.each([
    ['the period cost marked up 25%', booking(3), markup('25.00'), null, { cents: 23_750, priceListApplied: true, markupApplied: true, costCents: 19_000 }],
    ['a cost set by hand marked up', booking(3), markup('10.00'), 20_000, { cents: 22_000, markupApplied: true, costCents: 20_000, automaticCostCents: 19_000 }],
    ['an inactive markup list does nothing', booking(3), markup('25.00', { isActive: false }), null, { cents: 15_000, priceListApplied: false, markupApplied: false }],
    ['a reduction list still reduces', booking(3), markup(null, { reductionPercentage: '10.00' }), null, { cents: 13_500, priceListApplied: true, markupApplied: false }],
  ])('%s', (_case, item, list, manualCost, expected) => {
    expect(priceLine([tour], '2026-07-15', item, list, manualCost)).toMatchObject(expected);
  });

  it('a markup prices a period that only sets a cost; without a cost the line stays unpriced', () => {
    const costOnly: PricedPeriod = { ...tour, hasCostPerPerson: false, costPerPerson: null };
    expect(priceLine([costOnly], '2026-07-15', booking(2), markup('50.00'))).toMatchObject({ cents: 24_000, available: true, markupApplied: true });
    expect(priceLine([costOnly], '2026-07-15', booking(2))).toMatchObject({ cents: 0, available: false, costCents: 16_000 });
    const nothing: PricedPeriod = { ...costOnly, supplierCostPerPerson: null, supplierCostPerBooking: null };
    expect(priceLine([nothing], '2026-07-15', booking(2), markup('50.00'))).toMatchObject({ cents: 0, available: false, priceListApplied: false });
  });

  it('no period on the date: no price, no cost, no free places', () => {
    expect(priceLine([tour], '2026-12-01', booking(21))).toMatchObject({ cents: 0, available: false, costCents: null, freePlaces: 0, payingParticipants: 21 });
  });
});

describe('optional lines', () => {
  const lines = [
    { totalCents: 10_000, orderConfirmed: true },
    { totalCents: 5_000, orderConfirmed: false },
    { totalCents: 2_000, orderConfirmed: true, optional: true },
    { totalCents: 1_000, orderConfirmed: false, optional: true },
  ];

  it.each([
    ['pending: every line but the optional ones', 'pending', 15_000],
    ['confirmed: the confirmed lines but the optional ones', 'confirmed', 10_000],
  ] as const)('%s', (_case, status, total) => {
    expect(quoteTotalCents(lines, status)).toBe(total);
  });

  it('leaves optional lines out of the confirmed total and adds them up apart', () => {
    expect(confirmedTotalCents(lines)).toBe(10_000);
    expect(optionalTotalCents(lines)).toBe(3_000);
  });

  it.each([
    [{ orderConfirmed: false }, 'pending', true],
    [{ orderConfirmed: false, optional: true }, 'pending', false],
    [{ orderConfirmed: true, optional: true }, 'confirmed', false],
    [{ orderConfirmed: false }, 'confirmed', false],
    [{ orderConfirmed: true }, 'confirmed', true],
  ] as const)('%j on a %s quote counts: %s', (line, status, counted) => {
    expect(countsInTotal(line, status)).toBe(counted);
  });
});
