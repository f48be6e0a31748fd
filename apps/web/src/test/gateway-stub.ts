import type {
  RevisionItemView,
  AvailabilityView,
  ConsumptionView,
  CustomerView,
  DashboardView,
  PriceListView,
  ProductView,
  QuoteDetailView,
  QuoteItemView,
  QuoteLayoutView,
  QuoteTemplateView,
  QuoteView,
  TagView,
  TenantPublicView,
  TenantView,
  UserView,
  VatRateView,
} from '@quotebook/contracts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

type Reply = Response | Promise<Response>;
export type GatewayHandler = (request: RecordedRequest) => Reply | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The gateway's error body; `reason` is the stable domain reason (`USERNAME_TAKEN`) when the error has one. */
export function gatewayError(status: number, message: string | string[], error = 'Error', reason?: string): Response {
  return json({ statusCode: status, message, error, ...(reason ? { reason } : {}) }, status);
}

/**
 * Replaces `fetch` with a fake gateway: each request is recorded and answered by the first handler
 * that returns a response; anything unhandled is a 404 (and shows up in `requests`).
 */
export function stubGateway(...handlers: GatewayHandler[]): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: await request.text(),
    };
    requests.push(recorded);
    for (const handler of handlers) {
      const reply = handler(recorded);
      if (reply) return reply;
    }
    return gatewayError(404, `No stub for ${recorded.method} ${recorded.path}`, 'Not Found');
  }) as typeof fetch;
  return { requests };
}

export const on =
  (method: string, path: string, reply: (request: RecordedRequest) => Reply): GatewayHandler =>
  (request) =>
    request.method === method && request.path === path ? reply(request) : undefined;

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'user-1',
    username: 'mario',
    name: 'Mario Rossi',
    email: 'mario@sole.it',
    role: 'tenant_admin',
    tenantId: 'tenant-1',
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function aTenant(overrides: Partial<TenantView> = {}): TenantView {
  return {
    id: 'tenant-1',
    name: 'Agenzia Sole',
    keyword: 'sole',
    languages: ['it', 'en'],
    expiryDate: '2030-12-31',
    enabled: true,
    status: 'Active',
    logoUrl: null,
    companyName: null,
    address: null,
    country: null,
    city: null,
    postalCode: null,
    phone: null,
    mobile: null,
    referenceEmail: null,
    website: null,
    vatNumber: null,
    fiscalCode: null,
    costVisibleToUsers: true,
    balanceDueDaysDefault: 30,
    reaOffice: null,
    reaNumber: null,
    iban: null,
    regimeFiscale: 'RF01',
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** What the public by-keyword answer shows of a tenant. */
export function publicViewOf(tenant: TenantView): TenantPublicView {
  const { id, name, keyword, logoUrl, status, expiryDate } = tenant;
  return { id, name, keyword, logoUrl, status, expiryDate };
}

export function aPublicTenant(overrides: Partial<TenantPublicView> = {}): TenantPublicView {
  return { ...publicViewOf(aTenant()), ...overrides };
}

/** The gateway's two answers about an agency: the public view by keyword, the whole one by id. */
export function agencyRoutes(tenant: TenantView): GatewayHandler[] {
  return [
    on('GET', `/api/tenants/by-keyword/${tenant.keyword}`, () => json(publicViewOf(tenant))),
    on('GET', `/api/tenants/${tenant.id}`, () => json(tenant)),
  ];
}

export function aVatRate(overrides: Partial<VatRateView> = {}): VatRateView {
  return { id: 'vat-22', description: 'Aliquota ordinaria', rate: '22.00', createdAt: '2025-01-10T09:00:00.000Z', ...overrides };
}

export function aTag(overrides: Partial<TagView> = {}): TagView {
  return {
    id: 'tag-1',
    name: 'Arte e cultura',
    targetType: 'product',
    description: null,
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function aPriceList(overrides: Partial<PriceListView> = {}): PriceListView {
  return {
    id: 'pl-1',
    name: 'Scuole 2025',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    reductionAmount: null,
    reductionPercentage: '10.00',
    markupPercentage: null,
    isActive: true,
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function aPeriod(overrides: Partial<AvailabilityView> = {}): AvailabilityView {
  return {
    id: 'period-1',
    productId: 'product-1',
    startDate: '2025-04-01',
    endDate: '2025-06-30',
    hasMinParticipants: false,
    minParticipants: null,
    hasCostPerPerson: true,
    costPerPerson: '45.00',
    hasFlatRate: false,
    flatRate: null,
    hasAdditionalCosts: false,
    additionalCosts: null,
    priceIncludesVat: false,
    supplierCostPerPerson: null,
    supplierCostPerBooking: null,
    freePlacesEvery: null,
    freePlacesCount: null,
    ...overrides,
  };
}

export function aProduct(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: 'product-1',
    code: 'AB12CD',
    titles: { it: 'Tour del Colosseo', en: 'Colosseum Tour' },
    subtitles: {},
    shortDescriptions: {},
    extendedDescriptions: {},
    tagIds: [],
    durationHours: 2,
    durationMinutes: 30,
    vatRateId: null,
    availability: [],
    currentPrice: null,
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function aCustomer(overrides: Partial<CustomerView> = {}): CustomerView {
  return {
    id: 'customer-1',
    title: 'Spett.le',
    name: 'Scuola Dante Alighieri',
    email: 'segreteria@dante.it',
    phone: null,
    contact: null,
    address: null,
    country: null,
    city: null,
    postalCode: null,
    priceListId: null,
    vatNumber: null,
    sdi: null,
    pec: null,
    fiscalCode: null,
    language: 'it',
    tagIds: [],
    createdAt: '2025-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** A pending quote of Scuola Dante with one automatic item worth € 365,00 (none confirmed). */
export function aQuote(overrides: Partial<QuoteView> = {}): QuoteView {
  const id = overrides.id ?? 'quote-00000000a1b2c3';
  return {
    id,
    shortId: id.slice(-6).toUpperCase(),
    customerId: 'customer-1',
    customerName: 'Scuola Dante Alighieri',
    subject: 'Gita di primavera',
    serviceDate: '2025-05-15',
    expiryDate: '2025-06-14',
    bookingDateTime: null,
    actualServiceDateTime: null,
    status: 'pending',
    serviceStartTime: '2025-05-15T09:30:00',
    estimatedEndTime: null,
    serviceEndTime: null,
    serviceNotes: null,
    actualParticipants: 0,
    totalAmount: '365.00',
    netAmount: '299.18',
    vatAmount: '65.82',
    totalSetByHand: false,
    confirmedTotal: '0.00',
    // no number nor creator unless a test gives them: quotes from before they were recorded
    number: '',
    createdById: null,
    createdByName: null,
    unavailableItemCount: 0,
    emptyConfirmedItemCount: 0,
    confirmation: 'none',
    itemCount: 1,
    confirmedItemCount: 0,
    priceListId: null,
    priceListName: null,
    version: 3,
    // never sent to the customer unless a test says so
    latestRevision: null,
    lastSentAt: null,
    customerAnswer: null,
    // no supplier cost nor optional line unless a test gives them
    costTotal: null,
    marginTotal: null,
    marginPercent: null,
    optionalTotal: '0.00',
    // no deposit nor payment unless a test gives them: the balance is the total, due 30 days before the service
    depositKind: 'none',
    depositValue: null,
    balanceDueDays: null,
    depositAmount: '0.00',
    balanceAmount: '365.00',
    balanceDueDate: '2025-04-15',
    paidTotal: '0.00',
    dueTotal: '365.00',
    createdAt: '2025-04-01T08:00:00.000Z',
    updatedAt: '2025-04-01T08:00:00.000Z',
    ...overrides,
  };
}

export function aQuoteItem(overrides: Partial<QuoteItemView> = {}): QuoteItemView {
  return {
    id: 'item-1',
    quoteId: 'quote-00000000a1b2c3',
    productId: 'product-1',
    productCode: 'AB12CD',
    description: 'Tour del Colosseo',
    quantity: 4,
    unitPrice: '25.00',
    totalPrice: '365.00',
    computedPrice: '365.00',
    priceSource: 'auto',
    orderConfirmed: false,
    confirmedParticipants: 0,
    priceIncludesVat: false,
    vatRate: '22.00',
    vatLabel: '+ IVA 22%',
    priceListApplied: false,
    listPrice: null,
    availableOnServiceDate: true,
    minParticipants: null,
    chargedParticipants: 4,
    catalogueDescription: null,
    netPrice: '365.00',
    vatAmount: '80.30',
    grossPrice: '445.30',
    optional: false,
    cost: null,
    costSource: 'auto',
    freePlaces: 0,
    payingParticipants: 4,
    pricePerPerson: '111.33',
    margin: null,
    marginPercent: null,
    createdAt: '2025-04-01T08:00:00.000Z',
    ...overrides,
  };
}

export function aConsumption(overrides: Partial<ConsumptionView> = {}): ConsumptionView {
  return {
    id: 'consumption-1',
    quoteId: 'quote-00000000a1b2c3',
    productId: null,
    description: 'Pranzo al sacco',
    quantity: 12,
    unitValue: '8.50',
    totalValue: '102.00',
    consumedAt: '2025-05-15T13:00:00',
    ...overrides,
  };
}

/** A quote with its items and consumptions, as one quote is read. */
export function aQuoteDetail(overrides: Partial<QuoteDetailView> = {}): QuoteDetailView {
  return { ...aQuote(overrides), items: [aQuoteItem()], consumptions: [], ...overrides };
}

export function aDashboard(overrides: Partial<DashboardView> = {}): DashboardView {
  return { activeProducts: 7, totalCustomers: 12, quotesThisMonth: 3, revenueMtd: '1234.50', revenueMtdNet: '1011.89', recentQuotes: [], dueTotal: '0.00', ...overrides };
}

/** A page of a list the server pages: its rows, and how many match in all in `X-Total-Count`. */
export function pageOf(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json', 'X-Total-Count': String(total) } });
}

/** An active premessa of the agency, printed with the agency's header. */
export function aTemplate(overrides: Partial<QuoteTemplateView> = {}): QuoteTemplateView {
  return {
    id: 'template-1',
    templateType: 'premessa',
    title: 'Premessa standard',
    content: '<p>Gentile cliente, ecco la nostra proposta.</p>',
    translations: {},
    signatureImagePath: null,
    headerPrint: true,
    isActive: true,
    updatedAt: '2025-04-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The agency's default layout: the premessa, then the quote's table. */
export function aLayout(overrides: Partial<QuoteLayoutView> = {}): QuoteLayoutView {
  const { content: _content, translations: _translations, ...template } = aTemplate();
  return {
    id: 'layout-1',
    name: 'Standard',
    description: 'Premessa e tabella',
    isActive: true,
    isDefault: true,
    updatedAt: '2025-04-02T10:00:00.000Z',
    elements: [
      { id: 'element-1', elementType: 'template', templateId: template.id, sortOrder: 0, template },
      { id: 'element-2', elementType: 'quotes', templateId: null, sortOrder: 1, template: null },
    ],
    ...overrides,
  };
}

/** One line of a sent revision: 20 people at € 25 each, VAT 22 % included; override what a test needs. */
export function aRevisionItem(overrides: Partial<RevisionItemView> = {}): RevisionItemView {
  return {
    itemId: `item-${overrides.productId ?? 'product-1'}`,
    productId: 'product-1',
    productCode: 'AB12CD',
    title: 'Visita guidata',
    description: null,
    quantity: 20,
    chargedParticipants: 20,
    minParticipants: null,
    unitPrice: '25.00',
    netPrice: '409.84',
    vatAmount: '90.16',
    grossPrice: '500.00',
    vatRate: '22.00',
    vatLabel: 'IVA inclusa',
    listPrice: null,
    priceListApplied: false,
    orderConfirmed: false,
    availableOnServiceDate: true,
    optional: false,
    freePlaces: 0,
    ...overrides,
  };
}
