import { type FiguredItem, figuresOfQuote } from './quote-figures';

/** 100.00 + 22 % VAT (122.00 gross), and 110.00 with 10 % VAT included (100.00 net). */
const EXCLUDED: FiguredItem = { totalCents: 10_000, priceIncludesVat: false, vatRate: '22.00', orderConfirmed: true };
const INCLUDED: FiguredItem = { totalCents: 11_000, priceIncludesVat: true, vatRate: '10.00', orderConfirmed: false };

describe(figuresOfQuote.name, () => {
  it('adds the items gross, VAT-inclusive and exclusive alike, and the consumptions', () => {
    const figures = figuresOfQuote({ status: 'pending', items: [EXCLUDED, INCLUDED], consumptionsCents: 500, manualTotalCents: null });
    expect(figures).toEqual({
      total: { netCents: 20_500, vatCents: 3_200, grossCents: 23_700 },
      automaticGrossCents: 23_700,
      confirmedGrossCents: 12_700,
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
});
