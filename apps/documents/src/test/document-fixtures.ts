import type { ConsumptionView, CustomerView, QuoteDetailView, QuoteItemView, TenantView } from '@quotebook/contracts';
import { quoteShortId, vatLabel } from '@quotebook/domain';
import { randomUUID } from 'node:crypto';

/** A quote as quoting answers QUOTES_GET; `items` and `consumptions` take partial rows. */
export function quoteFixture(
  tenantId: string,
  overrides: Partial<Omit<QuoteDetailView, 'items' | 'consumptions'>> & { items?: Partial<QuoteItemView>[]; consumptions?: Partial<ConsumptionView>[] } = {},
): QuoteDetailView {
  const id = overrides.id ?? randomUUID();
  const { items = [], consumptions = [], ...fields } = overrides;
  return {
    id,
    shortId: quoteShortId(id),
    customerId: randomUUID(),
    customerName: 'Cliente S.r.l.',
    subject: 'Gita in laguna',
    serviceDate: '2026-07-15',
    expiryDate: '2026-08-14',
    bookingDateTime: null,
    actualServiceDateTime: null,
    status: 'pending',
    serviceStartTime: '2026-07-15T09:30:00',
    estimatedEndTime: null,
    serviceEndTime: null,
    serviceNotes: null,
    actualParticipants: 0,
    totalAmount: '0.00',
    netAmount: '0.00',
    vatAmount: '0.00',
    totalSetByHand: false,
    confirmedTotal: '0.00',
    number: '2026/0001',
    createdById: null,
    createdByName: null,
    unavailableItemCount: 0,
    emptyConfirmedItemCount: 0,
    confirmation: 'none',
    itemCount: items.length,
    confirmedItemCount: 0,
    priceListId: null,
    priceListName: null,
    version: 1,
    createdAt: '2026-06-30T22:30:00.000Z',
    updatedAt: '2026-06-30T22:30:00.000Z',
    ...fields,
    items: items.map((item) => itemFixture(id, item)),
    consumptions: consumptions.map((consumption) => ({
      id: randomUUID(),
      quoteId: id,
      productId: null,
      description: 'Bevande',
      quantity: 1,
      unitValue: '1.00',
      totalValue: '1.00',
      consumedAt: '2026-07-15T12:00:00',
      ...consumption,
    })),
  };
}

function itemFixture(quoteId: string, item: Partial<QuoteItemView>): QuoteItemView {
  const priceIncludesVat = item.priceIncludesVat ?? false;
  const vatRate = item.vatRate === undefined ? '22.00' : item.vatRate;
  return {
    id: randomUUID(),
    quoteId,
    productId: randomUUID(),
    productCode: 'ABC123',
    description: 'Escursione',
    quantity: 1,
    unitPrice: '0.00',
    totalPrice: '100.00',
    computedPrice: '100.00',
    priceSource: 'auto',
    orderConfirmed: false,
    confirmedParticipants: 0,
    priceListApplied: false,
    listPrice: null,
    availableOnServiceDate: true,
    minParticipants: null,
    chargedParticipants: item.quantity ?? 1,
    catalogueDescription: null,
    netPrice: '0.00',
    vatAmount: '0.00',
    grossPrice: '0.00',
    createdAt: '2026-06-30T22:30:00.000Z',
    ...item,
    priceIncludesVat,
    vatRate,
    vatLabel: vatLabel(priceIncludesVat, vatRate),
  };
}

/** An agency as tenancy answers TENANTS_GET. */
export function agencyFixture(tenantId: string, overrides: Partial<TenantView> = {}): TenantView {
  return {
    id: tenantId,
    name: 'Agenzia Sole',
    keyword: 'sole',
    languages: ['it'],
    expiryDate: '2099-12-31',
    enabled: true,
    status: 'Active',
    logoUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    companyName: 'Sole Viaggi S.r.l.',
    address: 'Via Roma 1',
    country: 'Italia',
    city: 'Venezia',
    postalCode: '30100',
    phone: '041 123456',
    mobile: null,
    referenceEmail: 'info@sole.example',
    website: 'https://sole.example',
    vatNumber: 'IT01234567890',
    fiscalCode: null,
    ...overrides,
  };
}

/** A customer as the catalogue answers it. */
export function customerFixture(overrides: Partial<CustomerView> = {}): CustomerView {
  return {
    id: randomUUID(),
    title: 'Spett.le',
    name: 'Cliente S.r.l.',
    email: 'cliente@example.com',
    phone: null,
    contact: 'Mario Rossi',
    address: 'Via Verdi 2',
    country: 'Italia',
    city: 'Padova',
    postalCode: '35100',
    priceListId: null,
    vatNumber: 'IT09876543210',
    sdi: null,
    pec: null,
    language: 'it',
    tagIds: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
