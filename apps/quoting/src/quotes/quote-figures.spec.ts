import { type FiguredItem, figuresOfQuote } from './quote-figures';

/** 100.00 + 22 % VAT (122.00 gross), and 110.00 with 10 % VAT included (100.00 net). */
const EXCLUDED: FiguredItem = { totalCents: 10_000, priceIncludesVat: false, vatRate: '22.00', orderConfirmed: true, optional: false, costCents: null };
const INCLUDED: FiguredItem = { totalCents: 11_000, priceIncludesVat: true, vatRate: '10.00', orderConfirmed: false, optional: false, costCents: null };

describe(figuresOfQuote.name, () => {
  it('adds the items gross, VAT-inclusive and exclusive alike, and the consumptions', () => {
    const figures = figuresOfQuote({ status: 'pending', items: [EXCLUDED, INCLUDED], consumptionsCents: 500, manualTotalCents: null });
    expect(figures).toEqual({
      total: { netCents: 20_500, vatCents: 3_200, grossCents: 23_700 },
      automaticGrossCents: 23_700,
      confirmedGrossCents: 12_700,
      costCents: null,
      marginCents: null,
      optionalGrossCents: 0,
    });
  });

  it('counts only the confirmed items of a confirmed quote', () => {
    const figures = figuresOfQuote({ status: 'confirmed', items: [EXCLUDED, INCLUDED], consumptionsCents: 0, manualTotalCents: null });
    expect(figures.total).toEqual({ netCents: 10_000, vatCents: 2_200, grossCents: 12_200 });
    expect(figures.confirmedGrossCents).toBe(12_200);
  });

  it('makes a total set by hand the gross total, its net and VAT following, the automatic figure kept beside it', () => {
    const figures = figuresOfQuote({ status: 'pending', items: [EXCLUDED, INCLUDED], consumptionsCents: 0, manualTotalCents: 20_000 });
    expect(figures.total.grossCents).toBe(20_000);
    expect(figures.total.netCents + figures.total.vatCents).toBe(20_000);
    expect(figures.automaticGrossCents).toBe(23_200);
  });

  it('leaves an optional line out of every total and adds its gross apart', () => {
    const optional = { ...INCLUDED, optional: true, orderConfirmed: true };
    const figures = figuresOfQuote({ status: 'pending', items: [EXCLUDED, optional], consumptionsCents: 0, manualTotalCents: null });
    expect(figures.total).toEqual({ netCents: 10_000, vatCents: 2_200, grossCents: 12_200 });
    expect(figures.confirmedGrossCents).toBe(12_200);
    expect(figures.optionalGrossCents).toBe(11_000);
  });

  it.each([
    ['costs of the counted lines, margin on the net total', 'pending', [{ ...EXCLUDED, costCents: 6_000 }, { ...INCLUDED, costCents: 8_000 }], 14_000, 6_000],
    ['a line without a cost adds none', 'pending', [{ ...EXCLUDED, costCents: 6_000 }, INCLUDED], 6_000, 14_000],
    ['no line with a cost: unknown', 'pending', [EXCLUDED, INCLUDED], null, null],
    ['a confirmed quote counts the costs of its confirmed lines', 'confirmed', [{ ...EXCLUDED, costCents: 6_000 }, { ...INCLUDED, costCents: 8_000 }], 6_000, 4_000],
    ['an optional line costs nothing to the quote', 'pending', [{ ...EXCLUDED, costCents: 6_000 }, { ...INCLUDED, costCents: 8_000, optional: true }], 6_000, 4_000],
  ] as const)('%s', (_case, status, items, cost, margin) => {
    const figures = figuresOfQuote({ status, items, consumptionsCents: 0, manualTotalCents: null });
    expect(figures.costCents).toBe(cost);
    expect(figures.marginCents).toBe(margin);
  });
});
