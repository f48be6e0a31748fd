import { formatQuoteNumber, lineFigures, minimumNote, proportionalShares, quoteFigures, vatByRate, vatGroupLabel } from './figures';

describe(lineFigures.name, () => {
  it.each([
    ['VAT excluded, 22 %', { totalCents: 10_000, priceIncludesVat: false, vatRate: '22.00' }, { netCents: 10_000, vatCents: 2200, grossCents: 12_200 }],
    ['VAT included, 22 %', { totalCents: 12_200, priceIncludesVat: true, vatRate: '22.00' }, { netCents: 10_000, vatCents: 2200, grossCents: 12_200 }],
    ['VAT included, rounded to the cent', { totalCents: 36_500, priceIncludesVat: true, vatRate: '22.00' }, { netCents: 29_918, vatCents: 6582, grossCents: 36_500 }],
    ['VAT excluded, 10 %, rounded half up', { totalCents: 1005, priceIncludesVat: false, vatRate: '10.00' }, { netCents: 1005, vatCents: 101, grossCents: 1106 }],
    ['VAT included, 4 %', { totalCents: 10_400, priceIncludesVat: true, vatRate: '4.00' }, { netCents: 10_000, vatCents: 400, grossCents: 10_400 }],
    ['a rate with decimals', { totalCents: 10_000, priceIncludesVat: false, vatRate: '5.50' }, { netCents: 10_000, vatCents: 550, grossCents: 10_550 }],
    ['no rate', { totalCents: 5000, priceIncludesVat: false, vatRate: null }, { netCents: 5000, vatCents: 0, grossCents: 5000 }],
    ['VAT included without a rate', { totalCents: 5000, priceIncludesVat: true, vatRate: null }, { netCents: 5000, vatCents: 0, grossCents: 5000 }],
    ['zero', { totalCents: 0, priceIncludesVat: false, vatRate: '22.00' }, { netCents: 0, vatCents: 0, grossCents: 0 }],
  ])('%s', (_what, line, expected) => {
    expect(lineFigures(line)).toEqual(expected);
  });
});

describe(vatByRate.name, () => {
  it('groups the lines by rate, highest first, whether a rate is written 22 or 22.00, no rate last', () => {
    expect(
      vatByRate(
        [
          { totalCents: 1000, priceIncludesVat: false, vatRate: '4.00' },
          { totalCents: 12_200, priceIncludesVat: true, vatRate: '22' },
          { totalCents: 10_000, priceIncludesVat: false, vatRate: '22.00' },
          { totalCents: 1100, priceIncludesVat: true, vatRate: '10.00' },
          { totalCents: 700, priceIncludesVat: false, vatRate: null },
        ],
        300,
      ),
    ).toEqual([
      { rate: '22.00', netCents: 20_000, vatCents: 4400, grossCents: 24_400 },
      { rate: '10.00', netCents: 1000, vatCents: 100, grossCents: 1100 },
      { rate: '4.00', netCents: 1000, vatCents: 40, grossCents: 1040 },
      { rate: null, netCents: 1000, vatCents: 0, grossCents: 1000 },
    ]);
  });

  it.each([
    ['22.00', 'IVA 22%'],
    ['5.50', 'IVA 5,5%'],
    ['0.00', 'IVA 0%'],
    [null, 'IVA non indicata'],
  ])('names the rate %s "%s"', (rate, label) => {
    expect(vatGroupLabel(rate)).toBe(label);
  });
});

describe(proportionalShares.name, () => {
  it.each([
    [-1000, [1, 1, 1], [-334, -333, -333]],
    [1, [50, 50], [1, 0]],
    [1000, [0, 0], [1000, 0]],
    [-7, [12_200, 1100, 1040], [-6, -1, 0]],
  ])('splits %d over %j into whole shares that add up', (cents, weights, shares) => {
    const result = proportionalShares(cents, weights);
    expect(result).toEqual(shares);
    expect(result.reduce((sum, share) => sum + share, 0)).toBe(cents);
  });
});

describe(quoteFigures.name, () => {
  const lines = [
    { totalCents: 36_500, priceIncludesVat: true, vatRate: '22.00', counted: true },
    { totalCents: 10_000, priceIncludesVat: false, vatRate: '10.00', counted: true },
    { totalCents: 5000, priceIncludesVat: false, vatRate: '4.00', counted: false },
  ];

  it('totals the counted lines gross with the consumptions, and splits VAT by rate', () => {
    const figures = quoteFigures({ lines, consumptionsCents: 2500, manualTotalCents: null });
    expect(figures.linesTotal).toEqual({ netCents: 39_918, vatCents: 7582, grossCents: 47_500 });
    expect(figures.lines[2]).toEqual({ netCents: 5000, vatCents: 200, grossCents: 5200 });
    expect(figures.byRate).toEqual([
      { rate: '22.00', netCents: 29_918, vatCents: 6582, grossCents: 36_500 },
      { rate: '10.00', netCents: 10_000, vatCents: 1000, grossCents: 11_000 },
      { rate: null, netCents: 2500, vatCents: 0, grossCents: 2500 },
    ]);
    expect(figures.total).toEqual({ netCents: 42_418, vatCents: 7582, grossCents: 50_000 });
    expect(figures.adjustmentCents).toBe(0);
    expect(figures.adjustmentLabel).toBeNull();
  });

  it('makes a manual total the gross total: the difference is a discount spread over the rates', () => {
    const figures = quoteFigures({ lines, consumptionsCents: 0, manualTotalCents: 45_000 });
    expect(figures.adjustmentCents).toBe(-2500);
    expect(figures.adjustmentLabel).toBe('Sconto');
    expect(figures.total.grossCents).toBe(45_000);
    expect(figures.byRate.reduce((sum, group) => sum + group.grossCents, 0)).toBe(45_000);
    expect(figures.byRate.map((group) => group.rate)).toEqual(['22.00', '10.00']);
    // 36 500 / 47 500 of the 25 € discount goes to the 22 % lines
    expect(figures.byRate[0]).toEqual({ rate: '22.00', netCents: 28_343, vatCents: 6236, grossCents: 34_579 });
  });

  it('names a total raised by hand a rounding', () => {
    const figures = quoteFigures({ lines, consumptionsCents: 0, manualTotalCents: 47_503 });
    expect(figures.adjustmentCents).toBe(3);
    expect(figures.adjustmentLabel).toBe('Arrotondamento');
    expect(figures.total.grossCents).toBe(47_503);
  });

  it('charges a manual total on a quote without lines as "IVA non indicata"', () => {
    const figures = quoteFigures({ lines: [], consumptionsCents: 0, manualTotalCents: 15_000 });
    expect(figures.byRate).toEqual([{ rate: null, netCents: 15_000, vatCents: 0, grossCents: 15_000 }]);
    expect(figures.total.grossCents).toBe(15_000);
  });

  it('is all zero without lines, consumptions or a manual total', () => {
    expect(quoteFigures({ lines: [], consumptionsCents: 0, manualTotalCents: null }).total).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
  });
});

describe(minimumNote.name, () => {
  it.each([
    [2, 4, 'minimo 4 partecipanti: addebitati 4'],
    [4, 4, null],
    [6, 4, null],
    [2, null, null],
  ])('%d participants with a minimum of %s: %s', (participants, minimum, note) => {
    expect(minimumNote(participants, minimum)).toBe(note);
  });
});

describe(formatQuoteNumber.name, () => {
  it.each([
    [2026, 1, '2026/0001'],
    [2026, 42, '2026/0042'],
    [2027, 12_345, '2027/12345'],
  ])('%d, %d → %s', (year, sequence, number) => {
    expect(formatQuoteNumber(year, sequence)).toBe(number);
  });
});
