import type { AvailabilityView, PriceListView, QuotePricingData } from '@quotebook/contracts';
import { acceptancePeriod } from '@quotebook/domain/testing';
import type { ItemRow, QuoteFields } from '../quotes/quote-rows';
import { type ItemDraft, pricedQuote, priceQuote, type QuotePricing } from './quote-pricing';

/** The acceptance product's period: 4 people cost 365.00, 12 cost 415.00. */
const PERIOD: AvailabilityView = {
  id: 'period',
  productId: 'tour',
  ...acceptancePeriod(2030),
  priceIncludesVat: false,
  supplierCostPerPerson: null,
  supplierCostPerBooking: null,
  freePlacesEvery: null,
  freePlacesCount: null,
};

const catalogue = (overrides: Partial<QuotePricingData> = {}): QuotePricingData => ({
  products: [{ id: 'tour', code: 'TOUR01', titleIt: 'Tour del lago', shortDescriptionIt: '<p>Giro del lago <b>in battello</b>,&nbsp;pranzo incluso</p>', vatRate: '22.00', period: PERIOD }],
  customer: { id: 'customer', name: 'Scuola Dante', priceList: null },
  ...overrides,
});

const draft = (overrides: Partial<ItemDraft> = {}): ItemDraft => ({
  id: null,
  productId: 'tour',
  quantity: 4,
  orderConfirmed: false,
  confirmedParticipants: 0,
  manualCents: null,
  givenUnitCents: null,
  manualCostCents: null,
  optional: false,
  description: null,
  wasConfirmed: false,
  field: 'items[0].productId',
  stored: null,
  ...overrides,
});

describe(priceQuote.name, () => {
  /** € 25 per person, € 100 flat, € 15 additional, minimum 10; cost € 15 per person + € 40 per booking; 1 free every 20 paying */
  const COSTED: AvailabilityView = { ...PERIOD, supplierCostPerPerson: '15.00', supplierCostPerBooking: '40.00', freePlacesEvery: 20, freePlacesCount: 1 };
  const costed = (priceList: PriceListView | null = null) =>
    catalogue({
      products: [{ id: 'tour', code: 'TOUR01', titleIt: 'Tour', shortDescriptionIt: null, vatRate: '22.00', period: COSTED }],
      customer: { id: 'customer', name: 'Scuola Dante', priceList },
    });

  it('keeps the period cost of the participants, the free places, and charges the paying ones', () => {
    const { pricing } = priceQuote([draft({ quantity: 21 })], costed(), '2030-07-15', null);
    // 21 = 20 paying + 1 free: 25 × 20 + 100 + 15; cost 15 × 21 + 40
    expect(pricing.items[0]).toMatchObject({ totalCents: 61_500, freePlaces: 1, chargedParticipants: 20, costCents: 35_500, costSource: 'auto', optional: false });
  });

  it('keeps a cost set by hand, and an optional line as optional', () => {
    const { pricing } = priceQuote([draft({ quantity: 21, manualCostCents: 30_000, optional: true })], costed(), '2030-07-15', null);
    expect(pricing.items[0]).toMatchObject({ totalCents: 61_500, costCents: 30_000, costSource: 'manual', optional: true });
  });

  it("prices at cost marked up when the customer's price list sets a markup", () => {
    const list = { id: 'list', name: 'Ricarico', startDate: '2030-01-01', endDate: '2030-12-31', reductionAmount: null, reductionPercentage: null, markupPercentage: '50.00', isActive: true, createdAt: '' };
    const { pricing } = priceQuote([draft({ quantity: 4 })], costed(list), '2030-07-15', null);
    // cost 15 × 4 + 40 = 100.00, marked up 50 %
    expect(pricing.items[0]).toMatchObject({ totalCents: 15_000, computedCents: 15_000, priceListApplied: true, unitCents: 3_750, costCents: 10_000, listCents: 36_500 });
    expect(pricing.priceList).toEqual({ id: 'list', name: 'Ricarico' });
  });

  it('refuses a cost beyond what a money column holds, naming the item', () => {
    const { problems } = priceQuote([draft({ manualCostCents: 10_000_000_000 })], costed(), '2030-07-15', null);
    expect(problems).toEqual(['items[0].cost would be more than 99999999.99']);
  });

  it('prices an item from the period of the service date, described by the Italian title', () => {
    const { pricing, problems } = priceQuote([draft()], catalogue(), '2030-07-15', null);
    expect(problems).toEqual([]);
    expect(pricing.items).toEqual([
      expect.objectContaining({ productCode: 'TOUR01', description: 'Tour del lago', unitCents: 2500, totalCents: 36500, computedCents: 36500, priceSource: 'auto', vatRate: '22.00' }),
    ]);
    expect(pricing).toMatchObject({ customerName: 'Scuola Dante', priceList: null });
  });

  it('keeps the prices stored for an item whose product the catalogue no longer has, with its new booking', () => {
    const stored = { id: 'item', product_id: 'gone', product_code: 'GONE01', description: 'Vecchio', unit_price: '10.00', total_price: '50.00', computed_price: '40.00', price_source: 'manual', price_includes_vat: true, vat_rate: null, price_list_applied: false, available: true, list_price: null, min_participants: null, charged_participants: 5, catalogue_description: 'Il vecchio giro' } as ItemRow;
    const { pricing, problems } = priceQuote([draft({ id: 'item', productId: 'gone', field: null, stored, quantity: 6, description: 'Vecchio' })], catalogue(), '2030-07-15', null);
    expect(problems).toEqual([]);
    expect(pricing.items).toEqual([expect.objectContaining({ id: 'item', productCode: 'GONE01', quantity: 6, totalCents: 5000, computedCents: 4000, priceSource: 'manual', catalogueDescription: 'Il vecchio giro' })]);
  });

  it('names each product and the customer the catalogue does not know', () => {
    const { problems } = priceQuote([draft({ productId: 'unknown' }), draft({ productId: 'tour', field: 'items[1].productId' })], catalogue({ customer: null }), '2030-07-15', 'customerId');
    expect(problems).toEqual(['customerId must be a customer of this tenant', 'items[0].productId must be a product of this tenant']);
  });

  it('refuses a price beyond what a money column holds, naming the item', () => {
    const costly = { ...PERIOD, costPerPerson: '99999999.00' };
    const { problems } = priceQuote([draft()], catalogue({ products: [{ id: 'tour', code: 'TOUR01', titleIt: null, shortDescriptionIt: null, vatRate: null, period: costly }] }), '2030-07-15', null);
    expect(problems).toEqual(['items[0].totalPrice would be more than 99999999.99']);
  });

  it("keeps why an item costs what it costs: the period's minimum, the participants charged, the catalogue's description as text", () => {
    const { pricing } = priceQuote([draft({ quantity: 4 })], catalogue(), '2030-07-15', null);
    expect(pricing.items[0]).toMatchObject({ available: true, minParticipants: 10, chargedParticipants: 10, listCents: null, catalogueDescription: 'Giro del lago in battello, pranzo incluso' });
  });

  it('marks an item whose product has no period on the service date as not available (still priced 0)', () => {
    const { pricing } = priceQuote([draft({ quantity: 4 })], catalogue(), '2030-11-15', null);
    expect(pricing.items[0]).toMatchObject({ available: false, totalCents: 0, minParticipants: null, chargedParticipants: 4 });
  });

  it("keeps the automatic price before the price list's reductions when they applied", () => {
    const priceList = { id: 'list', name: 'Scuole', startDate: '2030-01-01', endDate: '2030-12-31', reductionPercentage: '10.00', reductionAmount: '5.00', isActive: true };
    const { pricing } = priceQuote([draft()], catalogue({ customer: { id: 'customer', name: 'Scuola Dante', priceList } as QuotePricingData['customer'] }), '2030-07-15', null);
    expect(pricing.items[0]).toMatchObject({ priceListApplied: true, totalCents: 32350, listCents: 36500 });
  });

  describe('order confirmation', () => {
    it('fills the confirmed participants of an item confirmed now with none with the participants requested', () => {
      const { pricing } = priceQuote([draft({ quantity: 12, orderConfirmed: true, confirmedParticipants: 0 })], catalogue(), '2030-07-15', null);
      expect(pricing.items[0]).toMatchObject({ orderConfirmed: true, confirmedParticipants: 12, totalCents: 41500, newlyConfirmed: true });
    });

    it('keeps the confirmed participants given, and 0 on an item confirmed before', () => {
      const given = priceQuote([draft({ quantity: 12, orderConfirmed: true, confirmedParticipants: 11 })], catalogue(), '2030-07-15', null);
      expect(given.pricing.items[0]).toMatchObject({ confirmedParticipants: 11 });
      const before = priceQuote([draft({ quantity: 12, orderConfirmed: true, confirmedParticipants: 0, wasConfirmed: true })], catalogue(), '2030-07-15', null);
      expect(before.pricing.items[0]).toMatchObject({ confirmedParticipants: 0, newlyConfirmed: false });
    });
  });
});

describe(pricedQuote.name, () => {
  const quote = { status: 'pending', service_date: '2030-07-15', service_start_time: null, booking_date_time: null, customer_name: 'Prima' } as QuoteFields;
  const pricing = (confirmed: boolean): QuotePricing => ({
    items: [{ ...priceQuote([draft({ orderConfirmed: confirmed, confirmedParticipants: 12 })], catalogue(), '2030-07-15', null).pricing.items[0] }],
    customerName: 'Scuola Dante',
    priceList: null,
  });

  it('applies the status rule and books the quote only when its items changed', () => {
    expect(pricedQuote(quote, pricing(true), { itemsChanged: true, customerField: null })).toMatchObject({
      status: 'confirmed',
      booking_date_time: '2030-07-15T12:00:00',
      customer_name: 'Scuola Dante',
    });
    expect(pricedQuote(quote, pricing(true), { itemsChanged: false, customerField: null })).toMatchObject({ status: 'pending', booking_date_time: null });
  });
});
