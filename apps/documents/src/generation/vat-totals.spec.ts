import { taxesOf, totalsOf } from './vat-totals';

describe(taxesOf.name, () => {
  it.each([
    ['VAT excluded, 22 %', { totalCents: 10_000, priceIncludesVat: false, vatRate: '22.00' }, { taxableCents: 10_000, vatCents: 2200, totalCents: 12_200 }],
    ['VAT included, 22 %', { totalCents: 12_200, priceIncludesVat: true, vatRate: '22.00' }, { taxableCents: 10_000, vatCents: 2200, totalCents: 12_200 }],
    ['VAT included, rounded to the cent', { totalCents: 36_500, priceIncludesVat: true, vatRate: '22.00' }, { taxableCents: 29_918, vatCents: 6582, totalCents: 36_500 }],
    ['VAT excluded, 10 %, rounded half up', { totalCents: 1005, priceIncludesVat: false, vatRate: '10.00' }, { taxableCents: 1005, vatCents: 101, totalCents: 1106 }],
    ['a rate with decimals', { totalCents: 10_000, priceIncludesVat: false, vatRate: '5.50' }, { taxableCents: 10_000, vatCents: 550, totalCents: 10_550 }],
    ['no rate', { totalCents: 5000, priceIncludesVat: false, vatRate: null }, { taxableCents: 5000, vatCents: 0, totalCents: 5000 }],
    ['VAT included without a rate', { totalCents: 5000, priceIncludesVat: true, vatRate: null }, { taxableCents: 5000, vatCents: 0, totalCents: 5000 }],
    ['zero', { totalCents: 0, priceIncludesVat: false, vatRate: '22.00' }, { taxableCents: 0, vatCents: 0, totalCents: 0 }],
  ])('%s', (_what, line, expected) => {
    expect(taxesOf(line)).toEqual(expected);
  });
});

describe(totalsOf.name, () => {
  it('adds the lines split one by one, VAT included and excluded mixed', () => {
    expect(
      totalsOf([
        { totalCents: 36_500, priceIncludesVat: true, vatRate: '22.00' },
        { totalCents: 10_000, priceIncludesVat: false, vatRate: '22.00' },
        { totalCents: 1005, priceIncludesVat: false, vatRate: '10.00' },
      ]),
    ).toEqual({ taxableCents: 29_918 + 10_000 + 1005, vatCents: 6582 + 2200 + 101, totalCents: 36_500 + 12_200 + 1106 });
  });

  it('is all zero without lines', () => {
    expect(totalsOf([])).toEqual({ taxableCents: 0, vatCents: 0, totalCents: 0 });
  });
});
