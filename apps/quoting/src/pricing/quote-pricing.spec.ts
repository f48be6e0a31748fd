import type { AvailabilityView, QuotePricingData } from '@quotebook/contracts';
import { acceptancePeriod } from '@quotebook/domain/testing';
import type { ItemRow, QuoteFields } from '../quotes/quote-rows';
import { type ItemDraft, pricedQuote, priceQuote, type QuotePricing } from './quote-pricing';

/** The acceptance product's period: 4 people cost 365.00, 12 cost 415.00. */
const PERIOD: AvailabilityView = { id: 'period', productId: 'tour', ...acceptancePeriod(2030), priceIncludesVat: false };

const catalogue = (overrides: Partial<QuotePricingData> = {}): QuotePricingData => ({
  products: [{ id: 'tour', code: 'TOUR01', titleIt: 'Tour del lago', vatRate: '22.00', period: PERIOD }],
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
  description: null,
  wasConfirmed: false,
  field: 'items[0].productId',
  stored: null,
  ...overrides,
});

describe(priceQuote.name, () => {
  it('prices an item from the period of the service date, described by the Italian title', () => {
    const { pricing, problems } = priceQuote([draft()], catalogue(), '2030-07-15', null);
    expect(problems).toEqual([]);
    expect(pricing.items).toEqual([
      expect.objectContaining({ productCode: 'TOUR01', description: 'Tour del lago', unitCents: 2500, totalCents: 36500, computedCents: 36500, priceSource: 'auto', vatRate: '22.00' }),
    ]);
    expect(pricing).toMatchObject({ customerName: 'Scuola Dante', priceList: null });
  });

  it('keeps the prices stored for an item whose product the catalogue no longer has, with its new booking', () => {
    const stored = { id: 'item', product_id: 'gone', product_code: 'GONE01', description: 'Vecchio', unit_price: '10.00', total_price: '50.00', computed_price: '40.00', price_source: 'manual', price_includes_vat: true, vat_rate: null, price_list_applied: false } as ItemRow;
    const { pricing, problems } = priceQuote([draft({ id: 'item', productId: 'gone', field: null, stored, quantity: 6, description: 'Vecchio' })], catalogue(), '2030-07-15', null);
    expect(problems).toEqual([]);
    expect(pricing.items).toEqual([expect.objectContaining({ id: 'item', productCode: 'GONE01', quantity: 6, totalCents: 5000, computedCents: 4000, priceSource: 'manual' })]);
  });

  it('names each product and the customer the catalogue does not know', () => {
    const { problems } = priceQuote([draft({ productId: 'unknown' }), draft({ productId: 'tour', field: 'items[1].productId' })], catalogue({ customer: null }), '2030-07-15', 'customerId');
    expect(problems).toEqual(['customerId must be a customer of this tenant', 'items[0].productId must be a product of this tenant']);
  });

  it('refuses a price beyond what a money column holds, naming the item', () => {
    const costly = { ...PERIOD, costPerPerson: '99999999.00' };
    const { problems } = priceQuote([draft()], catalogue({ products: [{ id: 'tour', code: 'TOUR01', titleIt: null, vatRate: null, period: costly }] }), '2030-07-15', null);
    expect(problems).toEqual(['items[0].totalPrice would be more than 99999999.99']);
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
    expect(pricedQuote(quote, pricing(true), { itemsChanged: true, customerField: null, totalByHand: null })).toMatchObject({
      status: 'confirmed',
      booking_date_time: '2030-07-15T12:00:00',
      total_amount: '415.00',
      customer_name: 'Scuola Dante',
    });
    expect(pricedQuote(quote, pricing(true), { itemsChanged: false, customerField: null, totalByHand: null })).toMatchObject({ status: 'pending', booking_date_time: null });
  });

  it('keeps a total set by hand', () => {
    expect(pricedQuote(quote, pricing(false), { itemsChanged: false, customerField: null, totalByHand: 12345 })).toMatchObject({ total_amount: '123.45' });
  });
});
