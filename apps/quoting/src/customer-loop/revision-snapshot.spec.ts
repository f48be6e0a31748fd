import type { CustomerView, QuoteDetailView, QuoteItemView, RevisionItemView, TenantView } from '@quotebook/contracts';
import { buildRevisionSnapshot, offeredOptionalLines, optionalTotalOf, publicAgencyOf, publicItemOf, revisionItem } from './revision-snapshot';

const item = (overrides: Partial<QuoteItemView>): QuoteItemView => ({
  id: 'i1',
  quoteId: 'q1',
  productId: 'p1',
  productCode: 'ABC123',
  description: 'Tour del lago',
  quantity: 4,
  unitPrice: '25.00',
  totalPrice: '122.00',
  computedPrice: '122.00',
  priceSource: 'auto',
  orderConfirmed: false,
  confirmedParticipants: 0,
  priceIncludesVat: true,
  vatRate: '22.00',
  vatLabel: 'IVA inclusa',
  priceListApplied: false,
  listPrice: null,
  availableOnServiceDate: true,
  minParticipants: null,
  chargedParticipants: 4,
  catalogueDescription: 'Giro in battello',
  netPrice: '100.00',
  vatAmount: '22.00',
  grossPrice: '122.00',
  optional: false,
  cost: null,
  costSource: 'auto',
  freePlaces: 0,
  payingParticipants: 4,
  pricePerPerson: '30.50',
  margin: null,
  marginPercent: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const quote = (overrides: Partial<QuoteDetailView> = {}): QuoteDetailView =>
  ({
    id: '00000000-0000-4000-8000-00000000abcd',
    shortId: '00ABCD',
    number: '2030/0001',
    customerId: 'c1',
    customerName: 'Rossi SRL',
    subject: 'Gita',
    serviceDate: '2030-07-15',
    expiryDate: '2030-07-01',
    status: 'pending',
    totalAmount: '232.00',
    totalSetByHand: false,
    items: [
      item({}),
      item({ id: 'i2', productId: 'p2', description: 'Pranzo', totalPrice: '100.00', priceIncludesVat: false, vatRate: '10.00', netPrice: '100.00', vatAmount: '10.00', grossPrice: '110.00', chargedParticipants: 10, minParticipants: 10, quantity: 4, catalogueDescription: null }),
    ],
    consumptions: [],
    ...overrides,
  }) as unknown as QuoteDetailView;

const customer = { id: 'c1', title: 'Spett.le', name: 'Rossi SRL', email: 'info@rossi.test', address: 'Via Roma 1', city: 'Como', postalCode: '22100', country: 'Italia', language: 'en' } as CustomerView;
const agency = { name: 'Sole Viaggi', companyName: 'Sole Viaggi SRL', logoUrl: '/uploads/logos/x.png', referenceEmail: 'info@sole.test', phone: null, mobile: '333', address: 'Piazza 2', postalCode: '22100', city: 'Como', country: 'Italia', vatNumber: 'IT123', website: null } as TenantView;

describe('buildRevisionSnapshot', () => {
  const texts = [{ id: 'p1', title: 'Lake tour', shortDescription: 'A boat trip' }, { id: 'p2', title: null, shortDescription: null }];

  it('freezes the items with their texts in the language, the Italian ones where a translation is missing', () => {
    const sut = buildRevisionSnapshot({ quote: quote(), customer, agency, texts, language: 'en', templates: [] });
    expect(sut.items.map((line) => [line.title, line.description])).toEqual([
      ['Lake tour', 'A boat trip'],
      ['Pranzo', null],
    ]);
  });

  it('keeps the quote’s own Italian descriptions for an Italian revision', () => {
    const sut = buildRevisionSnapshot({ quote: quote(), customer, agency, texts: [{ id: 'p1', title: 'Tour (catalogo)', shortDescription: null }], language: 'it', templates: [] });
    expect(sut.items[0].title).toBe('Tour del lago');
    expect(sut.items[0].description).toBe('Giro in battello');
  });

  it('prices each line per person charged, VAT included', () => {
    const sut = buildRevisionSnapshot({ quote: quote(), customer, agency, texts, language: 'en', templates: [] });
    expect(sut.items.map((line) => line.unitPrice)).toEqual(['30.50', '11.00']);
  });

  it('works out the VAT by rate and the totals with the documents’ engine', () => {
    const sut = buildRevisionSnapshot({ quote: quote(), customer, agency, texts, language: 'en', templates: [] });
    expect(sut.vatSummary).toEqual([
      { rate: '22.00', label: 'IVA 22%', net: '100.00', vat: '22.00', gross: '122.00' },
      { rate: '10.00', label: 'IVA 10%', net: '100.00', vat: '10.00', gross: '110.00' },
    ]);
    expect(sut.totals).toEqual({ net: '200.00', vat: '32.00', gross: '232.00', adjustment: null, consumptions: '0.00' });
  });

  it('counts only the order-confirmed lines of a confirmed quote, and shows a total set by hand as an adjustment', () => {
    const confirmed = quote({ status: 'confirmed', totalSetByHand: true, totalAmount: '120.00' });
    confirmed.items[0] = { ...confirmed.items[0], orderConfirmed: true };
    const sut = buildRevisionSnapshot({ quote: confirmed, customer, agency, texts, language: 'en', templates: [] });
    expect(sut.totals.gross).toBe('120.00');
    expect(sut.totals.adjustment).toBe('-2.00');
  });

  it('keeps the printable customer fields and the agency’s public details, nothing else', () => {
    const sut = buildRevisionSnapshot({ quote: quote(), customer, agency, texts, language: 'en', templates: [{ templateType: 'terms', title: 'Terms', content: '<p>Hi</p>' }] });
    expect(sut.customer).toEqual({ name: 'Rossi SRL', title: 'Spett.le', address: 'Via Roma 1', city: 'Como', postalCode: '22100', country: 'Italia' });
    expect(JSON.stringify(sut.customer)).not.toContain('info@rossi.test');
    expect(sut.agency).toEqual(publicAgencyOf(agency));
    expect(sut.agency).toEqual({ name: 'Sole Viaggi SRL', logoUrl: '/uploads/logos/x.png', email: 'info@sole.test', phone: '333', address: 'Piazza 2, 22100 Como, Italia', vatNumber: 'IT123', website: null });
    expect(sut.templates).toEqual([{ templateType: 'terms', title: 'Terms', content: '<p>Hi</p>' }]);
    expect(sut.quote).toMatchObject({ shortId: '00ABCD', number: '2030/0001', serviceDate: '2030-07-15', expiryDate: '2030-07-01' });
  });

  it('names the customer by the quote when the catalogue no longer has it', () => {
    const sut = buildRevisionSnapshot({ quote: quote(), customer: null, agency, texts, language: 'it', templates: [] });
    expect(sut.customer.name).toBe('Rossi SRL');
  });
});

describe('what a revision freezes of optional lines, free places, the deposit and costs', () => {
  const texts = [{ id: 'p1', title: 'Lake tour', shortDescription: null }];
  const offer = () =>
    quote({
      depositKind: 'percent',
      depositValue: '30.00',
      depositAmount: '36.60',
      balanceAmount: '85.40',
      balanceDueDate: '2030-06-15',
      items: [
        item({ freePlaces: 1, quantity: 21, chargedParticipants: 20, cost: '1234.56', margin: '-1134.56', marginPercent: '-1134.56' }),
        item({ id: 'i2', productId: 'p2', description: 'Pranzo', optional: true, totalPrice: '100.00', priceIncludesVat: false, vatRate: '10.00', netPrice: '100.00', vatAmount: '10.00', grossPrice: '110.00', cost: '77.77', margin: '22.23' }),
      ],
    } as Partial<QuoteDetailView>);

  it('leaves an optional line out of the totals and the VAT summary, and marks it for the customer to choose', () => {
    const sut = buildRevisionSnapshot({ quote: offer(), customer, agency, texts, language: 'en', templates: [] });
    expect(sut.totals).toEqual({ net: '100.00', vat: '22.00', gross: '122.00', adjustment: null, consumptions: '0.00' });
    expect(sut.vatSummary.map((group) => group.rate)).toEqual(['22.00']);
    expect(sut.items.map((line) => [line.itemId, line.optional, line.freePlaces])).toEqual([
      ['i1', false, 1],
      ['i2', true, 0],
    ]);
    expect(optionalTotalOf(sut.items)).toBe('110.00');
    expect(offeredOptionalLines(sut)).toEqual([{ itemId: 'i2', title: 'Pranzo', grossPrice: '110.00' }]);
  });

  it('freezes the deposit and the balance the quote asks, and none when it asks no deposit', () => {
    expect(buildRevisionSnapshot({ quote: offer(), customer, agency, texts, language: 'en', templates: [] }).schedule).toEqual({
      depositKind: 'percent',
      depositValue: '30.00',
      depositAmount: '36.60',
      balanceAmount: '85.40',
      balanceDueDate: '2030-06-15',
    });
    expect(buildRevisionSnapshot({ quote: quote({ depositKind: 'none', depositValue: null } as Partial<QuoteDetailView>), customer, agency, texts, language: 'en', templates: [] }).schedule).toBeNull();
  });

  it('copies no cost or margin into the snapshot, nor into what the public page reads of its lines', () => {
    const sut = buildRevisionSnapshot({ quote: offer(), customer, agency, texts, language: 'en', templates: [] });
    const frozen = JSON.stringify({ ...sut, items: sut.items.map(publicItemOf) });
    expect(frozen).not.toMatch(/1234|77\.77|22\.23|cost|margin/i);
  });

  it('reads a line frozen before optional lines and free places as neither', () => {
    const old = { ...revisionItem(item({}), undefined, 'it') } as Partial<RevisionItemView>;
    delete old.optional;
    delete old.freePlaces;
    expect(publicItemOf(old as RevisionItemView)).toMatchObject({ optional: false, freePlaces: 0 });
  });
});
